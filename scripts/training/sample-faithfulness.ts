// Draws the sample for a faithfulness reading: clauses the analyzer lists on the sealed annotated
// documents (nobody read them while writing the rules), at random, each with only what a reader
// needs to judge it against its quote (quote, category, title, party, plain English, confidence).
// The judge sees that file and the rubric, nothing of how the clauses were made.
// Usage: npm run sample:faithfulness -- OUT.json   (env: SAMPLE_SEED=20261126, SAMPLE_SIZE=60,
//   SAMPLE_MODEL=FILE a model trained without the sealed documents, e.g. the sealed job's model
//   that `EVAL_MODEL_CACHE=DIR EVAL_ONLY=sealed npm run eval` keeps; default the shipped model)
import { readFileSync, writeFileSync } from 'node:fs';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import type { LinearModel } from '../../src/analysis/engine/model-types.js';
import { normaliseDocument } from '../../src/analysis/normalise.js';
import { isSealed } from './eval-split.js';
import { mulberry32, shuffle } from './random.js';
import { annotatedDocuments, mainAvailable } from './training-data.js';

const out = process.argv[2];
const seed = Number(process.env.SAMPLE_SEED ?? 20261126);
const size = Number(process.env.SAMPLE_SIZE ?? 60);
const model = process.env.SAMPLE_MODEL ? (JSON.parse(readFileSync(process.env.SAMPLE_MODEL, 'utf8')) as LinearModel) : undefined;

if (!out) {
  console.error('usage: sample-faithfulness OUT.json');
  process.exit(2);
}
if (!mainAvailable()) {
  console.log('corpus not found (../shared/corpus or $CORPUS_ROOT): nothing to sample');
  process.exit(0);
}

const clauses = annotatedDocuments()
  .filter((d) => isSealed(d.name))
  .flatMap((doc) => {
    const text = normaliseDocument(doc.sentences.map((s) => s.raw).join('\n') + '\n', 'text');
    return analyzeDocument(text, { model }).map((c) => ({ document: doc.name, ...c }));
  });
const rand = mulberry32(seed);
shuffle(clauses, rand);
const sample = clauses.slice(0, size).map((c, i) => ({
  id: i + 1,
  quote: c.clause_text,
  category: c.category,
  title: c.title,
  party: c.party,
  plain_english: c.plain_english,
  confidence: c.confidence,
}));
writeFileSync(out, JSON.stringify(sample, null, 2) + '\n');
// Which document each item came from stays beside it, for whoever fixes what the reading finds.
writeFileSync(
  out.replace(/\.json$/, '') + '.documents.json',
  JSON.stringify(
    clauses.slice(0, size).map((c, i) => ({ id: i + 1, document: c.document })),
    null,
    2,
  ) + '\n',
);
console.log(`${clauses.length} clauses listed on the sealed documents; ${sample.length} drawn (seed ${seed}) into ${out}`);
