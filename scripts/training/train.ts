// Rebuilds the shipped classifier (src/analysis/model/model.json) from the annotated corpora read in
// place from ../shared/corpus (or $CORPUS_ROOT), never copied into the project: the sources of
// TRAIN_DATA (default: scripts/training/training-data.ts DEFAULT_SOURCES), ALL their documents, the
// sealed ones included. The configuration (sources, options) is the one the evaluation protocol
// chose (scripts/training/eval.ts); the sealed documents only ever scored models trained without them.
// Usage: node --import tsx scripts/training/train.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MODEL_URL } from '../../src/analysis/engine/classify.js';
import { DEFAULT_TRAIN_OPTIONS, toExamples, trainModel } from './learn.js';
import { LEARNED_SLUGS } from '../../src/analysis/taxonomy.js';
import { wordVectorsFor } from './word-vectors.js';
import { annotatedDocuments, mainAvailable, sourcesFrom, trainingDocuments } from './training-data.js';

if (!mainAvailable()) {
  console.log('corpus not found (../shared/corpus or $CORPUS_ROOT): nothing to train (the shipped model is kept)');
  process.exit(0);
}

const started = Date.now();
const sources = sourcesFrom(process.env.TRAIN_DATA);
const opts = DEFAULT_TRAIN_OPTIONS;
const docs = trainingDocuments(annotatedDocuments(), sources, opts.selfTrain > 0);
const unlabelled = docs.filter((d) => d.unlabelled).length;
// The shipped model self-trains on ../shared/terms/current: without it, a different model would be written.
if (opts.selfTrain > 0 && unlabelled === 0)
  console.warn('warning: no unlabelled terms found (../shared/terms/current or $TERMS_DIR): trained without self-training');
const set = toExamples(docs, opts.cues, wordVectorsFor(opts));
const model = trainModel(set, set.examples, LEARNED_SLUGS, opts);
writeFileSync(MODEL_URL, JSON.stringify(model) + '\n');
console.log(
  `trained on ${sources.join(', ')}: ${docs.length} documents (${unlabelled} unlabelled), ${set.examples.length} sentences: ` +
    `${Object.keys(model.features).length} features, ${((Date.now() - started) / 1000).toFixed(1)} s -> ${fileURLToPath(MODEL_URL)}`,
);
model.slugs.forEach((s, i) =>
  console.log(
    `  ${s.padEnd(26)} sentence ${model.thresholds[i].toFixed(3)}  document ${model.docThresholds?.[i].toFixed(3)}  listing ${model.listThresholds?.[i].toFixed(3)}`,
  ),
);
