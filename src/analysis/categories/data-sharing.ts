// Data sharing: Your personal data may be shared with or sold to third parties, affiliates or advertisers.
import type { CategoryDefinition } from './category.js';

export const dataSharing = {
  slug: 'data-sharing',
  name: 'Data sharing',
  description: 'Your personal data may be shared with or sold to third parties, affiliates or advertisers.',
  baseSeverity: 'medium',
  baseRating: 5.5,
} as const satisfies CategoryDefinition;
