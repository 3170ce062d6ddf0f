// Sentence -> sparse feature vector for the linear classifier: word unigrams and bigrams plus
// hand-written "cue" features. The cues encode what n-grams cannot see on ~40 documents: who
// holds the power (provider vs user), fairness carve-outs (consumer's home courts, non-exclusive
// jurisdiction, "nothing limits our liability for death..."), and conjunctions of such signals,
// which a linear model cannot form by itself. Their weights are learned, not hand-set.
import { CUES } from './cues.js';

export { isHeading } from './heading.js';

/** Bump when features change so that a model trained on old features is rejected. */
export const MODEL_VERSION = 2;

export type FeatureVector = Map<string, number>;

const STOP = new Set(['the', 'a', 'an', 'of', 'to', 'and', 'or', 'in', 'on', 'for', 'with', 'as', 'at', 'by', 'be', 'is', 'are']);

export function tokenize(text: string): string[] {
  const lower = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u00b4`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"');
  const tokens = lower.match(/[a-z]+(?:'[a-z]+)?|\d+(?:[.,]\d+)*/g) ?? [];
  return tokens.map((t) => (/^\d/.test(t) ? '<num>' : t.replace(/'s$/, '')));
}

/**
 * The words of a sentence that have a word vector (`has`), each weighted by its share of them, so
 * that the mean of their vectors is the sum of weight * vector. Stop words and numbers are left out.
 */
export function embeddedWords(tokens: readonly string[], has: (word: string) => boolean): Map<string, number> {
  const counts = new Map<string, number>();
  let n = 0;
  for (const t of tokens) {
    if (STOP.has(t) || t === '<num>' || !has(t)) continue;
    counts.set(t, (counts.get(t) ?? 0) + 1);
    n++;
  }
  for (const [w, c] of counts) counts.set(w, c / n);
  return counts;
}

/**
 * `cues` false: words and word pairs only (to measure what the hand-written cues add).
 * `embedded`: the words a model has a folded word-vector row for (model.embedded): each adds
 * `e:<word>` with its share of the sentence's embedded words, which scores the mean word vector.
 */
export function extractFeatures(text: string, cues = true, embedded?: (word: string) => boolean): FeatureVector {
  const tokens = tokenize(text);
  const grams = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!STOP.has(t)) grams.add(`w:${t}`);
    if (i + 1 < tokens.length) grams.add(`b:${t}_${tokens[i + 1]}`);
  }
  const features: FeatureVector = new Map();
  // Binary n-grams scaled to unit length, so long sentences do not dominate by sheer size.
  const scale = grams.size ? 1 / Math.sqrt(grams.size) : 0;
  for (const g of grams) features.set(g, scale);
  if (cues) for (const cue of CUES) if (cue.test(text)) features.set(`cue:${cue.name}`, 1);
  if (embedded) for (const [w, share] of embeddedWords(tokens, embedded)) features.set(`e:${w}`, share);
  return features;
}
