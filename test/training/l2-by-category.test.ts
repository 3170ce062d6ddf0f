// TrainOptions.l2ByCategory: one category's L2 strength set apart from the others'. Made-up sentences;
// both categories get the same labels, so only their regularisation can make their weights differ.
import t from 'tap';
import { DEFAULT_TRAIN_OPTIONS, toExamples, trainModel } from '../../scripts/training/learn.js';

const sentences = [
  ['Any dispute will be resolved by binding arbitration.', true],
  ['You agree to binding arbitration of any dispute.', true],
  ['We may change these terms at any time.', false],
  ['Thank you for using the service.', false],
] as const;
const docs = [0, 1, 2].map((d) => ({
  name: `doc${d}`,
  sentences: sentences.map(([text, unfair]) => ({ text, raw: text, labels: unfair ? ['arbitration', 'jurisdiction'] : [], fair: [] })),
}));
const set = toExamples(docs, false);
const opts = { ...DEFAULT_TRAIN_OPTIONS, cues: false, selfTrain: 0, innerFolds: 0, bags: 1, epochs: 30, minDocs: 1, minCount: 1, l2: 1e-3 };
const slugs = ['arbitration', 'jurisdiction'];

t.test('without an override, two categories with the same labels learn the same weights', async (t) => {
  const [arb, jur] = trainModel(set, set.examples, slugs, opts).features['w:binding'];
  t.ok(arb > 0.5, `"binding" weighs towards the category (${arb})`);
  t.equal(jur, arb);
});

t.test("a category's own L2 strength shrinks its weights alone", async (t) => {
  const model = trainModel(set, set.examples, slugs, { ...opts, l2ByCategory: { jurisdiction: 0.5 } });
  const [arb, jur] = model.features['w:binding'];
  t.equal(arb, trainModel(set, set.examples, slugs, opts).features['w:binding'][0], 'the other category is untouched');
  t.ok(Math.abs(jur) < arb / 2, `shrunk: ${jur} against ${arb}`);
});
