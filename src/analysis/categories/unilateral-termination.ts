// Account termination at will: The provider may suspend or close your account or end the service.
import type { CategoryDefinition } from './category.js';

export const unilateralTermination = {
  slug: 'unilateral-termination',
  name: 'Account termination at will',
  description: 'The provider may suspend or close your account or end the service.',
  corpusCode: 'ter',
  baseSeverity: 'medium',
  baseRating: 5.5,
} as const satisfies CategoryDefinition;
