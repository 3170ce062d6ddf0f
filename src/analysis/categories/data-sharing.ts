// Data sharing: personal data shared with or sold to third parties. Detected by rule (the corpus does not annotate it).
import { has, list, negatedBefore } from '../phrases.js';
import type { CategoryDefinition } from './category.js';

// Statements that protect rather than take: "we don't sell", "only ... with your consent", and
// pointers to the privacy policy ("more information can be found in our Privacy Notice").
const NEGATED_SHARING =
  /\b(?:do|does|will|shall) not (?:sell|share|rent|disclose)|\b(?:don't|doesn't|won't) (?:sell|share|rent|disclose)|\bnever (?:sell|share|rent)|\bwithout your (?:consent|permission)\b|\bcan be found in\b|\bfor (?:more )?information (?:about|on) how\b|\bplease (?:read|see|review|refer to)\b|\bonly (?:transfer|share|disclose)\b[^.]{0,80}\bconsent\b/;

// Whom data goes to: the head noun of each recipient with the words that modify it ("advertising
// partners", "analytics providers", "business partners"), in the order the clause names them.
const HEADS = 'advertisers|partners|affiliates|third[- ]parties|law enforcement|vendors|providers|companies|processors';
const RECIPIENT = new RegExp(`\\b((?:(?!(?:${HEADS}|and|or)\\b)[a-z][a-z-]*\\s+){0,2})(${HEADS})\\b`, 'gi');
// Words that stand before a noun without telling what it is: determiners, prepositions, conjunctions.
const NOT_A_MODIFIER =
  /^(?:the|a|an|our|its|their|your|his|her|with|to|and|or|nor|of|for|by|such|these|those|this|that|any|all|some|certain|including|between|from|in|on|as|may|can|will|we|us|you|is|are|be|share|shares|shared|disclose|disclosed|sell|sold|provide|transfer|transferred|among|within|outside|e\.g\.)$/i;

function recipientsOf(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(RECIPIENT)) {
    const words = m[1].trim().split(/\s+/).filter(Boolean);
    // The modifiers are the words right before the noun, up to the first that is none.
    let from = words.length;
    while (from > 0 && !NOT_A_MODIFIER.test(words[from - 1])) from--;
    const head = m[2].toLowerCase().replace('third-parties', 'third parties');
    const modifiers = words.slice(from).map((w) => w.toLowerCase());
    // "providers" and "companies" say nothing alone: told as "other companies" unless modified.
    if (!modifiers.length && (head === 'providers' || head === 'companies' || head === 'processors')) continue;
    const phrase = [...modifiers, head].join(' ');
    if (!found.includes(phrase)) found.push(phrase);
  }
  return found;
}

function sharingSentence(text: string): string {
  const who = recipientsOf(text);
  const sold = has(text, /\bsell|\bsold\b/i) && !negatedBefore(text, /sell|sold/);
  // "share information about misuse or harmful content with ...": only that information.
  const about = negatedBefore(text, /share/) ? undefined : /\bshare (information about [^,.;]{3,60}?) with\b/i.exec(text)?.[1];
  const what = about ? `${about.charAt(0).toUpperCase()}${about.slice(1)}` : 'Your personal information';
  const group = /\bwith (other [A-Z]\w+ Companies)\b/.exec(text)?.[1].replace('Companies', 'companies');
  const to = group ? [group, ...who.filter((w) => !/\bcompanies$/.test(w))] : who;
  return `${what} can be ${sold ? 'sold or ' : ''}shared with ${to.length ? list(to) : 'other companies'}${purposeOf(text)}.`;
}

// What the sharing is for, where the clause says ("... with third parties to deliver personalized ads to you",
// "for the purpose of processing payments"): a purpose narrows the sharing, and is kept.
const PURPOSE =
  /\b(?:share|sharing|disclose|provide|transfer|sell)\b[^.;]{0,120}?\b(?:with|to)\s+[^.;]{1,80}?\s((?:in order )?to (?!the\b|our\b|your\b|any\b|third\b|us\b|them\b|whom\b)[a-z]+\b[^.;]{0,100}|for the purposes? of [^.;]{3,100}|so that [^.;]{3,100})/i;

function purposeOf(text: string): string {
  const m = PURPOSE.exec(text);
  return m
    ? `, ${m[1]
        .trim()
        .replace(/[,:]\s*$/, '')
        .replace(/\b(?:we|us)\b/g, 'the provider')
        .replace(/\bour\b/g, "the provider's")}`
    : '';
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
