// Limited liability: the provider excludes or caps what it owes for the user's losses. Learned from
// the corpus ('ltd'); read as a cap, excluded losses, a disclaimer, a penalty or the user's own
// responsibility (limitation-of-liability/, its helpers).
import { lc } from '../engine/canon.js';
import { NOT_LIABLE, DAMAGES, LIABILITY_CARVEOUT, THIRD_PARTY, all, any } from '../engine/cue-patterns.js';
import type { CategoryDefinition } from './category.js';
import { liabilityKind } from './limitation-of-liability/liability-kind.js';
import { liabilityReading, liabilitySentence } from './limitation-of-liability/translate-liability.js';
import { readLiabilityCap } from '../facts/liability-cap.js';

// A liability clause speaks of liability, damages, responsibility, warranties or risk; a rule of conduct
// that forbids "damaging" the service does not.
const LIABILITY_WORDS =
  /\bliab|\bdamages\b|\bresponsib(?:le|ility) for\b|\bno responsibility\b|\bnot (?:be |held )?responsible\b|\bsolely responsible\b|\bwarrant|\bas[- ]is\b|\bas available\b|\bown risk\b|\bremed(?:y|ies)\b|\bguarantee|\bindemn|\blosses\b|\bcompensat/i;
// The law's warning that a false copyright notice makes its sender liable (17 U.S.C. 512(f)).
const MISREPRESENTATION_WARNING = /\bliable for damages\b[^.]{0,80}\bmaterial(?:ly)? misrepresent/i;
// What the user takes on themselves ("at your own risk", "you are solely responsible", "you must compensate").
const USERS_OWN =
  /\b(?:at your (?:own|sole) (?:risk|discretion)|(?:you|(?:the )?(?:customer|client|licensee)) (?:are|is|will be|shall be|remains?) (?:solely |fully |entirely )?(?:responsible|liable)|your (?:sole )?responsibility|you (?:must|will|shall|agree to) (?:compensate|reimburse|pay for))\b/i;

// "No liability" only where the quote excludes liability outright: not for "these limitations",
// a savings clause ("the minimum permitted"), both parties' force majeure, or a lead-in whose list is elsewhere.
const FORCE_MAJEURE = /\bbeyond (?:its|our|their|the provider['’]s|[a-z]+['’]s) (?:reasonable )?control\b|\bforce majeure\b|\bact(?:s)? of god\b/i;
const PROVIDER_DENIES =
  /\b(?:we|the provider|the company)\s+(?:are|is|will|shall|do|does)\s+not\s+(?:be\s+)?(?:responsible|liable)\b|\b(?:we|the provider|the company)\s+(?:disclaim|make no|accept no|assume no|bear no)\b/i;
const NOT_OUTRIGHT = /\blimitations?\b|\bminimum\b|\b(?:no|neither) party\b|\bto the other\b|:\s*(?:\w{1,4}\.?)?\s*$/i;

function truerTitle(text: string, title: string): string {
  if (FORCE_MAJEURE.test(text)) return 'Force majeure';
  if (title === 'No liability' && NOT_OUTRIGHT.test(text)) return 'Limited liability';
  return title;
}

export const limitationOfLiability = {
  slug: 'limitation-of-liability',
  name: 'Limited liability',
  description: 'The provider excludes or caps its liability for losses you suffer.',
  corpusCode: 'ltd',
  baseSeverity: 'medium',
  baseRating: 5.5,
  guides: ['own-copy', 'records'],
  facts: { liability_cap: readLiabilityCap },
  // A "limit" that keeps the provider fully liable ("these limits do not apply to death or personal
  // injury") or limits what the user owes is a protection.
  isConcern: (sentence) =>
    LIABILITY_WORDS.test(sentence) && !['provider-liable', 'user-protected'].includes(liabilityKind(sentence)) && !MISREPRESENTATION_WARNING.test(sentence),
  render: (text, s) => liabilitySentence(text, s),
  // A cap, excluded losses, a disclaimer, a penalty the user pays, the user's own responsibility...
  title: (text, s) => truerTitle(text, liabilityReading(text, s).title),
  // A clause whose party is the user is titled so only where it puts something on the user.
  // "You acknowledge that you may be exposed to ..., and that we are not responsible": the denial is the provider's.
  party: (party, sentence) => (party === 'user' && PROVIDER_DENIES.test(sentence) ? 'provider' : party),
  partyTitle: (sentence, party) => (party === 'user' && USERS_OWN.test(sentence) ? 'Your own responsibility' : undefined),
  // Cue features of the classifier (engine/cues.ts lists them, in the shipped model's order).
  cues: [
    { name: 'ltd_not_liable', test: any(NOT_LIABLE) },
    { name: 'ltd_damages', test: any(DAMAGES) },
    { name: 'ltd_liab_word', test: any(/\bliab(?:le|ility|ilities)\b|\bresponsib(?:le|ility)\b/) },
    { name: 'ltd_core', test: all(NOT_LIABLE, DAMAGES) },
    { name: 'ltd_carveout', test: any(LIABILITY_CARVEOUT) },
    { name: 'ltd_third_party', test: all(NOT_LIABLE, THIRD_PARTY) },
    {
      name: 'ltd_cap',
      test: any(
        /\b(?:shall|will) not exceed\b|\blimited to (?:the )?(?:greater|lesser|amount|sum|\$|us\$|€|£|one hundred|fifty|\d)|\bexceed (?:the )?(?:greater|lesser|amount|sum)/,
      ),
    },
    { name: 'ltd_warranty', test: any(/\bwarrant(?:y|ies)\b|\bas[- ]is\b|\bmerchantability\b|\bfitness for a particular purpose\b/) },
    { name: 'ltd_indemnify', test: any(/\bindemnif|\bhold (?:us |[a-z]+ )?harmless\b/) },
    {
      name: 'ltd_max_extent',
      test: any(
        /\b(?:to the (?:maximum|fullest|extent) (?:extent )?(?:permitted|allowed|permissible)|to the extent (?:permitted|allowed) by (?:applicable )?law)\b/,
      ),
    },
    {
      name: 'ltd_user_liable',
      test: any(/\byou (?:will|shall|are|may|agree to) (?:be )?(?:(?:solely|fully|ultimately) )?(?:liable|responsible)\b|\byour liability\b/),
    },
    {
      name: 'ltd_core_unfair',
      test: (t) => {
        const s = lc(t);
        return NOT_LIABLE.test(s) && !LIABILITY_CARVEOUT.test(s);
      },
    },
  ],
} as const satisfies CategoryDefinition;
