// Spends fresh sealed documents on a use (facts gold, a faithfulness round): draws them with a
// seed, records the use and the seed in the ledger, and prints the files drawn (names only).
// Usage: node --import tsx scripts/training/ledger/draw-use.ts USE COUNT SEED [MIN_WORDS] [MAX_WORDS]
import { drawForUse, readLedger, writeLedger } from './ledger.js';

const [use, count, seed, minWords = '0', maxWords = 'Infinity'] = process.argv.slice(2);
if (!use || !count || !seed) {
  console.error('usage: draw-use USE COUNT SEED [MIN_WORDS] [MAX_WORDS]');
  process.exit(2);
}
const rows = readLedger();
if (rows.some((r) => r.use === use)) {
  console.error(`use "${use}" was drawn already`);
  process.exit(2);
}
const drawn = drawForUse(rows, Number(count), use, Number(seed), (r) => r.words >= Number(minWords) && r.words <= Number(maxWords));
writeLedger(rows);
console.log(`${use}: ${drawn.length} documents (seed ${seed})`);
for (const r of drawn) console.log(`  ${r.file}`);
