// Privacy policy by reference: the privacy policy is made part of the contract. Learned from the corpus ('pinc').
import { privacySentence } from '../translate-grants.js';
import { PRIVACY_DOC, INCORPORATED, all, any } from '../engine/cue-patterns.js';
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
  // Cue features of the classifier (engine/cues.ts lists them, in the shipped model's order).
  cues: [
    { name: 'pinc_privacy', test: any(PRIVACY_DOC) },
    { name: 'pinc_incorporated', test: all(PRIVACY_DOC, INCORPORATED) },
    { name: 'pinc_agree', test: all(PRIVACY_DOC, /\bagree|\baccept|\bbound\b|\backnowledge\b/) },
    { name: 'pinc_see', test: all(PRIVACY_DOC, /\b(?:please )?(?:see|read|review|refer to|visit|learn more)\b/) },
  ],
} as const satisfies CategoryDefinition;
