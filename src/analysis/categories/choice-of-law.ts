// Foreign governing law: The contract is governed by a law chosen by the provider rather than your home country's.
import type { CategoryDefinition } from './category.js';

export const choiceOfLaw = {
  slug: 'choice-of-law',
  name: 'Foreign governing law',
  description: "The contract is governed by a law chosen by the provider rather than your home country's.",
  corpusCode: 'law',
  baseSeverity: 'low',
  baseRating: 3.5,
} as const satisfies CategoryDefinition;
