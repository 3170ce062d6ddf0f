// Foreign governing law: the contract is governed by a law the provider chooses. Learned from the
// corpus ('law'); told with the law, its scope and the consumer law kept (disputes/render.ts).
import { lawSentence } from './disputes/render.js';
import { lc } from '../engine/canon.js';
import { CONSUMER_HOME, CONSUMER_MANDATORY, GOVERNED, CONFLICT_RULES, PLACE, homePlaceMatches, all, any } from '../engine/cue-patterns.js';
import type { CategoryDefinition } from './category.js';
import { readGoverningLaw } from '../facts/governing-law.js';

// "X Limited, a company registered under the laws of Ireland": where the provider is incorporated, not the law of the contract.
const COMPANY_LAW = /\b(?:registered|incorporated|organi[sz]ed|established|existing|operating)\b[^.;]{0,40}\bunder the laws? of\b/i;
// Export-control and sanctions laws bind whatever the contract's law ("may be subject to export control
// and economic sanctions laws of the European Union"); only a clause that says what governs the terms is one.
const EXPORT_LAW =
  /\bexport(?:s|ing)?(?: and re-?export)? (?:controls?|administration|laws?|regulations?|restrictions?)\b|\b(?:economic|trade) sanctions\b|\bsanctions (?:laws?|regulations?)\b/i;
const GOVERNS_TERMS =
  /\b(?:these|this|the) (?:terms|agreement|contract)\b[^.;]{0,80}\bgoverned by\b|\bgovern(?:s)? (?:these|this|the) (?:terms|agreement|contract)\b/i;
const GOVERNS = /\bgovern(?:s|ed|ing)?\b|\bapplicable law\b|\blaws? (?:of [^.;]{1,40})?(?:will|shall) apply\b/i;

const STATES_A_LAW = /\bgovern|\blaws?\b|\bapplicable law\b|\binterpret|\bconstru/i;

/** A law the contract is governed by, not the law a company is registered under or export-control law. */
function namesTheContractsLaw(sentence: string): boolean {
  // "consistent with the "Governing law, jurisdiction, and jury trial waiver" section": a section's name states no law.
  const unquoted = sentence.replace(/"[^"]{1,160}"|“[^”]{1,160}”/g, '""');
  if (!STATES_A_LAW.test(unquoted)) return false;
  if (EXPORT_LAW.test(sentence)) return GOVERNS_TERMS.test(sentence);
  return !COMPANY_LAW.test(sentence) || GOVERNS.test(sentence);
}

export const choiceOfLaw = {
  slug: 'choice-of-law',
  name: 'Foreign governing law',
  description: "The contract is governed by a law chosen by the provider rather than your home country's.",
  corpusCode: 'law',
  baseSeverity: 'low',
  baseRating: 3.5,
  guides: ['home-law'],
  facts: { governing_law: readGoverningLaw },
  isConcern: namesTheContractsLaw,
  render: (text, s, context) => lawSentence(text, s, context),
  placesTold: true,
  ownScope: true,
  titlePlaces: (_, s) => s.lawPlaces,
  // "Foreign" only where the clause names the place.
  titleWithoutDetail: 'Governing law',
  // Cue features of the classifier (engine/cues.ts lists them, in the shipped model's order).
  cues: [
    { name: 'law_gov', test: any(GOVERNED) },
    { name: 'law_word', test: any(/\blaws?\b/) },
    { name: 'law_conflict', test: any(CONFLICT_RULES) },
    { name: 'law_place', test: all(GOVERNED, PLACE) },
    { name: 'law_cisg', test: any(/\bcisg\b|\bsale of goods\b|\bun sales convention\b/) },
    { name: 'law_home', test: all(/\blaws?\b/, CONSUMER_HOME) },
    { name: 'law_mandatory', test: any(CONSUMER_MANDATORY) },
    {
      name: 'law_unfair_core',
      test: (t) => {
        const s = lc(t);
        return GOVERNED.test(s) && PLACE.test(s) && !CONSUMER_HOME.test(s) && !CONSUMER_MANDATORY.test(s) && !homePlaceMatches(s);
      },
    },
    {
      name: 'law_fair_core',
      test: (t) => {
        const s = lc(t);
        return /\blaws?\b/.test(s) && (CONSUMER_HOME.test(s) || CONSUMER_MANDATORY.test(s));
      },
    },
    { name: 'law_same_place', test: (t) => /\blaws?\b/.test(lc(t)) && homePlaceMatches(lc(t)) },
    { name: 'law_if_live', test: any(/\bif (?:you|your)[^.]{0,40}\b(?:live|reside|resident|located|country of residence)\b/) },
  ],
} as const satisfies CategoryDefinition;
