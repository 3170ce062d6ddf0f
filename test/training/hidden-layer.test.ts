// TrainOptions.hidden: a layer of ReLU units beside the linear models (learn-hidden.ts), shipped in
// the model and mixed into its scores. Made-up sentences where a category is "alpha" or "beta" but
// not both: no linear model over these features can learn that (an exclusive or), a hidden layer can.
import t from 'tap';
import { extractFeatures } from '../../src/analysis/engine/features.js';
import { DEFAULT_TRAIN_OPTIONS, toExamples, trainModel } from '../../scripts/training/learn.js';
import { scoreLogits } from '../../src/analysis/engine/model-types.js';
import { concatHidden, hiddenLogits, scoreFeatures, type HiddenFit } from '../../scripts/training/learn-hidden.js';
import { mulberry32 } from '../../scripts/training/random.js';

// Each filler word occurs once, so it and its word pairs are dropped (minCount 2): only "alpha" and "beta" remain.
let filler = 0;
const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
const word = () => `filler${letters(filler++)}`;
const kinds = [
  { make: () => `alpha ${word()}`, yes: true },
  { make: () => `beta ${word()}`, yes: true },
  { make: () => `alpha ${word()} beta`, yes: false },
  { make: () => `${word()} ${word()}`, yes: false },
];
const docs = Array.from({ length: 6 }, (_, d) => ({
  name: `doc${d}`,
  sentences: Array.from({ length: 40 }, (_, i) => {
    const text = kinds[i % 4].make();
    return { text, raw: text, labels: kinds[i % 4].yes ? ['arbitration'] : [], fair: [] };
  }),
}));
const set = toExamples(docs, false);
const opts = { ...DEFAULT_TRAIN_OPTIONS, hidden: 0, cues: false, selfTrain: 0, innerFolds: 0, bags: 1, minDocs: 1, minCount: 2 };
const slugs = ['arbitration'];
const probe = { alpha: 'alpha novel', beta: 'beta novel', both: 'alpha novel beta', neither: 'novel words' };
const predicted = (model: ReturnType<typeof trainModel>) =>
  Object.fromEntries(Object.entries(probe).map(([k, s]) => [k, scoreFeatures(model, extractFeatures(s, false))[0] >= 0.5]));

t.test('a linear model cannot learn "alpha or beta but not both"', async (t) => {
  const got = predicted(trainModel(set, set.examples, slugs, opts));
  t.not(got.alpha && got.beta && !got.both && !got.neither, true, JSON.stringify(got));
});

t.test('the hidden layer learns it, and the shipped model scores with it', async (t) => {
  const model = trainModel(set, set.examples, slugs, { ...opts, hidden: 16, hiddenMix: 1, hiddenEpochs: 100, hiddenLearningRate: 0.1, hiddenDropout: 0 });
  t.ok(model.hidden, 'the model carries the layer');
  t.same(Object.keys(model.hidden!.rows).sort(), ['w:alpha', 'w:beta'], 'one row per kept feature');
  t.same(predicted(model), { alpha: true, beta: true, both: false, neither: false });
});

t.test('the linear weights do not depend on the layer, and the scores mix the two', async (t) => {
  const linear = trainModel(set, set.examples, slugs, opts);
  const mixed = trainModel(set, set.examples, slugs, { ...opts, hidden: 8, hiddenMix: 0.25 });
  t.same(mixed.features, linear.features);
  const alone = structuredClone(mixed);
  alone.hidden!.mix = 1;
  const features = extractFeatures(probe.both, false);
  const expected = 0.75 * scoreLogits(linear, features)[0] + 0.25 * scoreLogits(alone, features)[0];
  t.ok(Math.abs(scoreLogits(mixed, features)[0] - expected) < 1e-9, 'three quarters linear, one quarter hidden');
});

t.test('no hidden layer over word-vector features (their rows could not be folded)', async (t) => {
  const withVectors = toExamples(docs, false, { words: ['alpha'], dim: 1, data: Float32Array.of(1), scale: 1 });
  t.throws(() => trainModel(withVectors, withVectors.examples, slugs, { ...opts, hidden: 8 }), /not supported/);
});

t.test('a bag of networks ships as one layer whose log-odds are their mean', async (t) => {
  const rand = mulberry32(3);
  const net = (size: number): HiddenFit => ({
    size,
    categories: 2,
    input: Float64Array.from({ length: 5 * size }, () => rand() - 0.5),
    hiddenBias: Float64Array.from({ length: size }, () => rand() - 0.5),
    output: Float64Array.from({ length: 2 * size }, () => rand() * 2 - 1),
    outputBias: Float64Array.from({ length: 2 }, () => rand() - 0.5),
  });
  const bag = [net(3), net(3), net(3)];
  const joined = concatHidden(bag);
  t.equal(joined.size, 9);
  const idx = Int32Array.of(0, 2, 4);
  const val = Float64Array.of(0.5, -1, 0.25);
  const mean = [0, 1].map((s) => bag.reduce((sum, f) => sum + hiddenLogits(f, idx, val)[s], 0) / bag.length);
  const got = hiddenLogits(joined, idx, val);
  for (const s of [0, 1]) t.ok(Math.abs(got[s] - mean[s]) < 1e-12, `category ${s}: ${got[s]} = ${mean[s]}`);
  t.equal(concatHidden([bag[0]]), bag[0], 'one network is itself');
});
