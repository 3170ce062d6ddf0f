// Stored analyses follow the analyzer: a version analysed by another analyzer version is analysed
// again once (clauses still listed take the new analysis, unverified ones no longer listed are
// removed, verified and edited ones keep their reviewed wording, no change record), and two
// passes at once (two connections pools, as two processes) apply it once. Both databases.
import t from 'tap';
import type { Kysely } from 'kysely';
import { ANALYZER_VERSION, overallRating } from '../../src/analysis/index.js';
import { ratingInputs } from '../../src/repositories/clauses.js';
import { inProcessAnalyzer } from '../../src/analysis-pool/index.js';
import { openDatabase } from '../../src/db/connect.js';
import type { Database } from '../../src/db/schema.js';
import { editClause, ingestDocument, reanalyseStale, verifyClause } from '../../src/ingest/index.js';
import { createProvider } from '../../src/repositories/provider-admin.js';
import { freshDatabase } from '../helpers/database.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

const TERMS = `# Terms of Service

1. We may suspend or terminate your account at any time, for any reason, without notice.

2. We may change these Terms at any time by posting the revised Terms on this page, and your continued use of the service means you accept them.

3. Any dispute arising out of these Terms shall be resolved by binding arbitration, and you waive any right to participate in a class action.

4. You may cancel your subscription at any time from your account settings.

5. You may export your playlists at any time from your account settings.

6. These Terms are governed by the laws of the State of California.
`;
// Sentences in the user's favour: an older analyzer listed such clauses; this one does not.
const RIGHT_UNVERIFIED = '4. You may cancel your subscription at any time from your account settings.';
const RIGHT_VERIFIED = '5. You may export your playlists at any time from your account settings.';

const { handle, env } = await freshDatabase(t);
const db = handle.db;

async function provider(slug: string): Promise<number> {
  const created = await createProvider(db, { slug, name: slug, domain: slug, description: '', tos_url: `https://${slug}/terms`, is_active: true });
  return created!.id;
}

async function current(providerId: number) {
  return db.selectFrom('clauses').selectAll().where('provider_id', '=', providerId).where('removed_at', 'is', null).orderBy('position').execute();
}

/** What an older analyzer left behind: an unstamped version, stale wording, and clauses this analyzer does not list. */
async function makeStale(providerId: number, versionId: number): Promise<void> {
  await db.updateTable('document_versions').set({ analyzer_version: null }).where('id', '=', versionId).execute();
  await db
    .updateTable('clauses')
    .set({ plain_english: 'The provider can change the service.', party: 'provider', confidence: 'high' })
    .where('provider_id', '=', providerId)
    .execute();
  const start = (quote: string) => TERMS.indexOf(quote);
  await db
    .insertInto('clauses')
    .values(
      [RIGHT_UNVERIFIED, RIGHT_VERIFIED].map((quote) => ({
        provider_id: providerId,
        title: 'Termination',
        clause_text: quote,
        plain_english: 'The provider can end this contract at any time.',
        severity: 'high' as const,
        category: 'unilateral-termination',
        categories: JSON.stringify(['unilateral-termination']),
        ai_rating: 7,
        is_verified: quote === RIGHT_VERIFIED,
        position: start(quote),
        document_version_id: versionId,
        start_offset: start(quote),
        end_offset: start(quote) + quote.length,
      })),
    )
    .execute();
}

t.test('ingestion stores party and confidence and stamps the analyzer version', async (t) => {
  const id = await provider('fresh.test');
  const result = await ingestDocument(db, inProcessAnalyzer, id, TERMS, 'markdown');
  const version = await db.selectFrom('document_versions').selectAll().where('id', '=', result.versionId).executeTakeFirstOrThrow();
  t.equal(version.analyzer_version, ANALYZER_VERSION);
  const clauses = await current(id);
  t.ok(clauses.length >= 3, `${clauses.length} clauses`);
  t.ok(
    clauses.every((c) => ['provider', 'user', 'third-party'].includes(c.party) && ['high', 'low'].includes(c.confidence)),
    'each clause has a party and a confidence',
  );
  t.notOk(
    clauses.some((c) => c.clause_text === RIGHT_UNVERIFIED),
    'the user’s right is not listed',
  );
  t.same(await reanalyseStale(db, inProcessAnalyzer), [], 'nothing is stale after ingestion');
});

t.test('a stale version is re-analysed once; reviewed clauses keep their wording', async (t) => {
  const id = await provider('stale.test');
  const { versionId } = await ingestDocument(db, inProcessAnalyzer, id, TERMS, 'markdown');
  const fresh = await current(id);
  const changesBefore = await db.selectFrom('provider_changes').select('id').where('provider_id', '=', id).execute();
  await makeStale(id, versionId);
  const stale = await current(id);
  const edited = stale.find((c) => c.category === 'arbitration')!;
  await editClause(db, edited.id, { plain_english: 'Reviewed: disputes go to an arbitrator.' });
  const verified = stale.find((c) => c.category === 'choice-of-law')!;
  await verifyClause(db, verified.id);
  await db.updateTable('providers').set({ overall_rating: 1 }).where('id', '=', id).execute(); // a figure the pass must replace

  const report = (await reanalyseStale(db, inProcessAnalyzer)).filter((p) => p.providerId === id);
  t.equal(report.length, 1, 'one provider re-analysed');
  t.match(report[0], { slug: 'stale.test', versionId, outcome: 'reanalysed', added: 0, removed: 1 });

  const after = await current(id);
  const byQuote = new Map(after.map((c) => [c.clause_text, c]));
  t.notOk(byQuote.has(RIGHT_UNVERIFIED), 'an unverified clause no longer listed is removed');
  const removed = await db.selectFrom('clauses').selectAll().where('clause_text', '=', RIGHT_UNVERIFIED).executeTakeFirstOrThrow();
  t.ok(removed.removed_at, 'kept as a removed row');
  t.ok(byQuote.has(RIGHT_VERIFIED), 'a verified clause no longer listed is kept');
  t.equal(byQuote.get(RIGHT_VERIFIED)!.plain_english, 'The provider can end this contract at any time.', 'with its reviewed text');
  t.equal(byQuote.get(RIGHT_VERIFIED)!.is_verified, true);
  t.equal(byQuote.get(edited.clause_text)!.plain_english, 'Reviewed: disputes go to an arbitrator.', 'an edited clause keeps its edit');
  t.equal(byQuote.get(verified.clause_text)!.plain_english, 'The provider can change the service.', 'a verified clause keeps its wording');
  for (const clause of fresh.filter((c) => c.id !== edited.id && c.id !== verified.id)) {
    t.equal(byQuote.get(clause.clause_text)?.plain_english, clause.plain_english, `stale wording replaced: ${clause.title}`);
    t.equal(byQuote.get(clause.clause_text)?.id, clause.id, 'on the same clause (same id)');
  }
  const version = await db.selectFrom('document_versions').select('analyzer_version').where('id', '=', versionId).executeTakeFirstOrThrow();
  t.equal(version.analyzer_version, ANALYZER_VERSION, 'the version is stamped');
  const changesAfter = await db.selectFrom('provider_changes').select('id').where('provider_id', '=', id).execute();
  t.equal(changesAfter.length, changesBefore.length, 'no change record: the terms did not change');
  const ratingAfter = (await db.selectFrom('providers').select('overall_rating').where('id', '=', id).executeTakeFirstOrThrow()).overall_rating;
  t.equal(ratingAfter, overallRating(await ratingInputs(db, id)), 'the overall rating is derived again from the current clauses');
  t.not(ratingAfter, 1);

  t.same(await reanalyseStale(db, inProcessAnalyzer), [], 'a second pass finds nothing to do');
  t.same(
    (await current(id)).map((c) => [c.id, c.plain_english]),
    after.map((c) => [c.id, c.plain_english]),
    'and changes nothing',
  );
});

t.test(
  'two passes at once (two connection pools) apply a stale version once',
  { skip: !env.DATABASE_URL && 'PostgreSQL only: PGlite is one process' },
  async (t) => {
    const second = await openDatabase({ databaseUrl: env.DATABASE_URL!, dataDir: env.DATA_DIR! });
    t.teardown(() => second.close());
    const ids: number[] = [];
    for (let n = 0; n < 4; n++) {
      const id = await provider(`race${n}.test`);
      const { versionId } = await ingestDocument(db, inProcessAnalyzer, id, TERMS, 'markdown');
      // Stale and stripped of its clauses, so that a pass applied twice would insert each one twice.
      await db.deleteFrom('clauses').where('provider_id', '=', id).execute();
      await db.updateTable('document_versions').set({ analyzer_version: 'older' }).where('id', '=', versionId).execute();
      ids.push(id);
    }
    const reports = await Promise.all([reanalyseStale(db, inProcessAnalyzer), reanalyseStale(second.db as Kysely<Database>, inProcessAnalyzer)]);
    const outcomes = reports.flat().filter((p) => ids.includes(p.providerId));
    for (const id of ids) {
      t.equal(outcomes.filter((p) => p.providerId === id && p.outcome === 'reanalysed').length, 1, `provider ${id} re-analysed by one pass`);
      const clauses = await current(id);
      t.equal(new Set(clauses.map((c) => c.clause_text)).size, clauses.length, 'no clause twice');
      t.ok(clauses.length >= 3, `${clauses.length} clauses`);
    }
  },
);

// Last: the server closes the database it was given.
t.test('a server re-analyses stale versions once it listens, without holding up /ready', async (t) => {
  const id = await provider('at-start.test');
  const { versionId } = await ingestDocument(db, inProcessAnalyzer, id, TERMS, 'markdown');
  await db.updateTable('document_versions').set({ analyzer_version: 'older' }).where('id', '=', versionId).execute();
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', TRACK_INTERVAL: '0', ...env }), { database: handle });
  t.teardown(() => app.close());
  t.equal((await app.inject('/ready')).statusCode, 200, 'ready before listening: the pass does not block it');
  const stamp = async () =>
    (await db.selectFrom('document_versions').select('analyzer_version').where('id', '=', versionId).executeTakeFirstOrThrow()).analyzer_version;
  t.equal(await stamp(), 'older', 'nothing runs before the server listens');
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Wait for the background pass (a condition, not a time: bounded by the file's timeout).
  while ((await stamp()) !== ANALYZER_VERSION) await new Promise((resolve) => setTimeout(resolve, 50));
  t.pass('stamped with the current analyzer version');
});
