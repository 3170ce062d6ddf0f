// Starts the service as a user would (`npm start`) in its own process group, and stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process group is gone. */
  readonly exited: Promise<number | null>;
  /** Signals the whole process group (npm, its shell and node), as a terminal's Ctrl-C would. */
  signal(signal: NodeJS.Signals): void;
  /** Signals only the node server at the bottom of `npm start`, as a process supervisor would. */
  signalServer(signal: NodeJS.Signals): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Spawns `npm start` (or another npm script); does not wait for readiness (see waitReady). */
export async function startServer(env: Record<string, string>, port?: number, script = 'start'): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: ROOT,
    // The shipped snapshot is off unless a test asks for it (SNAPSHOT): tests must not analyse it at every start.
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(chosen), LOG_LEVEL: 'warn', SNAPSHOT: 'off', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${chosen}`,
    child,
    output: () => output,
    exited,
    signal: (signal) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    },
    signalServer: (signal) => {
      const pid = serverDescendant(child.pid!);
      if (pid) process.kill(pid, signal);
    },
  };
}

/** The node process running the server (src/server.ts or its build) below `pid` (npm -> sh -> node; not the shell, not tsx's esbuild). */
function serverDescendant(pid: number): number | null {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    try {
      const argv = fs.readFileSync(`/proc/${current}/cmdline`, 'utf8').split('\0');
      if (path.basename(argv[0]) === 'node' && argv.some((arg) => /(^|\/)src\/server\.(ts|js)$/.test(arg))) return current;
    } catch {
      // exited meanwhile
    }
    queue.push(...(children.get(current) ?? []));
  }
  return null;
}

export async function waitReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  server.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(`${server.url}/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready: ${server.output()}`);
}

/** Stops the whole process group (npm, its shell and node) at teardown. */
export function stopAtTeardown(t: { teardown(fn: () => unknown): void }, server: ServerProcess): void {
  t.teardown(async () => {
    server.signal('SIGKILL');
    await server.exited;
  });
}
