// Limited liability: The provider excludes or caps its liability for losses you suffer.
import type { CategoryDefinition } from './category.js';

export const limitationOfLiability = {
  slug: 'limitation-of-liability',
  name: 'Limited liability',
  description: 'The provider excludes or caps its liability for losses you suffer.',
  corpusCode: 'ltd',
  baseSeverity: 'medium',
  baseRating: 5.5,
} as const satisfies CategoryDefinition;
