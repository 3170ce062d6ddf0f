// Word vectors trained on the terms text at hand (issue 14: "embeddings trained on all the terms
// text"): skip-gram with negative sampling (word2vec's method) over the annotated documents, their
// machine translations and the unlabelled terms of ../shared/terms/current, sealed services left
// out (their text is read by nobody, not even without labels). Tokens are features.ts's, so the
// same words count at training and at run time. Deterministic (seeded), cached under
// node_modules/.cache. They lost in cross-validation (docs/analysis.md), so the shipped model has none; to
// measure them again: EVAL_OPTS='{"vectors":0.5,"vectorSource":"terms"}' npm run eval.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tokenize } from '../../src/analysis/engine/features.js';
import type { WordVectors } from './learn.js';
import { mulberry32 } from './random.js';
import { isSealed } from './eval-split.js';
import { annotatedDocuments, auxiliaryDocuments, unlabelledDocuments } from './training-data.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface SkipGramOptions {
  dim: number;
  window: number;
  negatives: number;
  epochs: number;
  minCount: number;
  /** Frequent words are kept with probability sqrt(t / frequency) (word2vec's subsampling). */
  subsample: number;
  learningRate: number;
  seed: number;
}

export const SKIP_GRAM_DEFAULTS: SkipGramOptions = { dim: 100, window: 5, negatives: 5, epochs: 5, minCount: 3, subsample: 1e-4, learningRate: 0.025, seed: 1 };

/** The texts the vectors learn from: every sentence of every non-sealed document, as tokens. */
export function termsSentences(): string[][] {
  const annotated = annotatedDocuments().filter((d) => !isSealed(d.name));
  const docs = [
    ...annotated,
    ...auxiliaryDocuments(
      ['translated'],
      annotated.map((d) => d.name),
    ).filter((d) => !isSealed(d.name)),
    ...unlabelledDocuments(),
  ];
  return docs.flatMap((d) => d.sentences.map((s) => tokenize(s.text).filter((t) => t !== '<num>'))).filter((ts) => ts.length > 1);
}

/** The `count` most frequent words' vectors, trained once and cached. */
export function loadTermVectors(count: number, options: Partial<SkipGramOptions> = {}): WordVectors {
  const opts = { ...SKIP_GRAM_DEFAULTS, ...options };
  const sentences = termsSentences();
  const digest = createHash('sha256')
    .update(JSON.stringify(opts))
    .update(sentences.map((s) => s.join(' ')).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const cache = join(root, 'node_modules', '.cache', 'tos-ratings', `term-vectors-${digest}-top${count}.json`);
  if (existsSync(cache)) {
    const c = JSON.parse(readFileSync(cache, 'utf8')) as { words: string[]; dim: number; data: number[] };
    return { words: c.words, dim: c.dim, data: Float32Array.from(c.data) };
  }
  const trained = trainSkipGram(sentences, opts);
  const words = trained.words.slice(0, count);
  const data = trained.data.slice(0, words.length * opts.dim);
  mkdirSync(join(root, 'node_modules', '.cache', 'tos-ratings'), { recursive: true });
  writeFileSync(cache, JSON.stringify({ words, dim: opts.dim, data: Array.from(data) }));
  return { words, dim: opts.dim, data };
}

/** Skip-gram with negative sampling; words come most frequent first. */
export function trainSkipGram(sentences: readonly string[][], opts: SkipGramOptions): WordVectors {
  const counts = new Map<string, number>();
  for (const s of sentences) for (const t of s) counts.set(t, (counts.get(t) ?? 0) + 1);
  const words = [...counts]
    .filter(([, c]) => c >= opts.minCount)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([w]) => w);
  const index = new Map(words.map((w, i) => [w, i]));
  const freq = words.map((w) => counts.get(w) as number);
  const total = freq.reduce((a, b) => a + b, 0);
  const corpus = sentences.map((s) => Int32Array.from(s.filter((t) => index.has(t)).map((t) => index.get(t) as number)));
  const random = mulberry32(opts.seed);
  const { dim } = opts;
  const input = new Float32Array(words.length * dim).map(() => (random() - 0.5) / dim);
  const output = new Float32Array(words.length * dim);
  const negativeTable = unigramTable(freq, 1e6);
  const keep = freq.map((f) => Math.min(1, Math.sqrt((opts.subsample * total) / f) + (opts.subsample * total) / f));
  const steps = opts.epochs * total;
  let done = 0;
  const gradient = new Float32Array(dim);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    for (const sentence of corpus) {
      const kept = sentence.filter((w) => random() < keep[w]);
      for (let i = 0; i < kept.length; i++) {
        const rate = Math.max(opts.learningRate * (1 - done / steps), opts.learningRate * 1e-4);
        done++;
        const reach = 1 + Math.floor(random() * opts.window);
        for (let j = Math.max(0, i - reach); j <= Math.min(kept.length - 1, i + reach); j++) {
          if (j === i) continue;
          const at = kept[j] * dim;
          gradient.fill(0);
          for (let n = 0; n <= opts.negatives; n++) {
            const target = n === 0 ? kept[i] : negativeTable[Math.floor(random() * negativeTable.length)];
            if (n > 0 && target === kept[i]) continue;
            const out = target * dim;
            let z = 0;
            for (let k = 0; k < dim; k++) z += input[at + k] * output[out + k];
            const g = rate * ((n === 0 ? 1 : 0) - 1 / (1 + Math.exp(-z)));
            for (let k = 0; k < dim; k++) {
              gradient[k] += g * output[out + k];
              output[out + k] += g * input[at + k];
            }
          }
          for (let k = 0; k < dim; k++) input[at + k] += gradient[k];
        }
      }
    }
  }
  return { words, dim, data: input };
}

/** word2vec's table for drawing negatives in proportion to frequency^0.75. */
function unigramTable(freq: readonly number[], size: number): Int32Array {
  const powered = freq.map((f) => f ** 0.75);
  const sum = powered.reduce((a, b) => a + b, 0);
  const table = new Int32Array(size);
  let w = 0;
  let reach = powered[0] / sum;
  for (let i = 0; i < size; i++) {
    table[i] = w;
    if (i / size > reach && w < freq.length - 1) reach += powered[++w] / sum;
  }
  return table;
}
