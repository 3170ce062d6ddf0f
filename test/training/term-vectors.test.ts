// Word vectors trained on terms text (scripts/training/term-vectors.ts): words used in the same
// contexts end up closer than words used in different ones, rare words are left out, and the same
// seed gives the same vectors. A small made-up corpus, no shared material needed.
import t from 'tap';
import { SKIP_GRAM_DEFAULTS, trainSkipGram } from '../../scripts/training/term-vectors.js';

const templates = [
  (v: string) => `we may ${v} your account at any time without notice`,
  (v: string) => `the provider can ${v} the account of any user for any reason`,
  (v: string) => `we reserve the right to ${v} access to the service`,
];
const courts = [
  (v: string) => `the ${v} of ireland have exclusive jurisdiction over any dispute`,
  (v: string) => `you submit to the ${v} located in dublin for all claims`,
];
const sentences: string[][] = [];
for (let r = 0; r < 40; r++) {
  for (const verb of ['terminate', 'suspend']) for (const f of templates) sentences.push(f(verb).split(' '));
  for (const noun of ['courts', 'tribunals']) for (const f of courts) sentences.push(f(noun).split(' '));
}
sentences.push(['a', 'hapax', 'word']);
const options = { ...SKIP_GRAM_DEFAULTS, dim: 16, epochs: 20, subsample: 1, seed: 3 };

function cosine(vectors: ReturnType<typeof trainSkipGram>, a: string, b: string): number {
  const [i, j] = [vectors.words.indexOf(a), vectors.words.indexOf(b)];
  const at = (w: number, k: number) => vectors.data[w * vectors.dim + k];
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let k = 0; k < vectors.dim; k++) {
    dot += at(i, k) * at(j, k);
    na += at(i, k) ** 2;
    nb += at(j, k) ** 2;
  }
  return dot / Math.sqrt(na * nb);
}

t.test('words of the same contexts are closer than words of different contexts', async (t) => {
  const vectors = trainSkipGram(sentences, options);
  t.ok(cosine(vectors, 'terminate', 'suspend') > cosine(vectors, 'terminate', 'courts') + 0.2, 'terminate ~ suspend');
  t.ok(cosine(vectors, 'courts', 'tribunals') > cosine(vectors, 'courts', 'suspend') + 0.2, 'courts ~ tribunals');
  t.notOk(vectors.words.includes('hapax'), 'a word seen fewer than minCount times has no vector');
  t.equal(vectors.data.length, vectors.words.length * vectors.dim);
  t.equal(vectors.words[0], 'the', 'most frequent first');
});

t.test('the same seed gives the same vectors; another seed other ones', async (t) => {
  t.same(trainSkipGram(sentences, options).data, trainSkipGram(sentences, options).data);
  t.not(trainSkipGram(sentences, { ...options, seed: 4 }).data[0], trainSkipGram(sentences, options).data[0]);
});
