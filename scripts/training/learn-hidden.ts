// A small neural network beside the linear models: the same sparse features feed one hidden layer
// of ReLU units shared by every category, with one output per category. The linear models cannot
// form conjunctions of features ("arbitration" AND "individual" AND "waive") nor share what one
// category learns with another; this layer can. Fitted by AdaGrad SGD with dropout on the hidden
// units; only the rows of the features a sentence has are updated, so an epoch stays cheap.
import { outputLogits, scoreLogits, type HiddenLayer, type LinearModel } from '../../src/analysis/engine/model-types.js';
import { shuffle } from './random.js';

/** A training sentence as the trainers see it: local feature indices and values. */
export interface HiddenExample {
  idx: Int32Array;
  val: Float64Array;
  /** 1 / 0 per category, or NaN where the category is left out (pseudo-labels not sure of it). */
  y: Float64Array;
  /** Loss weight per category (positive-class weight, hard negatives, pseudo-label weight). */
  weight: Float64Array;
}

export interface HiddenOptions {
  size: number;
  epochs: number;
  learningRate: number;
  l2: number;
  dropout: number;
}

export interface HiddenFit {
  size: number;
  categories: number;
  /** dim x size: the hidden row of each input feature. */
  input: Float64Array;
  hiddenBias: Float64Array;
  /** categories x size. */
  output: Float64Array;
  outputBias: Float64Array;
}

export function fitHidden(data: HiddenExample[], dim: number, categories: number, opts: HiddenOptions, rand: () => number): HiddenFit {
  const H = opts.size;
  const S = categories;
  // Input rows uniform in +-0.5 (a sentence's n-grams have unit norm, so pre-activations start small);
  // output rows Glorot-uniform.
  const input = Float64Array.from({ length: dim * H }, () => (rand() * 2 - 1) * 0.5);
  const hiddenBias = new Float64Array(H).fill(0.05);
  const output = Float64Array.from({ length: S * H }, () => (rand() * 2 - 1) * Math.sqrt(6 / (H + S)));
  const outputBias = new Float64Array(S).fill(-3); // positives are rare
  const g2In = new Float64Array(dim * H).fill(1e-8);
  const g2HB = new Float64Array(H).fill(1e-8);
  const g2Out = new Float64Array(S * H).fill(1e-8);
  const g2OB = new Float64Array(S).fill(1e-8);
  const pre = new Float64Array(H);
  const act = new Float64Array(H);
  const gAct = new Float64Array(H);
  const keepScale = 1 / (1 - opts.dropout);
  const lr = opts.learningRate;
  const order = data.map((_, i) => i);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    shuffle(order, rand);
    for (const k of order) {
      const { idx, val, y, weight } = data[k];
      for (let h = 0; h < H; h++) pre[h] = hiddenBias[h];
      for (let t = 0; t < idx.length; t++) {
        const row = idx[t] * H;
        for (let h = 0; h < H; h++) pre[h] += input[row + h] * val[t];
      }
      for (let h = 0; h < H; h++) act[h] = pre[h] > 0 && rand() >= opts.dropout ? pre[h] * keepScale : 0;
      gAct.fill(0);
      for (let s = 0; s < S; s++) {
        if (Number.isNaN(y[s])) continue;
        let z = outputBias[s];
        for (let h = 0; h < H; h++) z += output[s * H + h] * act[h];
        const g = (1 / (1 + Math.exp(-z)) - y[s]) * weight[s];
        for (let h = 0; h < H; h++) gAct[h] += g * output[s * H + h]; // before the output weights move
        for (let h = 0; h < H; h++) {
          const o = s * H + h;
          const grad = g * act[h] + opts.l2 * output[o];
          g2Out[o] += grad * grad;
          output[o] -= (lr / Math.sqrt(g2Out[o])) * grad;
        }
        g2OB[s] += g * g;
        outputBias[s] -= (lr / Math.sqrt(g2OB[s])) * g;
      }
      for (let h = 0; h < H; h++) {
        if (act[h] === 0) continue; // ReLU off or dropped: no gradient reaches this unit
        const gPre = gAct[h] * keepScale;
        g2HB[h] += gPre * gPre;
        hiddenBias[h] -= (lr / Math.sqrt(g2HB[h])) * gPre;
        for (let t = 0; t < idx.length; t++) {
          const o = idx[t] * H + h;
          const grad = gPre * val[t] + opts.l2 * input[o];
          g2In[o] += grad * grad;
          input[o] -= (lr / Math.sqrt(g2In[o])) * grad;
        }
      }
    }
  }
  return { size: H, categories: S, input, hiddenBias, output, outputBias };
}

/**
 * Several fitted networks as one whose log-odds are their mean: hidden units side by side, output
 * weights divided by their number, output biases averaged (a bag of networks ships as one layer).
 */
export function concatHidden(fits: HiddenFit[]): HiddenFit {
  if (fits.length === 1) return fits[0];
  const { categories: S } = fits[0];
  const H = fits[0].size;
  const N = fits.length;
  const dim = fits[0].input.length / H;
  const size = H * N;
  const input = new Float64Array(dim * size);
  const output = new Float64Array(S * size);
  const outputBias = new Float64Array(S);
  fits.forEach((f, b) => {
    for (let i = 0; i < dim; i++) input.set(f.input.subarray(i * H, (i + 1) * H), i * size + b * H);
    for (let s = 0; s < S; s++) {
      for (let h = 0; h < H; h++) output[s * size + b * H + h] = f.output[s * H + h] / N;
      outputBias[s] += f.outputBias[s] / N;
    }
  });
  const hiddenBias = Float64Array.from(fits.flatMap((f) => Array.from(f.hiddenBias)));
  return { size, categories: S, input, hiddenBias, output, outputBias };
}

/** The network's log-odds per category for one sentence (no dropout). */
export function hiddenLogits(fit: HiddenFit, idx: Int32Array, val: Float64Array): number[] {
  const H = fit.size;
  const act = Float64Array.from(fit.hiddenBias);
  for (let t = 0; t < idx.length; t++) {
    const row = idx[t] * H;
    for (let h = 0; h < H; h++) act[h] += fit.input[row + h] * val[t];
  }
  return outputLogits(act, fit.output, fit.outputBias, H);
}

/** The fitted layer as the shipped model stores it: one row per named input feature. */
export function exportHidden(fit: HiddenFit, names: (local: number) => string, dim: number, mix: number): HiddenLayer {
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  const rows: Record<string, number[]> = {};
  for (let i = 0; i < dim; i++) {
    const row = Array.from(fit.input.subarray(i * fit.size, (i + 1) * fit.size), r);
    if (row.some((v) => Math.abs(v) >= 1e-3)) rows[names(i)] = row;
  }
  return { mix, size: fit.size, bias: Array.from(fit.hiddenBias, r), output: Array.from(fit.output, r), outputBias: Array.from(fit.outputBias, r), rows };
}

/** Scores one feature vector: probability per slug, in model.slugs order (for the tests; the analyzer works in log-odds). */
export function scoreFeatures(model: LinearModel, features: Map<string, number>): number[] {
  return scoreLogits(model, features).map((v) => 1 / (1 + Math.exp(-v)));
}
