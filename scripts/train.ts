// Rebuilds the shipped classifier (src/analysis/model/model.json) from the annotated unfair-ToS
// corpus. The corpus is read in place from ../shared/corpus/unfair-tos (or $CORPUS_DIR) and is
// never copied into the project. Usage: node --import tsx scripts/train.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { corpusAvailable, loadCorpus } from '../src/analysis/corpus.js';
import { toExamples, trainModel } from '../src/analysis/learn.js';
import { LEARNED_SLUGS } from '../src/analysis/taxonomy.js';
import { MODEL_URL } from '../src/analysis/classify.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const corpusDir = resolve(root, process.env.CORPUS_DIR ?? '../shared/corpus/unfair-tos');

if (!corpusAvailable(corpusDir)) {
  console.log(`corpus not found at ${corpusDir}: nothing to train (the shipped model is kept)`);
  process.exit(0);
}

const started = Date.now();
const docs = loadCorpus(corpusDir);
const set = toExamples(docs);
const model = trainModel(set, set.examples, LEARNED_SLUGS);
writeFileSync(MODEL_URL, JSON.stringify(model) + '\n');
console.log(
  `trained on ${docs.length} documents, ${set.examples.length} sentences: ` +
    `${Object.keys(model.features).length} features, ${((Date.now() - started) / 1000).toFixed(1)} s -> ${fileURLToPath(MODEL_URL)}`,
);
model.slugs.forEach((s, i) => console.log(`  ${s.padEnd(26)} threshold ${model.thresholds[i].toFixed(3)}`));
