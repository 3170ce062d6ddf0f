// You indemnify the provider: You must pay the provider's losses and legal costs arising from your use or breach.
import type { CategoryDefinition } from './category.js';

export const indemnification = {
  slug: 'indemnification',
  name: 'You indemnify the provider',
  description: "You must pay the provider's losses and legal costs arising from your use or breach.",
  baseSeverity: 'medium',
  baseRating: 5,
} as const satisfies CategoryDefinition;
