// Child processes of the benchmark: the real server and the bare yardsticks, each on its own
// port, with peak memory read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Child {
  readonly url: string;
  readonly pid: number;
  readonly process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
  /** Peak resident memory so far (VmHWM), in MiB. */
  peakRssMiB(): number;
  /** Current resident memory (VmRSS), in MiB. */
  rssMiB(): number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real server as production runs it (`npm run build` output, no TypeScript loader), with
 * `env` on top of ours; `nodeArgs` (such as --cpu-prof) go to node; `distDir` is another build
 * to run instead (bench-ab.ts), relative to the project root. Tracking and the shipped snapshot are
 * off unless `env` turns them on: analysing 333 documents in the background would load the request
 * path under measure (an A/B of a build with the snapshot against one without measured that).
 */
export async function startServer(env: Record<string, string>, nodeArgs: string[] = [], distDir = 'dist'): Promise<Child> {
  const port = await freePort();
  return startChild(
    [...nodeArgs, `${distDir}/src/server.js`],
    { HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', TRACK_INTERVAL: '0', SNAPSHOT: 'off', ...env },
    port,
  );
}

export type BareKind = 'fastify' | 'http';
export const BARE_LABELS: Record<BareKind, string> = { fastify: 'bare Fastify', http: 'bare node:http' };

/** A yardstick serving the captured bytes: bare-fastify.mjs or bare-http.mjs. */
export async function startBare(kind: BareKind, responsesFile: string): Promise<Child> {
  const port = await freePort();
  return startChild([`scripts/bench/bare-${kind}.mjs`, responsesFile, String(port)], {}, port);
}

async function startChild(args: string[], env: Record<string, string>, port: number): Promise<Child> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} not ready:\n${output}`);
    try {
      if ((await fetch(`${url}/ready`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const status = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  };
  return {
    url,
    pid: child.pid!,
    process: child,
    output: () => output,
    peakRssMiB: () => status('VmHWM'),
    rssMiB: () => status('VmRSS'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
