// Hand-written cue features for the clause classifier: the generic ones here, each category's in
// its file (categories/<slug>.ts `cues`), joined below in the order the shipped model was trained with. Each cue is a yes/no
// test on one sentence; the linear model learns how much each matters. The cues target what
// separates a potentially unfair clause from a fair clause on the same topic: who holds the
// power (the provider "may"/"reserves the right" vs "you may"), breadth ("at any time", "for any
// reason", "sole discretion", "without notice"), exclusivity of a forum or law, and consumer
// carve-outs (home courts, mandatory consumer law, liability kept for death or fraud).
// They were written from general knowledge of consumer-contract law and tuned on 32 of the 40
// corpus documents (8 documents were kept sealed), so they count as "developed on" the corpus.

import { providerPower, SOLE_DISCRETION, ANY_TIME, ANY_REASON, NO_NOTICE, WITH_NOTICE, YOU_MAY_END, HEADING_LIKE, any, type Cue } from './cue-patterns.js';
import { unilateralChange } from '../categories/unilateral-change.js';
import { contentRemoval } from '../categories/content-removal.js';
import { unilateralTermination } from '../categories/unilateral-termination.js';
import { jurisdiction } from '../categories/jurisdiction.js';
import { choiceOfLaw } from '../categories/choice-of-law.js';
import { limitationOfLiability } from '../categories/limitation-of-liability.js';
import { contractByUsing } from '../categories/contract-by-using.js';
import { privacyByReference } from '../categories/privacy-by-reference.js';
import { arbitration } from '../categories/arbitration.js';

export { canon } from './canon.js';

export type { Cue };

// Generic: power and breadth, and the shape of a sentence (heading, list item, capitals).
const GENERIC: Cue[] = [
  { name: 'provider_power', test: (t) => providerPower(t) },
  { name: 'sole_discretion', test: any(SOLE_DISCRETION) },
  { name: 'any_time', test: any(ANY_TIME) },
  { name: 'any_reason', test: any(ANY_REASON) },
  { name: 'no_notice', test: any(NO_NOTICE) },
  { name: 'with_notice', test: any(WITH_NOTICE) },
  { name: 'breadth', test: any(SOLE_DISCRETION, ANY_REASON, NO_NOTICE, /\bat any time\b/) },
  { name: 'you_may_end', test: any(YOU_MAY_END) },
  { name: 'short', test: (t) => t.split(/\s+/).length <= 5 },
  { name: 'all_caps', test: (t) => /[A-Z]{4}/.test(t) && !/[a-z]{3}/.test(t) },
  { name: 'heading_like', test: (t) => t.split(/\s+/).length <= 8 && !/[.;:]$/.test(t.trim()) },
  { name: 'list_item', test: (t) => /^\s*(?:\(?[a-z0-9ivx]{1,4}[.)]|[-•*])\s/i.test(t) },
  { name: 'ends_colon', test: (t) => /:\s*$/.test(t) },
  { name: 'no_caps_upper', test: (t) => HEADING_LIKE.test(t) },
];

/** Every cue, in the order of the features the shipped model (model/model.json) was trained with. */
export const CUES: readonly Cue[] = [
  ...GENERIC,
  ...unilateralChange.cues,
  ...contentRemoval.cues,
  ...unilateralTermination.cues,
  ...jurisdiction.cues,
  ...choiceOfLaw.cues,
  ...limitationOfLiability.cues,
  ...contractByUsing.cues,
  ...privacyByReference.cues,
  ...arbitration.cues,
];
