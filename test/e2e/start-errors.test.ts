// A server that cannot start says why in one line and exits 1: a DATABASE_URL that is no
// PostgreSQL URL, a role or a database that does not exist (never "migration  failed", never a
// stack trace, never the password). A database that cannot be reached is waited for instead
// (test/resilience/database-restart.test.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import t, { type Test } from 'tap';
import { freePort } from '../helpers/server-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = String(await freePort());
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: port, TRACK_INTERVAL: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function oneLine(t: Test, { code, output }: { code: number | null; output: string }, message: RegExp): void {
  t.equal(code, 1, `exit code 1: ${output}`);
  t.equal(output.trim().split('\n').length, 1, `one line: ${output}`);
  t.match(output.trim(), message);
  t.notMatch(output, /\n\s+at |migration {2}failed|secret-password/, 'no stack trace, no empty migration name, no password');
}

t.test('a DATABASE_URL that is no PostgreSQL URL', async (t) => {
  oneLine(
    t,
    await start({ DATABASE_URL: 'not a url' }),
    /^tos-ratings: DATABASE_URL must be a PostgreSQL URL such as postgres:\/\/\S+, got something that is not a URL$/,
  );
  oneLine(t, await start({ DATABASE_URL: 'mysql://root:secret-password@127.0.0.1/tos' }), /got a mysql: URL$/);
});

const base = process.env.DATABASE_URL;

t.test('a role or a database that does not exist', { skip: !base && 'needs PostgreSQL' }, async (t) => {
  const noRole = new URL(base!);
  [noRole.username, noRole.password] = ['no_such_role_42', 'secret-password'];
  oneLine(
    t,
    await start({ DATABASE_URL: noRole.toString() }),
    /^tos-ratings: cannot start on the PostgreSQL database postgres:\/\/no_such_role_42:\*\*\*@.*: .*role "no_such_role_42" does not exist$/,
  );
  const noDatabase = new URL(base!);
  noDatabase.pathname = '/no_such_database_42';
  oneLine(t, await start({ DATABASE_URL: noDatabase.toString() }), /database "no_such_database_42" does not exist$/);
});
