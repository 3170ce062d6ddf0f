// Distant jurisdiction: disputes must be brought in courts the provider chooses. Learned from the
// corpus ('j'); told with the courts, their exclusivity and scope (translate-disputes.ts).
import { homeCourtsOnly, jurisdictionSentence } from '../translate-disputes.js';
import type { CategoryDefinition } from './category.js';

// A copyright counter-notice must state that its sender accepts a court's jurisdiction (17 U.S.C.
// 512(g)(3)(D)): the law's requirement, not a forum the provider imposes.
const COUNTER_NOTICE = /\ba statement that you consent to the jurisdiction\b/i;

export const jurisdiction = {
  slug: 'jurisdiction',
  name: 'Distant jurisdiction',
  description: 'Disputes must be brought in courts chosen by the provider, possibly far from you.',
  corpusCode: 'j',
  baseSeverity: 'medium',
  baseRating: 5,
  guides: ['records', 'home-law'],
  // A forum clause that only keeps the user's home courts is a protection.
  isConcern: (sentence) => !COUNTER_NOTICE.test(sentence) && !homeCourtsOnly(sentence),
  render: (text, s, context) => jurisdictionSentence(text, s, context),
  placesTold: true,
  ownScope: true,
  titlePlaces: (_, s) => s.courtPlaces,
  // "Distant" only where the clause names the place.
  titleWithoutDetail: 'Where disputes are heard',
} as const satisfies CategoryDefinition;
