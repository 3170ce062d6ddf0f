// Forced arbitration: disputes go to a private arbitrator instead of a court. Learned from the
// corpus ('a'); told with its body, rules, place and scope (disputes/render.ts).
import { arbitrationPlaces, arbitrationSentence } from './disputes/render.js';
import { lc } from '../engine/canon.js';
import { PLACE, ARBITRATION, BINDING_ARB, ARB_RULES, ARB_VENUE, ARB_PROCEDURE_DETAIL, CLASS_WAIVER, JURY, all, any } from '../engine/cue-patterns.js';
import type { CategoryDefinition } from './category.js';
import { readArbitration } from '../facts/arbitration.js';

export const arbitration = {
  slug: 'arbitration',
  name: 'Forced arbitration',
  description: 'Disputes must go to a private arbitrator instead of a court.',
  corpusCode: 'a',
  baseSeverity: 'high',
  baseRating: 7,
  guides: ['arbitration-opt-out'],
  facts: { arbitration: readArbitration },
  render: (text, s, context) => arbitrationSentence(text, s, context),
  // "If you elect mass arbitration, you agree to the procedures below": a step the user takes, no forced arbitration.
  partyTitle: (_, party) => (party === 'user' ? 'Arbitration procedure' : undefined),
  placesTold: true,
  ownScope: true,
  titlePlaces: (text, s) => arbitrationPlaces(text, s),
  // Cue features of the classifier (engine/cues.ts lists them, in the shipped model's order).
  cues: [
    { name: 'a_word', test: any(ARBITRATION) },
    { name: 'a_binding', test: any(BINDING_ARB) },
    { name: 'a_rules', test: all(ARBITRATION, ARB_RULES) },
    { name: 'a_venue', test: all(ARBITRATION, ARB_VENUE) },
    { name: 'a_venue_place', test: all(ARBITRATION, PLACE) },
    { name: 'a_procedure', test: all(ARBITRATION, ARB_PROCEDURE_DETAIL) },
    { name: 'a_class', test: any(CLASS_WAIVER) },
    { name: 'a_jury', test: any(JURY) },
    { name: 'a_disputes', test: all(ARBITRATION, /\b(?:any|all) (?:and all )?(?:disputes?|claims?|controvers)/) },
    {
      name: 'a_arbitrator_power',
      test: any(/\barbitrator (?:has|have|shall have|will have|with) (?:the )?exclusive (?:authority|power)|\bempower the arbitrator\b/),
    },
    { name: 'a_headline', test: (t) => ARBITRATION.test(lc(t)) && /[A-Z]{5}/.test(t) && !/[a-z]{4}/.test(t) },
  ],
} as const satisfies CategoryDefinition;
