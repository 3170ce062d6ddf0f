// Content removal: The provider may delete, edit or block your content.
import type { CategoryDefinition } from './category.js';

export const contentRemoval = {
  slug: 'content-removal',
  name: 'Content removal',
  description: 'The provider may delete, edit or block your content.',
  corpusCode: 'cr',
  baseSeverity: 'medium',
  baseRating: 5,
} as const satisfies CategoryDefinition;
