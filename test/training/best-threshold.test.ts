// bestThreshold: the probability cut a category's sentences are flagged from, chosen on pooled
// out-of-fold scores. Made-up scores; `y` is whether the sentence is annotated with the category.
import t from 'tap';
import { bestThreshold, documentThreshold } from '../../scripts/training/learn.js';

const scored = (list: [number, boolean][]) => list.map(([p, y]) => ({ p, y }));

t.test('the single best cut maximises F1', async (t) => {
  // flagging the top two: P 1, R 2/3, F1 0.8; the top four: P 3/4, R 1, F1 0.857
  const cut = bestThreshold(
    scored([
      [0.9, true],
      [0.8, true],
      [0.7, false],
      [0.6, true],
      [0.2, false],
      [0.1, false],
    ]),
  );
  t.ok(Math.abs(cut - 0.4) < 1e-9, `between the fourth score and the fifth (${cut})`);
  t.equal(
    bestThreshold(
      scored([
        [0.9, false],
        [0.1, false],
      ]),
    ),
    0.5,
    'no positive: the neutral 0.5',
  );
});

t.test('F-beta above 1 favours recall', async (t) => {
  const list = scored([
    [0.9, true],
    [0.8, false],
    [0.7, false],
    [0.65, false],
    [0.6, true],
  ]);
  t.ok(Math.abs(bestThreshold(list) - 0.85) < 1e-9, 'F1: the top one alone (0.667 against 0.571 for all five)');
  t.ok(Math.abs(bestThreshold(list, 3) - 0.3) < 1e-9, 'F3: all five (0.870 against 0.526)');
});

t.test('smoothing prefers a broad plateau to one lucky cut', async (t) => {
  // Three positives on top give the best single cut (F1 6/15 = 0.4); below a run of negatives, nine
  // more positives, one in five sentences, keep F1 near 0.36 over many cuts.
  const list: [number, boolean][] = [];
  let p = 0.99;
  for (let i = 0; i < 3; i++) list.push([(p -= 0.001), true]);
  for (let i = 0; i < 6; i++) list.push([(p -= 0.001), false]);
  for (let i = 0; i < 45; i++) list.push([(p -= 0.01), i % 5 === 4]);
  const sharp = bestThreshold(scored(list));
  const smooth = bestThreshold(scored(list), 1, 0.25);
  t.ok(sharp > 0.98, `the single best cut keeps the top three alone (${sharp})`);
  t.ok(smooth < 0.6, `averaged over 3 cuts on each side, the cut goes down among the spread positives (${smooth})`);
  t.equal(bestThreshold(scored(list), 1, 0), sharp, 'no smoothing is the single best cut');
});

t.test('the document threshold is no lower than the listing threshold when asked', async (t) => {
  // Three documents, each with the category: their strongest sentences score 0.9, 0.5 and 0.04, so
  // the best cut per document takes all three, halfway below the weakest (0.02).
  const sentences = [
    { p: 0.9, y: true, doc: 0 },
    { p: 0.1, y: false, doc: 0 },
    { p: 0.5, y: true, doc: 1 },
    { p: 0.04, y: true, doc: 2 },
  ];
  const opts = { docBeta: 1.5, docAtLeastListing: false };
  t.ok(Math.abs(documentThreshold(sentences, 0.3, opts) - 0.02) < 1e-9, 'unbounded: near 0');
  t.equal(documentThreshold(sentences, 0.3, { ...opts, docAtLeastListing: true }), 0.3, 'bounded: the listing threshold');
  t.ok(Math.abs(documentThreshold(sentences, 0.01, { ...opts, docAtLeastListing: true }) - 0.02) < 1e-9, 'a lower listing threshold changes nothing');
});
