// Distant jurisdiction: disputes must be brought in courts the provider chooses. Learned from the
// corpus ('j'); told with the courts, their exclusivity and scope (disputes/render.ts).
import { homeCourtsOnly, jurisdictionSentence } from './disputes/render.js';
import { lc } from '../engine/canon.js';
import { COURT, EXCLUSIVE, NON_EXCLUSIVE, CONSUMER_HOME, CONSUMER_MANDATORY, PLACE, homePlaceMatches, all, any } from '../engine/cue-patterns.js';
import type { CategoryDefinition } from './category.js';
import { readCourts } from '../facts/courts.js';

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
  facts: { courts: readCourts },
  // A forum clause that only keeps the user's home courts is a protection.
  isConcern: (sentence) => !COUNTER_NOTICE.test(sentence) && !homeCourtsOnly(sentence),
  render: (text, s, context) => jurisdictionSentence(text, s, context),
  placesTold: true,
  ownScope: true,
  titlePlaces: (_, s) => s.courtPlaces,
  // "Distant" only where the clause names the place.
  titleWithoutDetail: 'Where disputes are heard',
  // Cue features of the classifier (engine/cues.ts lists them, in the shipped model's order).
  cues: [
    { name: 'j_court', test: any(COURT) },
    { name: 'j_courts_word', test: any(/\bcourts?\b/) },
    { name: 'j_exclusive', test: all(COURT, EXCLUSIVE) },
    { name: 'j_place', test: all(COURT, PLACE) },
    { name: 'j_exclusive_place', test: all(COURT, EXCLUSIVE, PLACE) },
    { name: 'j_non_exclusive', test: all(COURT, NON_EXCLUSIVE) },
    { name: 'j_home', test: all(COURT, CONSUMER_HOME) },
    { name: 'j_mandatory', test: all(COURT, CONSUMER_MANDATORY) },
    {
      name: 'j_unfair_core',
      test: (t) => {
        const s = lc(t);
        return COURT.test(s) && EXCLUSIVE.test(s) && PLACE.test(s) && !CONSUMER_HOME.test(s) && !NON_EXCLUSIVE.test(s) && !homePlaceMatches(s);
      },
    },
    {
      name: 'j_fair_core',
      test: (t) => {
        const s = lc(t);
        return COURT.test(s) && (CONSUMER_HOME.test(s) || CONSUMER_MANDATORY.test(s) || NON_EXCLUSIVE.test(s));
      },
    },
    { name: 'j_same_place', test: (t) => COURT.test(lc(t)) && homePlaceMatches(lc(t)) },
    {
      name: 'j_personal',
      test: any(/\bpersonal jurisdiction\b|\bsubmit to the jurisdiction\b|\bjurisdiction and venue\b|\binconvenient forum\b|\bforum non conveniens\b/),
    },
    { name: 'j_small_claims', test: any(/\bsmall[- ]claims\b/) },
    { name: 'j_complaint_body', test: any(/\b(?:complaint|ombudsman|consumer disputes board|authority|dispute resolution platform|odr)\b/) },
  ],
} as const satisfies CategoryDefinition;
