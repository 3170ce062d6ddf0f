// Broad licence to your content: You grant the provider a broad (often worldwide, royalty-free, sublicensable) licence to your content.
import type { CategoryDefinition } from './category.js';

export const contentLicence = {
  slug: 'content-licence',
  name: 'Broad licence to your content',
  description: 'You grant the provider a broad (often worldwide, royalty-free, sublicensable) licence to your content.',
  baseSeverity: 'medium',
  baseRating: 5,
} as const satisfies CategoryDefinition;
