// Foreign governing law: the contract is governed by a law the provider chooses. Learned from the
// corpus ('law'); told with the law, its scope and the consumer law kept (translate-disputes.ts).
import { lawSentence } from '../translate-disputes.js';
import type { CategoryDefinition } from './category.js';

// "X Limited, a company registered under the laws of Ireland": where the provider is incorporated, not the law of the contract.
const COMPANY_LAW = /\b(?:registered|incorporated|organi[sz]ed|established|existing|operating)\b[^.;]{0,40}\bunder the laws? of\b/i;
// Export-control and sanctions laws bind whatever the contract's law ("may be subject to export control
// and economic sanctions laws of the European Union"); only a clause that says what governs the terms is one.
const EXPORT_LAW =
  /\bexport(?:s|ing)?(?: and re-?export)? (?:controls?|administration|laws?|regulations?|restrictions?)\b|\b(?:economic|trade) sanctions\b|\bsanctions (?:laws?|regulations?)\b/i;
const GOVERNS_TERMS =
  /\b(?:these|this|the) (?:terms|agreement|contract)\b[^.;]{0,80}\bgoverned by\b|\bgovern(?:s)? (?:these|this|the) (?:terms|agreement|contract)\b/i;
const GOVERNS = /\bgovern(?:s|ed|ing)?\b|\bapplicable law\b|\blaws? (?:of [^.;]{1,40})?(?:will|shall) apply\b/i;

/** A law the contract is governed by, not the law a company is registered under or export-control law. */
function namesTheContractsLaw(sentence: string): boolean {
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
  isConcern: namesTheContractsLaw,
  render: (text, s, context) => lawSentence(text, s, context),
  placesTold: true,
  ownScope: true,
  titlePlaces: (_, s) => s.lawPlaces,
  // "Foreign" only where the clause names the place.
  titleWithoutDetail: 'Governing law',
} as const satisfies CategoryDefinition;
