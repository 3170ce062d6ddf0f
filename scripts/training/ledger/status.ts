// Prints the ledger's counts: by state, and the sealed documents by use. Names no clause.
// Usage: npm run ledger
import { ledgerCounts, otaAvailable, readLedger, unusedSealed } from './ledger.js';

const rows = readLedger();
const counts = ledgerCounts(rows);
console.log(`ledger: ${rows.length} documents: sealed ${counts.sealed}, open ${counts.open}, read ${counts.read}`);
const uses = new Map<string, number>();
for (const r of rows) if (r.use) uses.set(`${r.use} (${r.state})`, (uses.get(`${r.use} (${r.state})`) ?? 0) + 1);
for (const [use, n] of [...uses].sort()) console.log(`  ${use}: ${n}`);
console.log(`sealed and not yet used: ${unusedSealed(rows).length}`);
if (!otaAvailable()) console.log('(../shared/terms/ota-contrib is absent here: the ledger is all there is)');
