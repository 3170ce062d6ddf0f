// The README's walk-through, run as a newcomer runs it: every command of its block, in order, in
// one shell, against a server just started with `npm start` on a new database (embedded, or a new
// PostgreSQL database when DATABASE_URL is set) with the default settings and limits (one
// registration per address). curl is made strict (`--fail-with-body`), so any answer
// of 4xx or 5xx stops the run and fails the test with the command that got it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { freshDatabaseEnv } from '../helpers/database.js';
import { startServer, stopAtTeardown, waitReady } from '../helpers/server-process.js';

t.setTimeout(180_000);

const README = path.resolve(import.meta.dirname, '../../README.md');
const MARKER = '<!-- walk-through:';

/** The commands of the fenced block after the walk-through marker, continuation lines joined. */
function walkthroughCommands(readme: string): string[] {
  const start = readme.indexOf(MARKER);
  if (start < 0) throw new Error('README.md has no walk-through marker');
  const fence = readme.indexOf('```sh\n', start);
  const end = readme.indexOf('\n```', fence + 6);
  const lines = readme.slice(fence + 6, end).split('\n');
  const commands: string[] = [];
  let current = '';
  for (const line of lines) {
    if (!current && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    current += (current ? '\n' : '') + line;
    if (!line.endsWith('\\')) {
      commands.push(current);
      current = '';
    }
  }
  return commands;
}

function runBash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

t.test('every command of the README walk-through works, in order, on a fresh start', async (t) => {
  const commands = walkthroughCommands(fs.readFileSync(README, 'utf8'));
  t.ok(commands.length >= 20, `the walk-through has its commands (${commands.length})`);
  t.match(commands.at(-1)!, /\/api\/agents\/me\/revoke/, 'revoking the key comes last');

  // A new database, embedded or PostgreSQL, with the defaults: the catalogue's providers are listed from the first answer.
  const env = { ...(await freshDatabaseEnv(t, { empty: true })), TRACK_INTERVAL: '0' };
  const server = await startServer(env);
  stopAtTeardown(t, server);
  await waitReady(server);

  // Each command is followed by a numbered marker; a failed command stops the script there.
  const script = [
    'set -euo pipefail',
    'curl() { command curl --fail-with-body --show-error "$@"; }',
    ...commands.flatMap((command, i) => [command, `echo; echo "@@done ${i + 1}"`]),
    'echo "@@key $KEY"',
  ].join('\n');
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-walkthrough-'));
  t.teardown(() => fs.rmSync(cwd, { recursive: true, force: true }));
  const { code, output } = await runBash(script, cwd, { BASE: server.url });

  const done = [...output.matchAll(/^@@done (\d+)$/gm)].map((m) => Number(m[1]));
  const failedAt = done.length + 1;
  t.equal(code, 0, code === 0 ? 'the walk-through ran' : `command ${failedAt} failed:\n${commands[failedAt - 1]}\n${output.slice(-2000)}`);
  t.same(
    done,
    commands.map((_, i) => i + 1),
    'every command ran, in order',
  );
  t.notMatch(output, /"error"/, 'no answer was an error');

  // The last key was replaced once and then revoked: it no longer works.
  const finalKey = /^@@key (svc_ak_\w+)$/m.exec(output)?.[1];
  t.ok(finalKey, 'the walk-through kept its replaced key');
  const me = await fetch(`${server.url}/api/agents/me`, { headers: { authorization: `Bearer ${finalKey}` } });
  t.equal(me.status, 401, 'the revoked key is refused');
  t.match(output, /"name":"My research agent"/, 'the agent registered in step 1 answered');
});
