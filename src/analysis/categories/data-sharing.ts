// Data sharing: personal data shared with or sold to third parties. Detected by rule (the corpus does not annotate it).
import { negatedBefore } from '../phrases.js';
import { sharingSentence } from '../translate-grants.js';
import type { CategoryDefinition } from './category.js';

// Statements that protect rather than take: "we don't sell", "only ... with your consent", and
// pointers to the privacy policy ("more information can be found in our Privacy Notice").
const NEGATED_SHARING =
  /\b(?:do|does|will|shall) not (?:sell|share|rent|disclose)|\b(?:don't|doesn't|won't) (?:sell|share|rent|disclose)|\bnever (?:sell|share|rent)|\bwithout your (?:consent|permission)\b|\bcan be found in\b|\bfor (?:more )?information (?:about|on) how\b|\bplease (?:read|see|review|refer to)\b|\bonly (?:transfer|share|disclose)\b[^.]{0,80}\bconsent\b/;

export const dataSharing = {
  slug: 'data-sharing',
  name: 'Data sharing',
  description: 'Your personal data may be shared with or sold to third parties, affiliates or advertisers.',
  baseSeverity: 'medium',
  baseRating: 5.5,
  guides: ['limit-sharing'],
  rule: (s) =>
    !NEGATED_SHARING.test(s) &&
    !negatedBefore(s, /sell|sold|rent|rented|share|shared|disclose|disclosed/) &&
    /\b(?:share|shares|shared|sharing|disclose|discloses|disclosed|sell|sells|sold|transfer|transferred|provide|make available)\b/.test(s) &&
    /\b(?:personal (?:data|information)|your (?:data|information|personal)|information (?:about|we collect)|data (?:about|we collect)|user data)\b/.test(s) &&
    /\b(?:third[- ]part(?:y|ies)|affiliates?|partners?|advertisers?|vendors?|service providers|other companies|business partners|law enforcement|buyer|acquirer)\b/.test(
      s,
    ),
  render: (text) => sharingSentence(text),
} as const satisfies CategoryDefinition;
