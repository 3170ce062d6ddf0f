// Privacy policy by reference: the privacy policy is made part of the contract. Learned from the corpus ('pinc').
import { PRIVACY_DOC, INCORPORATED, all, any } from '../engine/cue-patterns.js';
import type { CategoryDefinition } from './category.js';
import { has, list } from '../phrases.js';

const OTHER_DOCUMENTS: [RegExp, string][] = [
  [/\bcommunity guidelines\b|\bcommunity standards\b/i, 'community guidelines'],
  [/\bcopyright policy\b/i, 'copyright policy'],
  [/\bacceptable use policy\b/i, 'acceptable use policy'],
  [/\bcookie policy\b/i, 'cookie policy'],
  [/\brules\b/i, 'rules'],
  [/\bsupplemental terms\b|\badditional (?:terms|policies)\b/i, 'additional terms'],
];

function privacySentence(text: string): string {
  const others = OTHER_DOCUMENTS.filter(([re]) => re.test(text)).map(([, name]) => `its ${name}`);
  const documents = list(['the privacy policy', ...others]);
  const later = has(text, /\bas (?:amended|updated)\b|\bfrom time to time\b|\bchanges?\b/i) ? ' (and later changes to them)' : '';
  const consent = has(text, /\bconsent to\b|\bagree to the use of your data\b/i) ? ', and you consent to what it does with your data under it' : '';
  // "Your privacy rights are set forth in our privacy policy, which forms a part of this agreement": rights, not a burden.
  if (has(text, /\byour (?:privacy )?rights\b/i))
    return `${documents.charAt(0).toUpperCase()}${documents.slice(1)}, which set${others.length ? '' : 's'} out your privacy rights, ${others.length ? 'count' : 'counts'} as part of this contract${later}.`;
  return `${documents.charAt(0).toUpperCase()}${documents.slice(1)} ${others.length ? 'count' : 'counts'} as part of this contract, so what ${others.length ? 'they say' : 'it says'}${later} binds you too${consent}.`;
}

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
