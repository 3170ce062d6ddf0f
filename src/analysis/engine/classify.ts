// Sentence -> categories for which it is a potentially unfair clause, plus its severity.
// The nine corpus categories come from the shipped linear model (scripts/training/train.ts builds it from
// the CC BY 4.0 unfair-ToS corpus, see model/CREDITS.md); the others from rules.ts.
// Categories come most confident first: the model's by their margin over the category's
// threshold (in log-odds), then the rules' (which have no score). The first one is the primary
// category, whose rating gives the severity: the category the model is surest of, not the one
// that happens to be rated harshest.
import { readFileSync } from 'node:fs';
import { detokenise } from '../detokenise.js';
import { extractFeatures, isHeading, MODEL_VERSION, type FeatureVector } from './features.js';
import { embeddedIn, logit, scoreLogits, type LinearModel } from './model-types.js';
import { rateClause } from '../rate.js';
import { ruleCategories } from './rules.js';
import type { CategorySlug, Severity } from '../taxonomy.js';

export interface Classification {
  /** Most confident first; categories[0] is the primary category. */
  categories: CategorySlug[];
  /** Severity of the primary category's clause, null when there is no category. */
  severity: Severity | null;
}

export interface ScoredCategory {
  slug: CategorySlug;
  /** Log-odds above the category's decision threshold (positive = predicted). */
  margin: number;
}

export const MODEL_URL = new URL('../model/model.json', import.meta.url);

let shipped: LinearModel | undefined;

export function loadModel(): LinearModel {
  if (!shipped) {
    const model = JSON.parse(readFileSync(MODEL_URL, 'utf8')) as LinearModel;
    if (model.version !== MODEL_VERSION) {
      throw new Error(`model.json was trained for features v${model.version}, code is v${MODEL_VERSION}: run scripts/training/train.ts`);
    }
    shipped = model;
  }
  return shipped;
}

/** Categories predicted by a linear model alone, most confident first. */
export function modelCategories(sentence: string, model: LinearModel = loadModel()): CategorySlug[] {
  return decideCategories(sentence, extractFeatures(sentence, model.cues !== false, embeddedIn(model)), model);
}

/** Every category's margin over its threshold, highest first (predicted ones have margin >= 0). */
export function scoreCategories(features: FeatureVector, model: LinearModel): ScoredCategory[] {
  const z = scoreLogits(model, features);
  // A model's slugs are the registry's: the trainer writes LEARNED_SLUGS (taxonomy.ts).
  return model.slugs.map((slug, i) => ({ slug: slug as CategorySlug, margin: z[i] - logit(model.thresholds[i]) })).sort((a, b) => b.margin - a.margin);
}

/** The model's decision for a sentence whose features are already extracted (shared with eval). */
export function decideCategories(sentence: string, features: FeatureVector, model: LinearModel): CategorySlug[] {
  if (isHeading(sentence)) return []; // a heading names a topic but is no clause
  return scoreCategories(features, model)
    .filter((c) => c.margin >= 0)
    .map((c) => c.slug);
}

/**
 * A sentence's categories, most confident first. The sentence is read detokenised (a
 * PTB-tokenised "we ca n't -lrb- ... -rrb-" like "we can't (...)"); `model` defaults to the shipped one.
 */
export function classifySentence(raw: string, model: LinearModel = loadModel()): Classification {
  const sentence = detokenise(raw);
  if (!/\p{L}{2}/u.test(sentence) || isHeading(sentence)) return { categories: [], severity: null };
  const categories = [...new Set([...modelCategories(sentence, model), ...ruleCategories(sentence)])];
  if (categories.length === 0) return { categories, severity: null };
  return { categories, severity: rateClause(sentence, categories[0]).severity };
}
