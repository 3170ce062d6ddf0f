// `npm run snapshot:spread`: how the ratings of the real providers spread (issue 45's closing
// note): counts per terms state, per rating band, and the rating deciles of the analysed ones.
// Reads the database of DATA_DIR (embedded; the server must be stopped) or DATABASE_URL.
// Counts only: nothing of any provider's clauses is printed.
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/connect.js';
import { bandOf } from '../../src/analysis/index.js';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: process.env.DATA_DIR ?? './data' });
try {
  const rows = await handle.db
    .selectFrom('providers')
    .select(['terms_state', sql<number>`overall_rating::float8`.as('rating')])
    .where('is_example', '=', false)
    .where('is_active', '=', true)
    .execute();
  const states = new Map<string, number>();
  for (const r of rows) states.set(r.terms_state, (states.get(r.terms_state) ?? 0) + 1);
  console.log(`real providers: ${rows.length} (${[...states].map(([s, n]) => `${s} ${n}`).join(', ')})`);
  const rated = rows
    .filter((r) => r.terms_state === 'analysed')
    .map((r) => Number(r.rating))
    .sort((a, b) => a - b);
  const bands = new Map<string, number>();
  for (const rating of rated) bands.set(bandOf(rating).label, (bands.get(bandOf(rating).label) ?? 0) + 1);
  console.log('\n| band | providers |\n|---|---|');
  for (const label of ['Low concern', 'Moderate concern', 'High concern', 'Severe concern']) console.log(`| ${label} | ${bands.get(label) ?? 0} |`);
  const at = (q: number) => rated[Math.min(rated.length - 1, Math.floor(q * (rated.length - 1)))]!;
  console.log('\n| decile | min | 10 % | 20 % | 30 % | 40 % | 50 % | 60 % | 70 % | 80 % | 90 % | max |\n|---|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(`| rating | ${[0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1].map((q) => at(q).toFixed(1)).join(' | ')} |`);
} finally {
  await handle.close();
}
