// The document-level pass of the analyzer: which learned categories a document has, and which of
// its sentences are listed as clauses of each. Deciding per document is easier than per sentence:
// a document has a category when its strongest sentence for it is strong enough (a threshold of
// its own, tuned on inner folds of the training documents, model.docThresholds); in a document
// that has it, sentences are listed from a lower threshold (model.listThresholds, tuned for recall),
// and the strongest sentence is always listed, but a sentence listed only from that lower threshold
// is not when it is also listed under a category the model is sure of. A category the document does not have is never
// listed, however a lone sentence scores. A sentence's categories come most confident first
// (margin over the category's sentence threshold, in log-odds), so the primary category is the
// one the model is surest of.
import { extractFeatures, isHeading } from './features.js';
import type { CategorySlug } from '../categories/index.js';
import { embeddedIn, logit, scoreLogits, type LinearModel } from './model-types.js';

// How far below the category's sentence threshold (in log-odds) a sentence may score and still be
// listed because its document has the category. The document pass listed from the lower listing
// threshold alone, and half the listed clauses were weak matches (issue 31); a floor of -0.5 took
// listing precision on four CV folds from 55% to 73% for a loss of 8 points of coverage (85% to 77%).
const LIST_MARGIN = -0.5;

export interface Candidate {
  slug: CategorySlug;
  /** Log-odds over the category's sentence threshold (as `classify` decides). */
  margin: number;
}

/**
 * For each sentence (already readable: detokenised), the learned categories to list it under,
 * most confident first. `accepts` is asked whether a sentence really is a concerning clause of a
 * category (protections and pointers are not), before it can count for the document.
 */
export function documentCategories(
  sentences: readonly string[],
  model: LinearModel,
  accepts: (sentence: string, slug: CategorySlug) => boolean,
): CategorySlug[][] {
  return scoredDocumentCategories(sentences, model, accepts).map((c) => c.map((x) => x.slug));
}

/** The same with each category's margin (negative: listed only because the document has the category). */
export function scoredDocumentCategories(
  sentences: readonly string[],
  model: LinearModel,
  accepts: (sentence: string, slug: CategorySlug) => boolean,
): Candidate[][] {
  const k = model.slugs.length;
  const sentenceCut = model.thresholds.map(logit);
  const docCut = (model.docThresholds ?? model.thresholds).map(logit);
  const listCut = (model.listThresholds ?? model.thresholds).map(logit);
  const floor = sentenceCut.map((c, j) => Math.min(c, docCut[j], listCut[j]));
  const logits: (number[] | undefined)[] = sentences.map((s) =>
    !/\p{L}{2}/u.test(s) || isHeading(s) ? undefined : scoreLogits(model, extractFeatures(s, model.cues !== false, embeddedIn(model))),
  );
  const listed: (Candidate & { strongest: boolean })[][] = sentences.map(() => []);
  for (let j = 0; j < k; j++) {
    // A model's slugs are the registry's: the trainer writes LEARNED_SLUGS (taxonomy.ts).
    const slug = model.slugs[j] as CategorySlug;
    let best = -1;
    let found = false;
    const candidates: number[] = [];
    logits.forEach((z, i) => {
      if (!z || z[j] < floor[j] || !accepts(sentences[i], slug)) return;
      candidates.push(i);
      if (z[j] >= docCut[j]) found = true;
      if (best < 0 || z[j] > (logits[best] as number[])[j]) best = i;
    });
    if (!found) continue;
    for (const i of candidates) {
      const z = (logits[i] as number[])[j];
      if ((z >= listCut[j] && z - sentenceCut[j] >= LIST_MARGIN) || i === best) listed[i].push({ slug, margin: z - sentenceCut[j], strongest: i === best });
    }
  }
  return listed.map((c) => {
    // A sentence listed under a category only because its document has it (below the sentence
    // threshold, not the strongest) is not, when it is also listed under a category the model is
    // sure of: a termination is not also listed as a removal.
    const sure = c.some((x) => x.margin >= 0);
    return c
      .filter((x) => !sure || x.margin >= 0 || x.strongest)
      .sort((a, b) => b.margin - a.margin)
      .map(({ slug, margin }) => ({ slug, margin }));
  });
}
