// Privacy policy by reference: the privacy policy is made part of the contract. Learned from the corpus ('pinc').
import { privacySentence } from '../translate-grants.js';
import type { CategoryDefinition } from './category.js';

export const privacyByReference = {
  slug: 'privacy-by-reference',
  name: 'Privacy policy by reference',
  description: 'The privacy policy is made part of the contract by reference.',
  corpusCode: 'pinc',
  baseSeverity: 'low',
  baseRating: 3,
  guides: ['term-changes', 'limit-sharing'],
  render: (text) => privacySentence(text),
} as const satisfies CategoryDefinition;
