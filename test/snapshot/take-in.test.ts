// The shipped snapshot taken in as real versions (issue 45): by content hash, so that a second
// pass or a second process at once never doubles a version; credited with its recorded date;
// non-English terms marked, not rated; and a text the tracker reads later becomes the current
// version, its difference from the snapshot an ordinary change record, after which the snapshot
// is never taken in over it again.
import t from 'tap';
import { freshDatabase } from '../helpers/database.js';
import { smallSnapshot, ENGLISH_TERMS } from '../helpers/small-snapshot.js';
import { inProcessAnalyzer } from '../../src/analysis-pool/index.js';
import { ingestDocument } from '../../src/ingest/index.js';
import { syncCatalogue } from '../../src/repositories/tracking.js';
import { declarationOf, loadCatalogue } from '../../src/tracker/catalogue.js';
import { Snapshot, snapshotTakeIn } from '../../src/snapshot/index.js';

const silent = { info() {}, warn() {}, error() {} };

t.test('taken in once, credited, languages marked; the live page then becomes current', async (t) => {
  const { handle } = await freshDatabase(t);
  const db = handle.db;
  const files = smallSnapshot(t);
  await syncCatalogue(db, loadCatalogue(files.catalogue).map(declarationOf));
  const snapshot = Snapshot.open(files.manifest);
  const pass = () => {
    const work = snapshotTakeIn({ db, analyzer: inProcessAnalyzer, snapshot, log: silent, concurrency: 2 });
    work.start();
    return work.done!;
  };
  // Two processes at once, then a restart: one version per provider.
  const [a, b] = await Promise.all([pass(), pass()]);
  t.equal(a.analysed + b.analysed, 2, 'each document analysed by one of the two');
  t.equal(a.failed + b.failed, 0);
  t.match(await pass(), { total: 0, analysed: 0 }, 'a restart finds nothing to take in');
  const versions = await db
    .selectFrom('document_versions as d')
    .innerJoin('providers as p', 'p.id', 'd.provider_id')
    .select(['p.slug', 'd.origin', 'd.recorded_at', 'd.language', 'd.is_english', 'd.archive_collection'])
    .orderBy('p.slug')
    .execute();
  t.equal(versions.length, 2);
  t.match(versions[0], { slug: 'english.test', origin: 'snapshot', language: 'en', is_english: true, archive_collection: 'contrib' });
  t.equal(new Date(versions[0]!.recorded_at!).toISOString(), '2026-08-22T10:00:00.000Z');
  t.match(versions[1], { slug: 'french.test', origin: 'snapshot', language: 'fr', is_english: false });

  const providers = await db
    .selectFrom('providers')
    .select(['slug', 'is_active', 'terms_state', 'terms_language', 'mandatory_arbitration', 'class_action_waiver', 'bots_forbidden'])
    .orderBy('slug')
    .execute();
  t.same(
    providers.map((p) => [p.slug, p.is_active, p.terms_state, p.terms_language]),
    [
      ['english.test', true, 'analysed', 'en'],
      ['french.test', true, 'not-english', 'fr'],
      ['waiting.test', true, 'not-read-yet', null],
    ],
    'every catalogue provider is shown from the start, each in its state',
  );
  t.match(providers[0], { mandatory_arbitration: true, class_action_waiver: true, bots_forbidden: true }, 'what the English terms contain');
  t.match(providers[1], { mandatory_arbitration: false, class_action_waiver: false, bots_forbidden: false }, 'French terms are not read for facts');

  // The tracker reads the live page: a new current version and an ordinary change record.
  const english = await db.selectFrom('providers').select('id').where('slug', '=', 'english.test').executeTakeFirstOrThrow();
  const live = ENGLISH_TERMS.replace('without notice', 'with thirty days notice').replace(/## 3\. Automated access[\s\S]*?## 4/, '## 4');
  const fetched = await ingestDocument(db, inProcessAnalyzer, english.id, live, 'markdown', 'https://english.test/terms', { origin: 'fetched' });
  t.equal(fetched.status, 'analysed');
  const changes = await db.selectFrom('provider_changes').select(['summary', 'removed']).where('provider_id', '=', english.id).orderBy('id').execute();
  t.equal(changes.length, 2, 'the snapshot version and the live one, each with its change record');
  t.ok(changes[1]!.removed.length > 0, 'the clause gone from the live page is recorded as gone');
  t.match(await pass(), { total: 0 }, 'the snapshot is not taken in over the live version');
  t.match(await db.selectFrom('providers').select('bots_forbidden').where('id', '=', english.id).executeTakeFirstOrThrow(), { bots_forbidden: false });
});

t.test('a snapshot whose file does not match its hash is refused', async (t) => {
  const files = smallSnapshot(t);
  const snapshot = Snapshot.open(files.manifest);
  const doc = snapshot.current()[0]!;
  t.equal(snapshot.text(doc), ENGLISH_TERMS);
  const { writeFileSync } = await import('node:fs');
  const { brotliCompressSync } = await import('node:zlib');
  writeFileSync(`${files.dir}/${doc.file}`, brotliCompressSync(Buffer.from('tampered')));
  t.throws(() => snapshot.text(doc), /does not match its recorded SHA-256/);
});
