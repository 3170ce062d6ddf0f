// Bound by using: Merely using the service binds you to the terms.
import type { CategoryDefinition } from './category.js';

export const contractByUsing = {
  slug: 'contract-by-using',
  name: 'Bound by using',
  description: 'Merely using the service binds you to the terms.',
  corpusCode: 'use',
  baseSeverity: 'low',
  baseRating: 3,
} as const satisfies CategoryDefinition;
