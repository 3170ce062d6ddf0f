// The CLI beside a running server (`npm start`): on the embedded database, which one process
// only may open, commands go through the server's admin API (found through DATA_DIR, with
// ADMIN_TOKEN); with TOS_RATINGS_URL they go to that server; every failure is one clear line on
// stderr with a non-zero exit code, never a stack trace.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { freshDatabaseEnv } from '../helpers/database.js';
import { cli, TERMS } from '../helpers/cli.js';
import { startServer, stopAtTeardown, waitReady } from '../helpers/server-process.js';

const ADMIN_TOKEN = 'cli-beside-server-token-0123456789';
// Two servers and some twenty CLI processes (each loads TypeScript through tsx): more than the
// suite's default 120 s when the machine is busy.
t.setTimeout(300_000);
const embedded = !process.env.DATABASE_URL;

/** One line on stderr (after the line that names the server or database, once one was reached), a non-zero code, no stack trace. */
function oneLineFailure(t: Test, res: ReturnType<typeof cli>, message: RegExp): void {
  t.not(res.status, 0, `exit code ${res.status}`);
  const lines = res.stderr
    .trim()
    .split('\n')
    .filter((line, i) => !(i === 0 && line.startsWith('tos-ratings: using ')));
  t.equal(lines.length, 1, `one line: ${res.stderr}`);
  t.match(lines[0], /^tos-ratings: /);
  t.match(lines[0], message);
  t.notMatch(res.stderr, /\n\s+at /, 'no stack trace');
}

t.test('ingest and friends while the server runs', { skip: !fs.existsSync(TERMS) && 'shared/terms is absent' }, async (t) => {
  const env = { ...(await freshDatabaseEnv(t)), SEED_DEMO: 'false', TRACK_INTERVAL: '0' };
  const server = await startServer({ ...env, ADMIN_TOKEN });
  stopAtTeardown(t, server);
  await waitReady(server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beside-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const name of ['Reddit.md', 'Telegram.md']) fs.copyFileSync(path.join(TERMS, name), path.join(dir, name));

  if (embedded) {
    const refused = cli(['ingest', '--dir', dir], env);
    oneLineFailure(t, refused, /held by a running server .*ADMIN_TOKEN/);
  }
  const ingested = cli(['ingest', '--dir', dir], { ...env, ADMIN_TOKEN });
  t.equal(ingested.status, 0, ingested.stderr);
  t.same(
    ingested.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .map((l) => [l.provider, l.status]),
    [
      ['reddit.com', 'analysed'],
      ['telegram.org', 'analysed'],
    ],
  );
  t.match(
    ingested.stderr.split('\n')[0],
    embedded ? `tos-ratings: using the server at ${server.url}` : /^tos-ratings: using the PostgreSQL database postgres:\/\//,
    'the first line names where',
  );
  const api = { TOS_RATINGS_URL: server.url, ADMIN_TOKEN };
  const listed = await (await fetch(`${server.url}/api/admin/providers/reddit.com/clauses`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json();
  t.ok(listed.clauses.length > 5, 'the server holds what the CLI ingested');
  const clauses = cli(['clauses', 'reddit.com'], api);
  t.equal(clauses.status, 0, clauses.stderr);
  t.equal(JSON.parse(clauses.stdout).clauses.length, listed.clauses.length);
  t.equal(cli(['verify', String(listed.clauses[0].id)], api).status, 0);
  const tracked = cli(['track', 'reddit.com'], { ...env, ADMIN_TOKEN });
  const report = JSON.parse(tracked.stdout.trim());
  t.match(report, { slug: 'reddit.com' }, 'a pass for one provider, run by the server (offline here: its error is recorded)');
  t.equal(tracked.status, report.outcome === 'failed' ? 1 : 0, `exit 1 only when nothing could be fetched: ${tracked.stderr}`);
  if (report.outcome === 'failed') t.match(tracked.stderr, /\n1 of 1 failed on [^:]+: .+\n$/, 'with the likely cause');
  const tracking = cli(['tracking', 'reddit.com'], { ...env, ADMIN_TOKEN });
  t.equal(tracking.status, 0, tracking.stderr);
  t.match(tracking.stderr, /\d+ tracked, 2 analysed/);
  t.match(JSON.parse(tracking.stdout.trim()), { slug: 'reddit.com', source: 'catalogue', analysed: true });

  oneLineFailure(t, cli(['verify', '99999999'], api), /no clause with id 99999999/);
  oneLineFailure(t, cli(['clauses', 'nope.test'], api), /no provider with slug "nope.test"/);
  oneLineFailure(t, cli(['submit', 'reddit.com', path.join(dir, 'missing.md')], api), /cannot read .*missing.md: no such file \(ENOENT\)/);
  oneLineFailure(t, cli(['seed'], { ...api, ADMIN_TOKEN: 'wrong-token-wrong-token-wrong' }), /missing or wrong admin token/);
  oneLineFailure(t, cli(['seed'], { TOS_RATINGS_URL: 'http://127.0.0.1:1', ADMIN_TOKEN }), /cannot reach the server at http:\/\/127\.0\.0\.1:1/);
  oneLineFailure(t, cli(['ingest', '--dir', path.join(dir, 'nope')], api), /cannot read directory/);
  oneLineFailure(t, cli(['provider', 'add', '--slug', 'Bad Slug', '--name', 'x', '--domain', 'x.com', '--tos-url', 'https://x.com/t'], api), /body\.slug/);
  oneLineFailure(t, cli(['tracking', '--bogus'], api), /Unknown option '--bogus'/);
  oneLineFailure(t, cli(['seed'], { ...env, ADMIN_TOKEN: 'short' }), /ADMIN_TOKEN must be at least 24 characters/);

  // Beside the running server, without its DATA_DIR or DATABASE_URL: no second database, and why.
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'beside-elsewhere-'));
  t.teardown(() => fs.rmSync(elsewhere, { recursive: true, force: true }));
  const astray = { DATABASE_URL: '', DATA_DIR: elsewhere, PORT: new URL(server.url).port, ADMIN_TOKEN: '' };
  const answersAt = new RegExp(
    `no database in DATA_DIR ${elsewhere}, and a ToS Ratings server answers at ${server.url.replace(/[.]/g, '\\.')}: .*TOS_RATINGS_URL=`,
  );
  oneLineFailure(t, cli(['seed'], astray), answersAt);
  const astrayList = cli(['catalogue'], astray);
  t.equal(astrayList.status, 0, 'the catalogue is listed all the same');
  t.match(astrayList.stderr, answersAt, 'without outcomes, saying why');
  t.notMatch(astrayList.stdout, /never fetched/, 'never "never fetched" from a database made up for it');
  t.same(fs.readdirSync(elsewhere), [], 'no database made beside the running server');
});

t.test('a server without the admin API says so', { skip: embedded && 'on the embedded database a server always has a local admin token' }, async (t) => {
  const env = { ...(await freshDatabaseEnv(t)), SEED_DEMO: 'false', TRACK_INTERVAL: '0' };
  const server = await startServer(env);
  stopAtTeardown(t, server);
  await waitReady(server);
  oneLineFailure(t, cli(['seed'], { TOS_RATINGS_URL: server.url, ADMIN_TOKEN }), /has no admin API/);
});

t.test('beside a plain `npm start` (no ADMIN_TOKEN) the CLI just works', { skip: !embedded && 'the local token is for the embedded database' }, async (t) => {
  const env = { ...(await freshDatabaseEnv(t)), SEED_DEMO: 'false', TRACK_INTERVAL: '0', FETCH_ALLOW_PRIVATE: 'true' };
  const server = await startServer(env);
  stopAtTeardown(t, server);
  await waitReady(server);
  const tokenFile = path.join((env as Record<string, string>).DATA_DIR!, 'admin-token');
  t.equal(fs.statSync(tokenFile).mode & 0o777, 0o600, 'the local admin token is readable by its owner only');
  const token = fs.readFileSync(tokenFile, 'utf8').trim();
  t.ok(token.length >= 24);
  const adminApi = await fetch(`${server.url}/api/admin/tracking`, { headers: { authorization: `Bearer ${token}` } });
  t.equal(adminApi.status, 200, 'the token opens the admin API');
  t.equal((await fetch(`${server.url}/api/admin/tracking`)).status, 401, 'and nothing else does');

  // A provider whose terms cannot be fetched (a closed loopback port): track fails, and says why.
  const added = cli(['provider', 'add', '--slug', 'closed.test', '--name', 'Closed', '--domain', 'closed.test', '--tos-url', 'http://127.0.0.1:1/terms'], env);
  t.equal(added.status, 0, `no ADMIN_TOKEN needed: ${added.stderr}`);
  const tracked = cli(['track', 'closed.test'], env);
  t.equal(tracked.status, 1, 'nothing could be fetched: exit 1');
  t.match(tracked.stderr.trim().split('\n').at(-1), /^1 of 1 failed on the connection: is a firewall or proxy in the way\?$/);

  const listed = cli(['catalogue'], env);
  t.equal(listed.status, 0, listed.stderr);
  const lines = listed.stdout.trim().split('\n');
  t.ok(lines.length >= 50, `the catalogue is listed (${lines.length} entries)`);
  t.match(
    lines.find((l) => l.includes('(reddit.com)')),
    /^Reddit \(reddit\.com\) {2}https:\/\/\S+ {2}never fetched$/,
  );
  t.match(listed.stderr, /entries: 0 fetched last time, 0 failed, \d+ never fetched/);

  server.signalServer('SIGTERM');
  await server.exited;
  t.notOk(fs.existsSync(tokenFile), 'the token file goes with the server');
});
