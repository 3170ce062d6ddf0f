// Provider searches go through trigram indexes where pg_trgm can be created (PostgreSQL with
// contrib, and PGlite, which loads it at start), and find the same providers as a scan.
import t from 'tap';
import { sql } from 'kysely';
import { countActiveProviders, listActiveProviders } from '../../src/repositories/providers.js';
import { freshDatabase } from '../helpers/database.js';

const { handle } = await freshDatabase(t);
const db = handle.db;
await sql`insert into providers (slug, name, domain, tos_url)
  select 'p' || i || '.example', (array['Cloud', 'Stream', 'Pixel'])[1 + i % 3] || ' ' || i, 'p' || i || '.example', 'https://p.example/'
  from generate_series(1, 300) i`.execute(db);
await sql`analyze providers`.execute(db);

const search = async (text: string) => ({
  total: await countActiveProviders(db, { search: text }),
  slugs: (await listActiveProviders(db, 20, { offset: 0 }, { search: text })).map((p) => p.slug),
});

t.test('the extension and both indexes exist', async (t) => {
  const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where indexname like 'providers_%_trgm_idx' order by 1`.execute(db);
  t.same(
    rows.map((r) => r.indexname),
    ['providers_domain_trgm_idx', 'providers_name_trgm_idx'],
  );
});

t.test('the same answers through the index as by scanning', async (t) => {
  const texts = ['loud', 'STREAM 1', 'p29', '%', 'x_y', 'Pixel 3', 'c'];
  await sql`set enable_seqscan = off`.execute(db);
  const indexed = await Promise.all(texts.map(search));
  await sql`set enable_seqscan = on`.execute(db);
  await sql`drop index providers_name_trgm_idx`.execute(db);
  await sql`drop index providers_domain_trgm_idx`.execute(db);
  const scanned = await Promise.all(texts.map(search));
  t.same(indexed, scanned);
  t.equal(indexed[0]!.total, 100, 'every Cloud');
  t.equal(indexed[3]!.total, 0, 'wildcards are taken literally');
});
