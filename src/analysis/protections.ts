// The protection guides a provider gets: those its clauses' categories call for (categories/<slug>.ts
// `guides`), deduplicated, in the library's order (guides.ts).
import { CATEGORY_DEFINITIONS, type CategorySlug } from './categories/index.js';
import { GUIDES, type GuideText, type Protection } from './guides.js';

export { IMPACTS, GUIDES, type GuideId, type GuideText, type Impact, type Protection } from './guides.js';

export interface ProtectionGuide extends GuideText {
  /** The categories that call for this guide (their `guides`), in the registry's order. */
  readonly categories: readonly CategorySlug[];
}

export const PROTECTION_GUIDES: readonly ProtectionGuide[] = Object.entries(GUIDES).map(([id, { title, description, impact, steps }]) => ({
  title,
  description,
  impact,
  categories: CATEGORY_DEFINITIONS.filter((d) => (d.guides as readonly string[]).includes(id)).map((d) => d.slug),
  steps,
}));

export function protectionsFor(categories: readonly string[]): Protection[] {
  const wanted = new Set(categories);
  return PROTECTION_GUIDES.filter((g) => g.categories.some((c) => wanted.has(c))).map(({ title, description, impact, steps }) => ({
    title,
    description,
    impact,
    steps: [...steps],
  }));
}
