// The clause category taxonomy: slugs, names, descriptions and the corpus codes they come from,
// derived from the category registry (categories/index.ts, one file a category).
// The eight CLAUDETTE categories (plus pinc) are learned from the annotated corpus; the others are
// detected by hand-written rules because the corpus does not annotate them.
import { CATEGORY_DEFINITIONS, isCategorySlug, type CategorySlug, type Severity } from './categories/index.js';

export type { CategorySlug, Severity };
export { isCategorySlug };

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const satisfies readonly Severity[];

export interface Category {
  slug: CategorySlug;
  name: string;
  description: string;
  /** Code in the unfair-ToS corpus, when the corpus annotates this category. */
  corpusCode?: string;
  /** Severity before aggravating or mitigating cues are applied (see rate.ts). */
  baseSeverity: Severity;
}

/** The categories' metadata (what the API and pages show), in the registry's order. */
export const CATEGORIES: readonly Category[] = CATEGORY_DEFINITIONS.map((d) => ({
  slug: d.slug,
  name: d.name,
  description: d.description,
  ...('corpusCode' in d ? { corpusCode: d.corpusCode } : {}),
  baseSeverity: d.baseSeverity,
}));

/** The eight categories of the standard UNFAIR-ToS evaluation (macro-F1 is computed over these). */
export const EVAL_SLUGS = [
  'arbitration',
  'unilateral-change',
  'content-removal',
  'jurisdiction',
  'choice-of-law',
  'limitation-of-liability',
  'unilateral-termination',
  'contract-by-using',
] as const satisfies readonly CategorySlug[];

/** Categories the learned model predicts: the eight evaluated ones plus privacy-by-reference. */
export const LEARNED_SLUGS = [...EVAL_SLUGS, 'privacy-by-reference'] as const satisfies readonly CategorySlug[];

export const CATEGORY_SLUGS: readonly string[] = CATEGORIES.map((c) => c.slug);

const bySlug = new Map<string, Category>(CATEGORIES.map((c) => [c.slug, c]));

export const CORPUS_CODE_TO_SLUG: Readonly<Record<string, string>> = Object.fromEntries(
  CATEGORIES.filter((c) => c.corpusCode).map((c) => [c.corpusCode as string, c.slug]),
);

export function getCategory(slug: string): Category {
  const category = bySlug.get(slug);
  if (!category) throw new Error(`unknown category slug: ${slug}`);
  return category;
}
