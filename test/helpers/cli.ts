// Runs the tos-ratings command as a child process, for the CLI tests.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const TERMS = path.resolve(root, '../shared/terms/current');

/** The command through its bin entry; `viaNpx` as an operator types it (npx adds a second or two per call). */
export function cli(args: string[], env: Record<string, string> = {}, input?: string, viaNpx = false) {
  const [command, prefix] = viaNpx ? ['npx', ['--no-install', 'tos-ratings']] : [process.execPath, [path.join(root, 'scripts/tos-ratings.mjs')]];
  return spawnSync(command as string, [...(prefix as string[]), ...args], { cwd: root, env: { ...process.env, ...env }, input, encoding: 'utf8' });
}
