// documentCategories: a document has a category when its strongest sentence reaches the document
// threshold; then its sentences from the (lower) listing threshold are listed, the strongest always;
// a category the document lacks is never listed; categories come most confident first.
import t from 'tap';
import { documentCategories } from '../../../src/analysis/engine/document-pass.js';
import { extractFeatures } from '../../../src/analysis/engine/features.js';
import { scoreLogits, type LinearModel } from '../../../src/analysis/engine/model-types.js';

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

// A toy model: "arbitrate" speaks for arbitration, "law" for choice of law, "maybe" a little for arbitration.
const model: LinearModel = {
  version: 2,
  cues: false,
  slugs: ['arbitration', 'choice-of-law'],
  bias: [-4, -4],
  thresholds: [sigmoid(0), sigmoid(0)],
  docThresholds: [sigmoid(1), sigmoid(1)],
  listThresholds: [sigmoid(-3), sigmoid(-3)],
  features: { 'w:arbitrate': [10, 0], 'w:maybe': [8.4, 0], 'w:perhaps': [3, 0], 'w:law': [0, 8] },
};
const z = (s: string) => scoreLogits(model, extractFeatures(s, false));
const yes = () => true;

const strong = 'Disputes arbitrate.'; // arbitration well above the document threshold
const weak = 'Disputes maybe go.'; // arbitration just below the sentence threshold (within the listing margin)
const feeble = 'Disputes perhaps go.'; // arbitration above the listing threshold but far below the sentence one
const law = 'Which law applies.'; // choice of law above listing, below document threshold

t.test('the toy sentences score where the test needs them', async (t) => {
  t.ok(z(strong)[0] > 1, 'strong reaches the document threshold');
  t.ok(z(weak)[0] > -0.5 && z(weak)[0] < 0, 'weak is listable but no sentence-level clause');
  t.ok(z(feeble)[0] > -3 && z(feeble)[0] < -0.5, 'feeble is above the listing threshold, more than the margin below the sentence one');
  t.ok(z(law)[1] > -3 && z(law)[1] < 1, 'law alone does not make the document have the category');
});

t.test('a found category lists its weaker sentences; an absent one lists nothing', async (t) => {
  t.same(documentCategories([strong, weak, law], model, yes), [['arbitration'], ['arbitration'], []]);
  t.same(documentCategories([weak, law], model, yes), [[], []], 'nothing reaches a document threshold');
  t.same(documentCategories([strong, feeble], model, yes), [['arbitration'], []], 'a weak match far below the sentence threshold is not listed');
});

t.test('the strongest sentence is listed even below the listing threshold', async (t) => {
  const strict: LinearModel = { ...model, listThresholds: [sigmoid(5), sigmoid(5)] };
  t.same(documentCategories([weak, strong], strict, yes), [[], ['arbitration']]);
});

t.test('a sentence the caller rejects neither counts nor is listed', async (t) => {
  t.same(
    documentCategories([strong, weak], model, (s) => s !== strong),
    [[], []],
  );
});

t.test('headings are never listed; categories come most confident first', async (t) => {
  const both = 'Disputes arbitrate under law, which is final.';
  const ordered: LinearModel = { ...model, features: { ...model.features, 'w:arbitrate': [20, 0] }, docThresholds: [sigmoid(1), sigmoid(-2)] };
  const [cats] = documentCategories([both, strong], ordered, yes);
  const margins = scoreLogits(ordered, extractFeatures(both, false));
  t.ok(margins[1] >= -2 && margins[1] < margins[0], 'both listable, arbitration the surer');
  t.same(cats, ['arbitration', 'choice-of-law']);
  t.same(documentCategories(['Arbitrate', strong], model, yes)[0], [], 'a heading binds no one');
});

t.test('a sentence listed only from the lower threshold stays under the category the model is sure of', async (t) => {
  const sure: LinearModel = { ...model, features: { ...model.features, 'w:governs': [0, 20] } };
  const zs = (s: string) => scoreLogits(sure, extractFeatures(s, false));
  const lawAndMaybe = 'Law governs, maybe.'; // sure choice of law, listable arbitration
  t.ok(zs(lawAndMaybe)[1] > 0, 'choice of law above its sentence threshold');
  t.ok(zs(lawAndMaybe)[0] > -3 && zs(lawAndMaybe)[0] < 0, 'arbitration only listable');
  t.same(
    documentCategories([strong, lawAndMaybe, weak], sure, yes),
    [['arbitration'], ['choice-of-law'], ['arbitration']],
    'not also listed as arbitration; a weak sentence sure of nothing else still is',
  );
  const lawAbsent = { ...sure, docThresholds: [sigmoid(1), sigmoid(20)] };
  t.same(
    documentCategories([strong, lawAndMaybe], lawAbsent, yes),
    [['arbitration'], ['arbitration']],
    'sure of a category the document is not found to have: it stays listed where it can be',
  );
  t.same(
    documentCategories([strong, lawAndMaybe], sure, (s, slug) => slug !== 'choice-of-law'),
    [['arbitration'], ['arbitration']],
    'nor one the caller rejects',
  );
  // As the document's strongest sentence for arbitration it is listed under both.
  const found = { ...sure, docThresholds: [sigmoid(-3), sigmoid(1)] };
  t.same(documentCategories([lawAndMaybe], found, yes), [['choice-of-law', 'arbitration']]);
});
