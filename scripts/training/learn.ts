// Training of the per-category logistic-regression models (used by scripts/training/train.ts and eval.ts).
// L2-regularised logistic regression fitted by AdaGrad SGD, one binary model per category, with
// positive-class weighting because positives are rare (0.2-3% of sentences). Each model is the
// average of three fits on different shuffles (bagging the SGD noise: about +0.015 macro-F1 in
// cross-validation, where single fits vary by +-0.02 with the seed alone). The decision
// threshold of each category is tuned on inner leave-documents-out folds of the training
// documents only, so no choice is ever made by looking at held-out documents. Beside them, a small
// network with one hidden layer over the same features (learn-hidden.ts) is fitted for all
// categories at once; the shipped score mixes both models' log-odds half and half.
import { embeddedWords, extractFeatures, isHeading, MODEL_VERSION, tokenize } from '../../src/analysis/engine/features.js';
import type { CorpusDocument } from './corpus.js';
import { mulberry32, shuffle } from './random.js';
import { concatHidden, exportHidden, fitHidden, hiddenLogits, type HiddenExample, type HiddenFit } from './learn-hidden.js';
import type { LinearModel } from '../../src/analysis/engine/model-types.js';

export interface TrainOptions {
  epochs: number;
  l2: number;
  /** Per-category L2 strength where it differs from `l2` (by category slug). */
  l2ByCategory: Record<string, number>;
  learningRate: number;
  /** Exponent applied to the neg/pos ratio to weight positives (0 = none, 1 = fully balanced). */
  positiveWeightPower: number;
  /** Features seen in fewer training sentences are dropped. */
  minCount: number;
  /** Features seen in fewer training documents are dropped: one provider's names do not generalise. */
  minDocs: number;
  /** Inner folds for threshold tuning (0 or 1 = fixed threshold 0.5). */
  innerFolds: number;
  /** Weight of sentences annotated as fair clauses of the category (hard negatives). */
  fairWeight: number;
  seed: number;
  /** Models fitted on different shuffles whose weights are averaged (smooths out the SGD noise). */
  bags: number;
  /** Hand-written cue features on (see cues.ts); toExamples must have been given the same. */
  cues: boolean;
  /**
   * The sentence threshold maximises F1 averaged over the neighbouring cuts, this share of the
   * category's positives on each side (0 = the single best cut), so one lucky cut does not set it.
   */
  thresholdSmoothing: number;
  /** F-beta that the document-level threshold maximises over (document, category) pairs. */
  docBeta: number;
  /**
   * A document has a category only when a sentence reaches the listing threshold too: where nearly
   * every training document has the category, the F-beta cut per document is set by a handful of
   * documents and can fall near 0 (2026-11-26: choice of law 0.015).
   */
  docAtLeastListing: boolean;
  /** F-beta that the clause-listing threshold maximises over the sentences of documents with the category. */
  listBeta: number;
  /**
   * Scale of the mean-word-vector features (0 = none); toExamples must have been given the vectors.
   * `vectorWords`: how many of the most frequent words have a vector.
   */
  vectors: number;
  vectorWords: number;
  /** Where the vectors come from: GloVe (scripts/training/glove.ts) or trained on the terms text (scripts/training/term-vectors.ts). */
  vectorSource: 'glove' | 'terms';
  /**
   * Self-training (0 = off): weight of the unlabelled sentences (documents marked `unlabelled`) that
   * a model fitted on the labelled ones is sure about, per category: positive when its probability
   * is >= `selfTrainHigh`, negative when <= `selfTrainLow`, left out of that category otherwise.
   */
  selfTrain: number;
  selfTrainHigh: number;
  selfTrainLow: number;
  /**
   * Units of the hidden layer fitted beside the linear models (0 = none, learn-hidden.ts), and its
   * share `hiddenMix` of the log-odds; its epochs, AdaGrad rate, L2 and dropout on the hidden units.
   */
  hidden: number;
  /** Networks fitted on different seeds whose log-odds are averaged (shipped as one wider layer). */
  hiddenBags: number;
  hiddenMix: number;
  hiddenEpochs: number;
  hiddenLearningRate: number;
  hiddenL2: number;
  hiddenDropout: number;
}

/** Word vectors for training: `words[i]`'s vector is data[i*dim .. (i+1)*dim). */
export interface WordVectors {
  words: string[];
  dim: number;
  data: Float32Array;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  epochs: 16,
  l2: 3e-3,
  l2ByCategory: {},
  learningRate: 0.5,
  positiveWeightPower: 0.5,
  minCount: 2,
  minDocs: 3,
  innerFolds: 4,
  fairWeight: 1,
  seed: 7,
  bags: 3,
  cues: true,
  // Cross-validation on 2026-11-25 (docs/analysis.md): 0.745, 0.740, 0.738 at seeds 7, 8, 9 against 0.740, 0.735, 0.740
  // without: +0.003 on the mean, within the noise; neutral to slightly positive.
  thresholdSmoothing: 0.25,
  docAtLeastListing: true,
  docBeta: 1.5,
  listBeta: 3,
  vectors: 0,
  vectorWords: 0,
  vectorSource: 'glove',
  // Sure positives only, at full weight: +0.004 and +0.014 sentence macro-F1 by cross-validation at
  // two seeds; adding sure negatives as well gained nothing (docs/analysis.md, "Tried ... and not kept").
  selfTrain: 1,
  selfTrainHigh: 0.9,
  selfTrainLow: -1, // no sure negatives (a probability is never below -1)
  // Chosen by cross-validation on 2026-11-24 (docs/analysis.md): 0.736 and 0.741 at seeds 7 and 8 against 0.726 and 0.727 without.
  hidden: 64,
  hiddenBags: 1,
  hiddenMix: 0.5,
  hiddenEpochs: 20,
  hiddenLearningRate: 0.05,
  hiddenL2: 0,
  hiddenDropout: 0.5,
};

/** A corpus sentence with its features interned as integer ids (shared across all folds). */
export interface Example {
  ids: Int32Array;
  vals: Float64Array;
  labels: Set<string>;
  fair: Set<string>;
  doc: number;
  /** Documents of one group (near-duplicates, translations of one service) share inner folds. */
  group: number;
  /** Whether the sentence may score a threshold: annotated documents only, not translations or quotes. */
  scored: boolean;
  /** A heading, which the classifier never reports (so it never counts for a threshold either). */
  heading: boolean;
  /** A sentence of an unlabelled document: used only for self-training, through a pseudo-labelled copy. */
  unlabelled: boolean;
  /** Pseudo-labelled copies only: their weight, and the categories they are left out of. */
  weight?: number;
  skip?: Set<string>;
}

export interface ExampleSet {
  featureNames: string[];
  examples: Example[];
  /** The word vectors behind the `v:<k>` features, and their scale (folded into `e:<word>` rows on export). */
  vectors?: WordVectors & { scale: number };
}

/** A document to learn from; `group` keeps related documents together, `auxiliary` ones never tune a threshold. */
export type TrainingDocument = CorpusDocument & { group?: string; auxiliary?: boolean; unlabelled?: boolean };

export function toExamples(docs: TrainingDocument[], cues = true, vectors?: WordVectors & { scale: number }): ExampleSet {
  const row = new Map(vectors?.words.map((w, i) => [w, i]));
  const groupIds = new Map<string, number>();
  const ids = new Map<string, number>();
  const featureNames: string[] = [];
  const examples: Example[] = [];
  docs.forEach((doc, d) => {
    const groupKey = doc.group ?? doc.name;
    if (!groupIds.has(groupKey)) groupIds.set(groupKey, groupIds.size);
    const group = groupIds.get(groupKey) as number;
    const feats = doc.sentences.map((s) => {
      const f = extractFeatures(s.text, cues);
      if (vectors) {
        const mean = new Float64Array(vectors.dim);
        for (const [w, share] of embeddedWords(tokenize(s.text), (x) => row.has(x))) {
          const at = (row.get(w) as number) * vectors.dim;
          for (let k = 0; k < vectors.dim; k++) mean[k] += share * vectors.data[at + k];
        }
        mean.forEach((v, k) => f.set(`v:${k}`, vectors.scale * v));
      }
      return f;
    });
    doc.sentences.forEach((s, si) => {
      const f = feats[si];
      const idList: number[] = [];
      const valList: number[] = [];
      for (const [name, v] of f) {
        let id = ids.get(name);
        if (id === undefined) {
          id = featureNames.length;
          ids.set(name, id);
          featureNames.push(name);
        }
        idList.push(id);
        valList.push(v);
      }
      examples.push({
        ids: Int32Array.from(idList),
        vals: Float64Array.from(valList),
        labels: new Set(s.labels),
        fair: new Set(s.fair),
        doc: d,
        group,
        scored: !doc.auxiliary && !doc.unlabelled,
        heading: isHeading(s.text),
        unlabelled: !!doc.unlabelled,
      });
    });
  });
  return { featureNames, examples, vectors };
}

interface Indexed {
  idx: Int32Array;
  val: Float64Array;
  ex: Example;
}

/** Chooses which global features the model may use: cues always, n-grams if frequent enough. */
function buildVocab(set: ExampleSet, examples: Example[], opts: TrainOptions): Int32Array {
  const n = set.featureNames.length;
  const count = new Int32Array(n);
  const docCount = new Int32Array(n);
  const lastDoc = new Int32Array(n).fill(-1);
  for (const e of examples) {
    for (const id of e.ids) {
      count[id]++;
      if (lastDoc[id] !== e.doc) {
        lastDoc[id] = e.doc;
        docCount[id]++;
      }
    }
  }
  const local = new Int32Array(n).fill(-1);
  let next = 0;
  for (let id = 0; id < n; id++) {
    if (count[id] === 0) continue;
    const keep = /^(?:cue|v):/.test(set.featureNames[id]) || (count[id] >= opts.minCount && docCount[id] >= opts.minDocs);
    if (keep) local[id] = next++;
  }
  return local;
}

function index(examples: Example[], local: Int32Array): Indexed[] {
  return examples.map((ex) => {
    const idx: number[] = [];
    const val: number[] = [];
    for (let t = 0; t < ex.ids.length; t++) {
      const i = local[ex.ids[t]];
      if (i >= 0) {
        idx.push(i);
        val.push(ex.vals[t]);
      }
    }
    return { idx: Int32Array.from(idx), val: Float64Array.from(val), ex };
  });
}

/** The loss weight of a category's positives: (negatives / positives) ^ positiveWeightPower. */
function positiveWeight(data: Indexed[], slug: string, opts: TrainOptions): number {
  // The class weight comes from the annotated sentences alone, so pseudo-labels do not move it.
  const annotated = data.filter((d) => d.ex.weight === undefined);
  const pos = annotated.filter((d) => d.ex.labels.has(slug)).length;
  return pos === 0 ? 1 : Math.pow((annotated.length - pos) / pos, opts.positiveWeightPower);
}

/** One sentence's loss weight for a category (positive, hard negative, pseudo-label weight). */
function lossWeight(ex: Example, slug: string, posWeight: number, opts: TrainOptions): number {
  return (ex.labels.has(slug) ? posWeight : ex.fair.has(slug) ? opts.fairWeight : 1) * (ex.weight ?? 1);
}

/** Fits one binary model; returns weights with the bias as the last entry. */
function fitBinary(data: Indexed[], dim: number, slug: string, opts: TrainOptions, seed: number): Float64Array {
  const w = new Float64Array(dim + 1);
  const g2 = new Float64Array(dim + 1).fill(1e-8);
  const posWeight = positiveWeight(data, slug, opts);
  const l2 = opts.l2ByCategory[slug] ?? opts.l2;
  const rand = mulberry32(seed);
  const order = data.map((_, i) => i);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    shuffle(order, rand);
    for (const k of order) {
      const { idx, val, ex } = data[k];
      if (ex.skip?.has(slug)) continue;
      let z = w[dim];
      for (let t = 0; t < idx.length; t++) z += w[idx[t]] * val[t];
      const y = ex.labels.has(slug) ? 1 : 0;
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - y) * lossWeight(ex, slug, posWeight, opts);
      for (let t = 0; t < idx.length; t++) {
        const i = idx[t];
        const grad = g * val[t] + l2 * w[i];
        g2[i] += grad * grad;
        w[i] -= (opts.learningRate / Math.sqrt(g2[i])) * grad;
      }
      g2[dim] += g * g;
      w[dim] -= (opts.learningRate / Math.sqrt(g2[dim])) * g;
    }
  }
  return w;
}

function logOdds(w: Float64Array, dim: number, d: Indexed): number {
  let z = w[dim];
  for (let t = 0; t < d.idx.length; t++) z += w[d.idx[t]] * d.val[t];
  return z;
}

/**
 * The probability threshold maximising F-beta (F1 by default) over pooled out-of-fold scores;
 * `smoothing` > 0: F-beta averaged over the cuts within that share of the positives on each side.
 */
export function bestThreshold(scored: { p: number; y: boolean }[], beta = 1, smoothing = 0): number {
  const sorted = [...scored].sort((a, b) => b.p - a.p);
  const totalPos = sorted.filter((s) => s.y).length;
  if (totalPos === 0) return 0.5;
  const b2 = beta * beta;
  let tp = 0;
  const cuts: { f: number; t: number }[] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i].y) tp++;
    const next = sorted[i + 1]?.p ?? 0;
    if (sorted[i].p !== next) cuts.push({ f: ((1 + b2) * tp) / (i + 1 + b2 * totalPos), t: (sorted[i].p + next) / 2 });
  }
  const half = Math.round(smoothing * totalPos);
  const sums = [0];
  for (const c of cuts) sums.push(sums[sums.length - 1] + c.f);
  let best = { f: -1, t: 0.5 };
  cuts.forEach((c, j) => {
    const from = Math.max(0, j - half);
    const to = Math.min(cuts.length, j + half + 1);
    const f = (sums[to] - sums[from]) / (to - from);
    if (f > best.f) best = { f, t: c.t };
  });
  return best.t;
}

export interface Scored {
  p: number;
  y: boolean;
  doc: number;
}

/** Per document, its highest score and whether it has the category at all. */
function perDocument(scored: Scored[]): { p: number; y: boolean }[] {
  const byDoc = new Map<number, { p: number; y: boolean }>();
  for (const s of scored) {
    const d = byDoc.get(s.doc) ?? { p: 0, y: false };
    byDoc.set(s.doc, { p: Math.max(d.p, s.p), y: d.y || s.y });
  }
  return [...byDoc.values()];
}

/** The document-level threshold: the best F-beta cut over documents' strongest scores, no lower than the listing threshold if asked. */
export function documentThreshold(scored: Scored[], listing: number, opts: Pick<TrainOptions, 'docBeta' | 'docAtLeastListing'>): number {
  const cut = bestThreshold(perDocument(scored), opts.docBeta);
  return opts.docAtLeastListing ? Math.max(cut, listing) : cut;
}

/** The average of `opts.bags` models fitted on different shuffles: a linear model again. */
function fitBagged(data: Indexed[], dim: number, slug: string, opts: TrainOptions): Float64Array {
  const w = new Float64Array(dim + 1);
  for (let b = 0; b < opts.bags; b++) {
    const wb = fitBinary(data, dim, slug, opts, opts.seed + 7919 * b);
    for (let i = 0; i <= dim; i++) w[i] += wb[i] / opts.bags;
  }
  return w;
}

function fitAll(set: ExampleSet, examples: Example[], slugs: readonly string[], opts: TrainOptions) {
  const local = buildVocab(set, examples, opts);
  let dim = 0;
  for (const i of local) if (i >= 0) dim++;
  const data = index(examples, local);
  const weights = slugs.map((s) => fitBagged(data, dim, s, opts));
  const hidden = opts.hidden > 0 ? fitHiddenLayer(data, dim, slugs, opts) : undefined;
  return { local, dim, weights, hidden };
}

type Fit = ReturnType<typeof fitAll>;

function fitHiddenLayer(data: Indexed[], dim: number, slugs: readonly string[], opts: TrainOptions): HiddenFit {
  const posWeights = slugs.map((s) => positiveWeight(data, s, opts));
  const examples: HiddenExample[] = data.map(({ idx, val, ex }) => ({
    idx,
    val,
    y: Float64Array.from(slugs, (s) => (ex.skip?.has(s) ? NaN : ex.labels.has(s) ? 1 : 0)),
    weight: Float64Array.from(slugs, (s, k) => lossWeight(ex, s, posWeights[k], opts)),
  }));
  const layer = { size: opts.hidden, epochs: opts.hiddenEpochs, learningRate: opts.hiddenLearningRate, l2: opts.hiddenL2, dropout: opts.hiddenDropout };
  const bags = Array.from({ length: Math.max(1, opts.hiddenBags) }, (_, b) =>
    fitHidden(examples, dim, slugs.length, layer, mulberry32(opts.seed + 104729 * (b + 1))),
  );
  return concatHidden(bags);
}

/** Probability per category of one sentence: the linear models' log-odds, mixed with the hidden layer's. */
function probabilities(fit: Fit, d: Indexed, opts: TrainOptions): number[] {
  const linear = fit.weights.map((w) => logOdds(w, fit.dim, d));
  const hidden = fit.hidden ? hiddenLogits(fit.hidden, d.idx, d.val) : undefined;
  return linear.map((z, k) => 1 / (1 + Math.exp(-(hidden ? (1 - opts.hiddenMix) * z + opts.hiddenMix * hidden[k] : z))));
}

/**
 * Self-training: a model fitted on the labelled examples labels the unlabelled ones it is sure
 * about; they come back as copies of weight `opts.selfTrain` (a sentence sure for no category is dropped).
 */
function pseudoLabelled(set: ExampleSet, labelled: Example[], unlabelled: Example[], slugs: readonly string[], opts: TrainOptions): Example[] {
  const fit = fitAll(set, labelled, slugs, opts);
  const out: Example[] = [];
  for (const d of index(
    unlabelled.filter((e) => !e.heading),
    fit.local,
  )) {
    const p = probabilities(fit, d, opts);
    const skip = new Set(slugs.filter((_, k) => p[k] > opts.selfTrainLow && p[k] < opts.selfTrainHigh));
    if (skip.size < slugs.length)
      out.push({ ...d.ex, labels: new Set(slugs.filter((_, k) => p[k] >= opts.selfTrainHigh)), fair: new Set(), skip, weight: opts.selfTrain });
  }
  return out;
}

/** Local feature index -> its name. */
function localNames(set: ExampleSet, local: Int32Array): (i: number) => string {
  const names: string[] = [];
  local.forEach((i, id) => {
    if (i >= 0) names[i] = set.featureNames[id];
  });
  return (i) => names[i];
}

/** Trains the models on the given examples (a subset of `set`, e.g. a fold's training documents). */
export function trainModel(set: ExampleSet, given: Example[], slugs: readonly string[], opts: TrainOptions = DEFAULT_TRAIN_OPTIONS): LinearModel {
  if (opts.hidden > 0 && set.vectors) throw new Error('a hidden layer over word-vector features is not supported (its rows could not be folded)');
  const labelled = given.filter((e) => !e.unlabelled);
  const unlabelled = given.filter((e) => e.unlabelled);
  // Pseudo-labelled once, by a model of all the labelled examples, and used in the inner folds too.
  const examples = opts.selfTrain > 0 && unlabelled.length ? [...labelled, ...pseudoLabelled(set, labelled, unlabelled, slugs, opts)] : labelled;
  const thresholds = slugs.map(() => 0.5);
  let docThresholds = thresholds;
  let listThresholds = thresholds;
  // Inner folds over the labelled groups only (the same split as without self-training).
  const groups = [...new Set(labelled.map((e) => e.group))].sort((a, b) => a - b);
  if (opts.innerFolds > 1 && groups.length >= opts.innerFolds) {
    const pooled = slugs.map(() => [] as Scored[]);
    for (let f = 0; f < opts.innerFolds; f++) {
      const held = new Set(groups.filter((_, i) => i % opts.innerFolds === f));
      const fit = fitAll(
        set,
        examples.filter((e) => !held.has(e.group)),
        slugs,
        opts,
      );
      const test = index(
        examples.filter((e) => held.has(e.group) && e.scored),
        fit.local,
      );
      for (const d of test) {
        const p = d.ex.heading ? undefined : probabilities(fit, d, opts);
        slugs.forEach((s, k) => pooled[k].push({ p: p?.[k] ?? 0, y: d.ex.labels.has(s), doc: d.ex.doc }));
      }
    }
    thresholds.splice(0, thresholds.length, ...pooled.map((p) => bestThreshold(p, 1, opts.thresholdSmoothing)));
    // Clauses are listed only in documents found to have the category: tuned on those documents' sentences.
    listThresholds = pooled.map((p, k) => {
      const withCategory = new Set(p.filter((s) => s.y).map((s) => s.doc));
      return Math.min(
        thresholds[k],
        bestThreshold(
          p.filter((s) => withCategory.has(s.doc)),
          opts.listBeta,
        ),
      );
    });
    docThresholds = pooled.map((p, k) => documentThreshold(p, listThresholds[k], opts));
  }
  const { local, dim, weights, hidden } = fitAll(set, examples, slugs, opts);
  const features: Record<string, number[]> = {};
  const vectors = set.vectors;
  if (vectors) {
    // The mean vector's weights fold into one row per word: sum_k W[s][k] * scale * mean_k is the
    // mean over the sentence's embedded words of (scale * W[s] . vector(word)).
    const at = new Int32Array(vectors.dim).fill(-1);
    local.forEach((i, id) => {
      const m = /^v:(\d+)$/.exec(set.featureNames[id]);
      if (m && i >= 0) at[Number(m[1])] = i;
    });
    vectors.words.forEach((w, r) => {
      features[`e:${w}`] = weights.map((wt) => {
        let z = 0;
        for (let k = 0; k < vectors.dim; k++) if (at[k] >= 0) z += wt[at[k]] * vectors.scale * vectors.data[r * vectors.dim + k];
        return Math.round(z * 1e4) / 1e4;
      });
    });
  }
  local.forEach((i, id) => {
    if (i < 0 || set.featureNames[id].startsWith('v:')) return;
    const row = weights.map((w) => Math.round(w[i] * 1e4) / 1e4);
    if (row.some((v) => Math.abs(v) >= 0.01)) features[set.featureNames[id]] = row; // near-zero rows only bloat the JSON
  });
  return {
    version: MODEL_VERSION,
    cues: opts.cues,
    ...(vectors ? { embedded: true } : {}),
    slugs: [...slugs],
    bias: weights.map((w) => Math.round(w[dim] * 1e4) / 1e4),
    thresholds: thresholds.map((t) => Math.round(t * 1e4) / 1e4),
    docThresholds: docThresholds.map((t) => Math.round(t * 1e4) / 1e4),
    listThresholds: listThresholds.map((t) => Math.round(t * 1e4) / 1e4),
    features,
    ...(hidden ? { hidden: exportHidden(hidden, localNames(set, local), dim, opts.hiddenMix) } : {}),
  };
}
