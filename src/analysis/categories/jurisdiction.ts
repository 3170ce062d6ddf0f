// Distant jurisdiction: Disputes must be brought in courts chosen by the provider, possibly far from you.
import type { CategoryDefinition } from './category.js';

export const jurisdiction = {
  slug: 'jurisdiction',
  name: 'Distant jurisdiction',
  description: 'Disputes must be brought in courts chosen by the provider, possibly far from you.',
  corpusCode: 'j',
  baseSeverity: 'medium',
  baseRating: 5,
} as const satisfies CategoryDefinition;
