// The tos-ratings database commands against a fresh database: ingest --dir (with its progress
// bar), clauses, verify, clause edit, protections, opinions. A file of its own: each command
// opens the database, which takes seconds on PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { freshDatabaseEnv } from '../helpers/database.js';
import { cli, TERMS } from '../helpers/cli.js';

// About sixteen CLI processes, each loading TypeScript and opening the database: past the suite's
// default 120 s on a busy machine (93 s measured under a load of 12 on 2 cores).
t.setTimeout(300_000);

t.test('ingest --dir, then submit, clauses, verify', { skip: !fs.existsSync(TERMS) && 'shared/terms is absent' }, async (t) => {
  const env = await freshDatabaseEnv(t);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const name of ['Reddit.md', 'Spotify.md']) fs.copyFileSync(path.join(TERMS, name), path.join(dir, name));
  const res = cli(['ingest', '--dir', dir], { ...env, SEED_DEMO: 'false' });
  t.equal(res.status, 0, res.stderr);
  t.match(res.stderr, /2\/2/, 'progress bar');
  const lines = res.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  t.same(
    lines.map((l) => [l.provider, l.status]),
    [
      ['reddit.com', 'analysed'],
      ['spotify.com', 'analysed'],
    ],
  );
  t.ok(lines.every((l) => l.appeared > 5));
  const again = cli(['ingest', '--dir', dir], env);
  t.ok(
    again.stdout
      .trim()
      .split('\n')
      .every((l) => JSON.parse(l).status === 'unchanged'),
    'a second ingest is a no-op',
  );
  const listed = cli(['clauses', 'reddit.com'], env);
  const { clauses } = JSON.parse(listed.stdout);
  t.ok(clauses.length > 5);
  const verified = cli(['verify', String(clauses[0].id)], env);
  t.equal(verified.status, 0, verified.stderr);
  const unknown = cli(['verify', '99999999'], env);
  t.equal(unknown.status, 1);
  t.match(unknown.stderr, /no clause/);
  const bad = cli(['provider', 'add', '--slug', 'Bad Slug', '--name', 'x', '--domain', 'x', '--tos-url', 'https://x'], env);
  t.equal(bad.status, 1);
  const edited = cli(['clause', 'edit', String(clauses[0].id), '--title', 'Reviewed title', '--severity', 'low'], env);
  t.equal(edited.status, 0, edited.stderr);
  t.equal(JSON.parse(cli(['clauses', 'reddit.com'], env).stdout).clauses.find((c: any) => c.id === clauses[0].id).title, 'Reviewed title');
  t.equal(cli(['clause', 'edit', String(clauses[0].id), '--severity', 'dire'], env).status, 1);
  const guides = path.join(dir, 'guides.json');
  fs.writeFileSync(guides, JSON.stringify([{ title: 'Export', description: 'Keep a copy.', impact: 'high', steps: ['Open settings', 'Export'] }]));
  t.equal(cli(['protections', 'reddit.com', guides], env).status, 0);
  fs.writeFileSync(guides, JSON.stringify([{ title: 'Bad', impact: 'huge' }]));
  t.equal(cli(['protections', 'reddit.com', guides], env).status, 1, 'invalid guides change nothing');
  const opinions = cli(['opinions', 'reddit.com'], env);
  t.equal(opinions.status, 0);
  t.equal(opinions.stdout.trim(), '', 'no opinions yet');
});
