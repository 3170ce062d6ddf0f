// `tos-ratings reanalyse` on the database directly: a version an older analyzer analysed is
// analysed again once; a second run finds nothing. `clauses` shows each clause's party and confidence.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { openDatabase } from '../../src/db/connect.js';
import { freshDatabaseEnv } from '../helpers/database.js';
import { cli } from '../helpers/cli.js';

t.setTimeout(300_000);

const TERMS = `# Terms

We may suspend or terminate your account at any time, for any reason, without notice.

Any dispute arising out of these Terms shall be resolved by binding arbitration, and you waive any right to participate in a class action.

These Terms are governed by the laws of the State of California.
`;

t.test('reanalyse: once per stale version, then nothing', async (t) => {
  const env: Record<string, string> = { ...(await freshDatabaseEnv(t)), SEED_DEMO: 'false' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reanalyse-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'terms.md'), TERMS);
  const add = cli(['provider', 'add', '--slug', 'stale.test', '--name', 'Stale', '--domain', 'stale.test', '--tos-url', 'https://stale.test/terms'], env);
  t.equal(add.status, 0, add.stderr);
  const submit = cli(['submit', 'stale.test', path.join(dir, 'terms.md')], env);
  t.equal(submit.status, 0, submit.stderr);

  const { clauses } = JSON.parse(cli(['clauses', 'stale.test'], env).stdout);
  t.ok(clauses.length >= 2, `${clauses.length} clauses`);
  for (const c of clauses) t.match(c, { party: /^(provider|user|third-party)$/, confidence: /^(high|low)$/, edited_at: null });

  const fresh = cli(['reanalyse'], env);
  t.equal(fresh.status, 0, fresh.stderr);
  t.equal(fresh.stdout, '', 'nothing stale after ingestion');

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL ?? null, dataDir: env.DATA_DIR! });
  await database.db.updateTable('document_versions').set({ analyzer_version: 'older' }).execute();
  await database.db.updateTable('clauses').set({ plain_english: 'Stale wording.' }).execute();
  await database.close();

  const first = cli(['reanalyse'], env);
  t.equal(first.status, 0, first.stderr);
  t.same(
    first.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l)),
    [{ slug: 'stale.test', outcome: 'reanalysed', kept: clauses.length, refreshed: clauses.length, added: 0, removed: 0 }],
  );
  t.match(first.stderr, /1 provider\(s\) re-analysed/);
  const after = JSON.parse(cli(['clauses', 'stale.test'], env).stdout).clauses;
  t.same(
    after.map((c: any) => c.plain_english),
    clauses.map((c: any) => c.plain_english),
    'the analyzer’s wording is back',
  );

  const second = cli(['reanalyse'], env);
  t.equal(second.status, 0, second.stderr);
  t.equal(second.stdout, '', 'a second run finds nothing');
  t.match(second.stderr, /0 provider\(s\) re-analysed/);
});
