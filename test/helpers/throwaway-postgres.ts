// A throwaway PostgreSQL cluster of its own (initdb into a temporary directory, its own port),
// for tests that stop and restart the database: the machine's PostgreSQL on 5432 is shared and
// never stopped. Run as the `postgres` user when the tests run as root (initdb refuses root).
// `throwawayPostgres` returns null where initdb or that user is missing: such tests skip.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ThrowawayPostgres {
  readonly url: string;
  start(): void;
  /** `fast` (what `systemctl restart` does): sessions are terminated, then the server stops. */
  stop(): void;
  running(): boolean;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
}

/** Why such tests cannot run here, or null when they can. */
export function throwawayPostgresMissing(): string | null {
  if (!binDir()) return 'initdb not found under /usr/lib/postgresql';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'no postgres user to run initdb as';
    }
  }
  return null;
}

export function throwawayPostgres(t: { teardown(fn: () => unknown): void }, port: number): ThrowawayPostgres | null {
  const bin = binDir();
  if (!bin || throwawayPostgresMissing()) return null;
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-pg-'));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const run = (program: string, args: string[]) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
    return execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir }).toString();
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const cluster: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => void run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: () => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    running: () => fs.existsSync(path.join(data, 'postmaster.pid')),
  };
  t.teardown(() => {
    if (cluster.running()) cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return cluster;
}
