// Privacy policy by reference: The privacy policy is made part of the contract by reference.
import type { CategoryDefinition } from './category.js';

export const privacyByReference = {
  slug: 'privacy-by-reference',
  name: 'Privacy policy by reference',
  description: 'The privacy policy is made part of the contract by reference.',
  corpusCode: 'pinc',
  baseSeverity: 'low',
  baseRating: 3,
} as const satisfies CategoryDefinition;
