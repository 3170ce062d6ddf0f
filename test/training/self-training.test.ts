// Self-training (TrainOptions.selfTrain): unlabelled sentences the model is sure about come back as
// weighted pseudo-labelled examples; with the option off they are ignored. Made-up sentences only.
import t from 'tap';
import { DEFAULT_TRAIN_OPTIONS, toExamples, trainModel } from '../../scripts/training/learn.js';

const labelled = [
  ['Any dispute will be resolved by binding arbitration.', 'arbitration'],
  ['You agree to binding arbitration of any dispute.', 'arbitration'],
  ['We may change these terms at any time.', ''],
  ['Thank you for using the service.', ''],
  ['Contact us with questions about your account.', ''],
] as const;
const docs = [0, 1, 2].map((d) => ({
  name: `doc${d}`,
  sentences: labelled.map(([text, label]) => ({ text, raw: text, labels: label ? [label] : [], fair: [] })),
}));
// Sure of arbitration through "binding arbitration"; "zurich" is found nowhere in the labelled documents.
const unlabelledDocs = [0, 1, 2].map((d) => ({
  name: `terms${d}`,
  unlabelled: true,
  sentences: ['Any dispute will be resolved by binding arbitration in Zurich.', 'Thank you for using the service.'].map((text) => ({
    text,
    raw: text,
    labels: [],
    fair: [],
  })),
}));
const opts = { ...DEFAULT_TRAIN_OPTIONS, hidden: 0, innerFolds: 0, bags: 1, epochs: 30, minDocs: 1, minCount: 1, l2: 0 };
const slugs = ['arbitration'];

t.test('unlabelled documents are ignored unless self-training is on', async (t) => {
  const alone = toExamples(docs);
  const withUnlabelled = toExamples([...docs, ...unlabelledDocs]);
  const off = { ...opts, selfTrain: 0 };
  t.same(trainModel(withUnlabelled, withUnlabelled.examples, slugs, off), trainModel(alone, alone.examples, slugs, off));
  t.not(
    JSON.stringify(trainModel(withUnlabelled, withUnlabelled.examples, slugs, opts)),
    JSON.stringify(trainModel(alone, alone.examples, slugs, opts)),
    'on by default, they change the model',
  );
});

t.test('with self-training, what the sure unlabelled sentences add is learned', async (t) => {
  const set = toExamples([...docs, ...unlabelledDocs]);
  const model = trainModel(set, set.examples, slugs, { ...opts, selfTrain: 0.5, selfTrainHigh: 0.8, selfTrainLow: 0.2 });
  t.ok(model.features['w:zurich']?.[0] > 0, 'a word seen only in a pseudo-positive sentence weighs towards the category');
});
