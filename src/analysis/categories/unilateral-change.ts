// Unilateral changes: The provider may change the terms, the service or prices at will.
import type { CategoryDefinition } from './category.js';

export const unilateralChange = {
  slug: 'unilateral-change',
  name: 'Unilateral changes',
  description: 'The provider may change the terms, the service or prices at will.',
  corpusCode: 'ch',
  baseSeverity: 'medium',
  baseRating: 5,
} as const satisfies CategoryDefinition;
