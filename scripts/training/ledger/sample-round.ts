// Draws a faithfulness sample from sealed documents of ../shared/terms/ota-contrib that a use in
// the ledger names (drawn before with draw-use.ts): every clause `tos-ratings analyze` lists on
// them, shuffled with a seed, the first SIZE. The sample holds only what a reader needs (quote,
// category, title, party, plain English, confidence); which document each came from is written
// beside it for whoever mends what the reading finds, after the documents move to `read`, with each
// clause's kind (calibration.ts), which calibrate.ts counts.
// Prints counts only. Usage:
//   node --import tsx scripts/training/ledger/sample-round.ts USE OUT.json [SIZE=60] [SEED=USE's]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeDocument, detectFormat } from '../../../src/analysis/index.js';
import { normalise } from '../../../src/analysis-pool/prepare-document.js';
import { mulberry32, shuffle } from '../random.js';
import { OTA_ROOT, readLedger } from './ledger.js';

const [use, out, sizeArg = '60', seedArg] = process.argv.slice(2);
if (!use || !out) {
  console.error('usage: sample-round USE OUT.json [SIZE] [SEED]');
  process.exit(2);
}
// Several uses may be given, comma-separated, for one round drawn in two steps.
const uses = new Set(use.split(','));
const rows = readLedger().filter((r) => uses.has(r.use) && r.kind === 'terms');
if (rows.length === 0) {
  console.error(`no document of the ledger has use "${use}"`);
  process.exit(2);
}
const seed = Number(seedArg ?? [...use].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7));
const clauses = rows.flatMap((row) => {
  const raw = readFileSync(join(OTA_ROOT, row.file), 'utf8');
  const text = normalise(raw, detectFormat(row.file, raw));
  return analyzeDocument(text, { kinds: true }).map((c) => ({ document: row.file, ...c }));
});
// Near-duplicate documents (one group is drawn whole) list the same quotes: each is sampled once.
const seen = new Set<string>();
const distinct = clauses.filter((c) => !seen.has(c.clause_text) && seen.add(c.clause_text));
shuffle(distinct, mulberry32(seed));
const drawn = distinct.slice(0, Number(sizeArg));
const sample = drawn.map((c, i) => ({
  id: i + 1,
  quote: c.clause_text,
  category: c.category,
  title: c.title,
  party: c.party,
  plain_english: c.plain_english,
  confidence: c.confidence,
}));
writeFileSync(out, JSON.stringify(sample, null, 2) + '\n');
writeFileSync(
  out.replace(/\.json$/, '') + '.documents.json',
  JSON.stringify(
    drawn.map((c, i) => ({ id: i + 1, document: c.document, start: c.start, end: c.end, kind: c.kind })),
    null,
    2,
  ) + '\n',
);
const perDocument = new Set(drawn.map((c) => c.document)).size;
console.log(
  `${use}: ${rows.length} documents, ${clauses.length} clauses listed (${distinct.length} distinct quotes); ${sample.length} drawn (seed ${seed}) from ${perDocument} documents into ${out}`,
);
