// Sentence -> categories for which it is a potentially unfair clause, plus its severity.
// The nine corpus categories come from the shipped linear model (scripts/train.ts builds it from
// the CC BY 4.0 unfair-ToS corpus, see model/CREDITS.md); the others from rules.ts.
import { readFileSync } from 'node:fs';
import { extractFeatures, isHeading, MODEL_VERSION, type FeatureVector } from './features.js';
import { scoreFeatures, type LinearModel } from './model-types.js';
import { rateClause } from './rate.js';
import { ruleCategories } from './rules.js';
import { SEVERITIES, type Severity } from './taxonomy.js';

export interface Classification {
  categories: string[];
  severity: Severity | null;
}

export const MODEL_URL = new URL('./model/model.json', import.meta.url);

let shipped: LinearModel | undefined;

export function loadModel(): LinearModel {
  if (!shipped) {
    const model = JSON.parse(readFileSync(MODEL_URL, 'utf8')) as LinearModel;
    if (model.version !== MODEL_VERSION) {
      throw new Error(`model.json was trained for features v${model.version}, code is v${MODEL_VERSION}: run scripts/train.ts`);
    }
    shipped = model;
  }
  return shipped;
}

/** Categories predicted by a linear model alone (used by the evaluation with fold models). */
export function modelCategories(sentence: string, model: LinearModel = loadModel()): string[] {
  return decideCategories(sentence, extractFeatures(sentence), model);
}

/** The model's decision for a sentence whose features are already extracted (shared with eval). */
export function decideCategories(sentence: string, features: FeatureVector, model: LinearModel): string[] {
  if (isHeading(sentence)) return []; // a heading names a topic but is no clause
  const p = scoreFeatures(model, features);
  return model.slugs.filter((_, i) => p[i] >= model.thresholds[i]);
}

export function classifySentence(sentence: string): Classification {
  if (!/\p{L}{2}/u.test(sentence) || isHeading(sentence)) return { categories: [], severity: null };
  const categories = [...new Set([...modelCategories(sentence), ...ruleCategories(sentence)])];
  if (categories.length === 0) return { categories, severity: null };
  const severity = categories
    .map((c) => rateClause(sentence, c).severity)
    .sort((a, b) => SEVERITIES.indexOf(a) - SEVERITIES.indexOf(b))[0];
  return { categories, severity };
}
