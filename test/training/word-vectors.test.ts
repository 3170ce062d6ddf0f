// The mean-word-vector features (issue 14): the model is trained on the dense mean vector and
// ships it folded into one `e:<word>` row per word, which must score every sentence exactly as
// the dense features did. Small made-up vectors and sentences, no corpus needed.
import t from 'tap';
import { decideCategories } from '../../src/analysis/engine/classify.js';
import { embeddedWords, extractFeatures, tokenize } from '../../src/analysis/engine/features.js';
import { DEFAULT_TRAIN_OPTIONS, toExamples, trainModel, type WordVectors } from '../../scripts/training/learn.js';
import { embeddedIn, scoreLogits } from '../../src/analysis/engine/model-types.js';

const words = ['arbitration', 'binding', 'dispute', 'court', 'law', 'terms', 'change', 'account', 'delete', 'service'];
const dim = 4;
const data = Float32Array.from(words.flatMap((_, i) => Array.from({ length: dim }, (_, k) => Math.sin(i * 7 + k * 3))));
const vectors: WordVectors = { words, dim, data };

const sentences = [
  ['Any dispute will be resolved by binding arbitration.', 'arbitration'],
  ['You waive the right to a court and agree to arbitration of any dispute.', 'arbitration'],
  ['We may change these terms at any time.', 'unilateral-change'],
  ['We can change the service and the terms without notice.', 'unilateral-change'],
  ['We may delete your account at any time.', 'unilateral-termination'],
  ['The law of Ireland governs these terms.', ''],
  ['Thank you for using the service.', ''],
  ['Contact us with questions about your account.', ''],
] as const;
const docs = [0, 1].map((d) => ({
  name: `doc${d}`,
  sentences: sentences.map(([text, label]) => ({ text: d ? text.toUpperCase() : text, raw: text, labels: label ? [label] : [], fair: [] })),
}));

t.test('embeddedWords weighs each embedded word by its share, leaving out stop words and unknown words', async (t) => {
  const shares = embeddedWords(tokenize('The binding arbitration of the dispute, binding on you'), (w) => words.includes(w));
  t.same(Object.fromEntries(shares), { binding: 0.5, arbitration: 0.25, dispute: 0.25 });
});

t.test('a model of word vectors alone ships them folded into word rows, which classify as it learned', async (t) => {
  // No n-gram reaches minCount and no cue is on: the model can only have learned from the mean vectors.
  const opts = {
    ...DEFAULT_TRAIN_OPTIONS,
    hidden: 0,
    cues: false,
    innerFolds: 0,
    bags: 1,
    epochs: 30,
    minDocs: 1,
    minCount: 1000,
    vectors: 3,
    vectorWords: words.length,
    l2: 0,
  };
  const slugs = ['arbitration', 'unilateral-change'];
  const set = toExamples(docs, false, { ...vectors, scale: opts.vectors });
  const model = trainModel(set, set.examples, slugs, opts);
  t.ok(model.embedded, 'the model says it reads word-vector rows');
  t.same(
    Object.keys(model.features).filter((f) => !f.startsWith('e:')),
    [],
    'no n-gram, cue or dense feature is shipped',
  );
  t.equal(Object.keys(model.features).length, words.length, 'one row per word with a vector');
  const categories = (text: string) => decideCategories(text, extractFeatures(text, false, embeddedIn(model)), model);
  t.same(categories('Any dispute will be resolved by binding arbitration.'), ['arbitration']);
  t.same(categories('We may change these terms at any time.'), ['unilateral-change']);
  t.same(categories('Thank you for using the service.'), []);
  // The rows' contribution is the share-weighted sum of the rows of the sentence's words.
  const text = 'You waive the right to a court and agree to arbitration of any dispute.';
  const shares = embeddedWords(tokenize(text), (w) => words.includes(w));
  const z = scoreLogits(model, extractFeatures(text, false, embeddedIn(model)));
  z.forEach((v, j) => t.ok(Math.abs(v - model.bias[j] - [...shares].reduce((s, [w, share]) => s + share * model.features[`e:${w}`][j], 0)) < 1e-9));
});
