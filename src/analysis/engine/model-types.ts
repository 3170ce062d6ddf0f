// Shape of the shipped linear model (src/analysis/model/model.json), shared by trainer and runtime.

export interface LinearModel {
  /** Must equal features.ts MODEL_VERSION, so a stale model is never paired with new features. */
  version: number;
  /** Whether the hand-written cue features are used (absent = true, as in models before issue 14). */
  cues?: boolean;
  /** Category slugs, in the order of every weight row. */
  slugs: string[];
  bias: number[];
  /** Probability thresholds per slug, tuned on inner folds of the training documents. */
  thresholds: number[];
  /** Document level: a document has the category when its best sentence reaches this probability. */
  docThresholds?: number[];
  /** Document level: in a document that has the category, sentences from this probability are listed as clauses. */
  listThresholds?: number[];
  /**
   * Whether sentences are also scored by the mean of their words' GloVe vectors, folded into one
   * `e:<word>` row per word (features.ts embeddedWords): the vectors themselves are not shipped.
   */
  embedded?: boolean;
  /** feature name -> weight per slug (features whose weights are all ~0 are omitted). */
  features: Record<string, number[]>;
  /** A hidden layer beside the linear weights (learn-hidden.ts): the log-odds are mixed. */
  hidden?: HiddenLayer;
}

/** One layer of ReLU units over the same features, one output per slug. */
export interface HiddenLayer {
  /** Share of the hidden layer's log-odds in the score: (1 - mix) * linear + mix * hidden. */
  mix: number;
  size: number;
  bias: number[];
  /** slugs x size, row by row. */
  output: number[];
  outputBias: number[];
  /** feature name -> its weight into each hidden unit (features whose weights are all ~0 are omitted). */
  rows: Record<string, number[]>;
}

/** Scores one feature vector: the linear score (log-odds) per slug, in model.slugs order. */
export function scoreLogits(model: LinearModel, features: Map<string, number>): number[] {
  const z = [...model.bias];
  for (const [name, value] of features) {
    const row = model.features[name];
    if (!row) continue;
    for (let i = 0; i < z.length; i++) z[i] += row[i] * value;
  }
  return model.hidden ? mixHidden(z, model.hidden, features) : z;
}

/** ReLU of the hidden pre-activations, then one log-odds per slug (`output` is slugs x H). */
export function outputLogits(pre: ArrayLike<number>, output: ArrayLike<number>, outputBias: ArrayLike<number>, H: number): number[] {
  const z = Array.from(outputBias);
  for (let h = 0; h < H; h++) {
    const a = pre[h];
    if (a <= 0) continue;
    for (let s = 0; s < z.length; s++) z[s] += output[s * H + h] * a;
  }
  return z;
}

function mixHidden(linear: number[], layer: HiddenLayer, features: Map<string, number>): number[] {
  const pre = [...layer.bias];
  for (const [name, value] of features) {
    const row = layer.rows[name];
    if (!row) continue;
    for (let h = 0; h < layer.size; h++) pre[h] += row[h] * value;
  }
  const z = outputLogits(pre, layer.output, layer.outputBias, layer.size);
  return linear.map((v, s) => (1 - layer.mix) * v + layer.mix * z[s]);
}

/** Log-odds of a probability (clamped, so thresholds of 0 or 1 stay finite). */
export function logit(p: number): number {
  const q = Math.min(Math.max(p, 1e-12), 1 - 1e-12);
  return Math.log(q / (1 - q));
}

/** The features a model reads from a sentence: its n-grams, cues and (if it has them) word-vector rows. */
export function embeddedIn(model: LinearModel): ((word: string) => boolean) | undefined {
  return model.embedded ? (w) => Object.hasOwn(model.features, `e:${w}`) : undefined;
}
