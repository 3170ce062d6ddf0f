// Runs the tos-ratings command as a child process, for the CLI tests.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const TERMS = path.resolve(root, '../shared/terms/current');

/** The command through its bin entry; `viaNpx` as an operator types it (npx adds a second or two per call). */
export function cli(args: string[], env: Record<string, string> = {}, input?: string, viaNpx = false) {
  const [command, prefix] = viaNpx ? ['npx', ['--no-install', 'tos-ratings']] : [process.execPath, [path.join(root, 'scripts/tos-ratings.mjs')]];
  return spawnSync(command as string, [...(prefix as string[]), ...args], { cwd: root, env: { ...process.env, ...env }, input, encoding: 'utf8' });
}

/** The same, without blocking this process: for commands that talk to a server the test itself runs. */
export function cliAsync(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/tos-ratings.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
