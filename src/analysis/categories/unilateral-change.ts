// Unilateral changes: the provider may change the terms, the service or prices at will. Learned
// from the corpus ('ch'); told with how freely and with what notice (translate-powers.ts).
import { mainClause } from '../party.js';
import { changeSentence, changeTitle } from '../translate-powers.js';
import type { CategoryDefinition } from './category.js';
import { providerHoldsThePower } from './powers.js';

// A change nobody makes is no power of the provider's: "The exchange rate may change between ...",
// "future scientific research may change the interpretation of your results".
const CHANGES_BY_ITSELF = /^(?:in the future,\s*)?(?:the |future |any )?(?:exchange rates?|scientific|science|research|markets?|currency|weather)\b/i;

export const unilateralChange = {
  slug: 'unilateral-change',
  name: 'Unilateral changes',
  description: 'The provider may change the terms, the service or prices at will.',
  corpusCode: 'ch',
  baseSeverity: 'medium',
  baseRating: 5,
  guides: ['term-changes'],
  isConcern: (sentence) => !CHANGES_BY_ITSELF.test(mainClause(sentence)),
  render: (text, s) => changeSentence(text, s),
  title: (text, s) => changeTitle(text, s),
  party: providerHoldsThePower,
  periodInTitle: true,
} as const satisfies CategoryDefinition;
