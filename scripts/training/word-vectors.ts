// The word vectors a training run asks for (TrainOptions.vectors, vectorSource), for train.ts and eval.ts alike.
import type { TrainOptions, WordVectors } from './learn.js';
import { loadGlove } from './glove.js';
import { loadTermVectors } from './term-vectors.js';

export function wordVectorsFor(opts: TrainOptions): (WordVectors & { scale: number }) | undefined {
  if (!opts.vectors) return undefined;
  const vectors = opts.vectorSource === 'terms' ? loadTermVectors(opts.vectorWords || 20000) : loadGlove(opts.vectorWords);
  return { ...vectors, scale: opts.vectors };
}
