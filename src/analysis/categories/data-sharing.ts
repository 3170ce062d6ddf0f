// Data sharing: personal data shared with or sold to third parties. Detected by rule (the corpus does not annotate it).
import { has, list, negatedBefore } from '../phrases.js';
import type { CategoryDefinition } from './category.js';

// Statements that protect rather than take: "we don't sell", "only ... with your consent", and
// pointers to the privacy policy ("more information can be found in our Privacy Notice").
const NEGATED_SHARING =
  /\b(?:do|does|will|shall) not (?:sell|share|rent|disclose)|\b(?:don't|doesn't|won't) (?:sell|share|rent|disclose)|\bnever (?:sell|share|rent)|\bwithout your (?:consent|permission)\b|\bcan be found in\b|\bfor (?:more )?information (?:about|on) how\b|\bplease (?:read|see|review|refer to)\b|\bonly (?:transfer|share|disclose)\b[^.]{0,80}\bconsent\b/;

function sharingSentence(text: string): string {
  const who = [
    'advertisers',
    'business partners',
    'partners',
    'affiliates',
    'third parties',
    'law enforcement',
    'vendors',
    'service providers',
    'other companies',
  ]
    .filter((w) => text.toLowerCase().includes(w))
    .filter((w, _, all) => !(w === 'partners' && all.includes('business partners')));
  const sold = has(text, /\bsell|\bsold\b/i) && !negatedBefore(text, /sell|sold/);
  // "share information about misuse or harmful content with ...": only that information.
  const about = negatedBefore(text, /share/) ? undefined : /\bshare (information about [^,.;]{3,60}?) with\b/i.exec(text)?.[1];
  const what = about ? `${about.charAt(0).toUpperCase()}${about.slice(1)}` : 'Your personal information';
  const group = /\bwith (other [A-Z]\w+ Companies)\b/.exec(text)?.[1].replace('Companies', 'companies');
  const to = group ? [group, ...who.filter((w) => w !== 'other companies')] : who;
  return `${what} can be ${sold ? 'sold or ' : ''}shared with ${to.length ? list(to) : 'other companies'}.`;
}

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
