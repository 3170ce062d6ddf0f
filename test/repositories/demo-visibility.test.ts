// Demo providers step aside once a real provider is active and analysed, come back when none
// is left, and a demo an operator deactivated stays deactivated.
import t from 'tap';
import { freshDatabase } from '../helpers/database.js';
import { seedDemoData } from '../../src/ingest/index.js';

t.test('demo providers are shown only while no real provider is analysed', async (t) => {
  const { handle } = await freshDatabase(t);
  const db = handle.db;
  await seedDemoData(db);
  const activeDemos = async () =>
    (await db.selectFrom('providers').select('slug').where('is_example', '=', true).where('is_active', '=', true).execute()).length;
  await db.updateTable('providers').set({ is_active: false }).where('slug', '=', 'chirpnest.example').execute();
  t.equal(await activeDemos(), 4, 'an operator deactivates one demo');
  const real = await db
    .insertInto('providers')
    .values({ slug: 'real.test', name: 'Real', domain: 'real.test', description: '', tos_url: 'https://real.test/t' })
    .returning('id')
    .executeTakeFirstOrThrow();
  t.equal(await activeDemos(), 4, 'a real provider without analysed terms changes nothing');
  await db
    .insertInto('document_versions')
    .values({ provider_id: real.id, text: 'Terms of the real provider.', sha256: 'b'.repeat(64), format: 'text' })
    .execute();
  t.equal(await activeDemos(), 0, 'an analysed real provider hides the demos');
  await seedDemoData(db);
  t.equal(await activeDemos(), 0, 'seeding again does not bring them back');
  await db.updateTable('providers').set({ is_active: false }).where('id', '=', real.id).execute();
  t.equal(await activeDemos(), 4, 'no real provider left: the hidden demos come back');
  t.equal(
    (await db.selectFrom('providers').select('is_active').where('slug', '=', 'chirpnest.example').executeTakeFirstOrThrow()).is_active,
    false,
    'the one the operator deactivated stays so',
  );
});
