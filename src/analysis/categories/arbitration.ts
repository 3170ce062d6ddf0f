// Forced arbitration: disputes go to a private arbitrator instead of a court. Learned from the
// corpus ('a'); told with its body, rules, place and scope (translate-disputes.ts).
import { arbitrationPlaces, arbitrationSentence } from '../translate-disputes.js';
import type { CategoryDefinition } from './category.js';

export const arbitration = {
  slug: 'arbitration',
  name: 'Forced arbitration',
  description: 'Disputes must go to a private arbitrator instead of a court.',
  corpusCode: 'a',
  baseSeverity: 'high',
  baseRating: 7,
  guides: ['arbitration-opt-out'],
  render: (text, s, context) => arbitrationSentence(text, s, context),
  // "If you elect mass arbitration, you agree to the procedures below": a step the user takes, no forced arbitration.
  partyTitle: (_, party) => (party === 'user' ? 'Arbitration procedure' : undefined),
  placesTold: true,
  ownScope: true,
  titlePlaces: (text, s) => arbitrationPlaces(text, s),
} as const satisfies CategoryDefinition;
