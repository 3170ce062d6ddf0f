// Unilateral changes: the provider may change the terms, the service or prices at will. Learned
// from the corpus ('ch'); told with how freely and with what notice (unilateral-change/render.ts).
import { clauseParty, mainClause } from '../party.js';
import { changeSentence, changeTitle } from './unilateral-change/render.js';
import { lc } from '../engine/canon.js';
import { providerPower, SOLE_DISCRETION, ANY_TIME, NO_NOTICE, CHANGE_VERB, TERMS_OBJECT, SERVICE_OBJECT, all, any } from '../engine/cue-patterns.js';
import type { CategoryDefinition } from './category.js';
import { providerHoldsThePower } from './powers.js';
import { readTermsChanges } from '../facts/terms-changes.js';

// A change nobody makes is no power of the provider's: "The exchange rate may change between ...",
// "future scientific research may change the interpretation of your results".
const CHANGES_BY_ITSELF = /^(?:in the future,\s*)?(?:the |future |any )?(?:exchange rates?|scientific|science|research|markets?|currency|weather)\b/i;

// A change clause speaks of changing something; a clause on how notices are sent ("we may send you
// notices by email or by posting them on the site") does not.
const CHANGE_WORDS =
  /\b(?:chang|modif|amend|updat|revis|alter|vary|varies|varied|add|remov|discontinu|replac|suspend|withdraw|introduc|adjust|increas|rais|reset|evolv|improv|new (?:version|terms|features?|prices?)|differ)\w*|\bsubject to change\b|\b(?:price|fee|rate)s?\b/i;

// "We may provide you with notices, including those regarding changes to the Terms, by email": how
// notices are sent, unless the clause also gives the power to change.
// "You agree that other users may ... amend your family site": what other users do is no change the provider makes.
const OTHER_USERS_ACT = /^(?:you (?:agree|acknowledge|understand) that )?other (?:users|members)\b/i;
// "we may send an email to you notifying you of a Change": how a change is told, not a power to make one.
const NOTICES_SENT =
  /\b(?:provide|send|give|deliver|post)\w*\s+(?:you\s+)?(?:with\s+)?(?:an?\s+|any\s+)?(?:notices?|e-?mails?|messages?|notifications?)\b|\b(?:notify|notifying|inform|informing)\s+you\s+(?:of|about)\b/i;
// "these Terms may need to change along with us": a reason given, not the power itself.
const NEEDS_TO_CHANGE =
  /\b(?:terms|agreement|polic(?:y|ies)|they|it)\s+(?:may|might|will|could)\s+(?:\w+\s+)?need\s+to\s+(?:be\s+)?(?:chang|modif|updat|amend|revis)\w*/i;
// The provider's own power, said outright ("we may change", "Substack reserves the right to amend").
const PROVIDER_CHANGES =
  /\b(?:we|[A-Z][\w-]+)\s+(?:\w+\s+)?(?:may|can|will|reserves? the right to|(?:has|have) the right to)\s+(?:\w+\s+)?(?:chang|modif|amend|updat|revis|alter)\w*/;
const PLATFORM_NAME = /^(?:apple|google|amazon|microsoft|stripe|paypal)\b/i;
// "stricter regulation may result in changes to our products": a cause that brings change, no one's power to make it.
const CAUSED_CHANGE =
  /\b(?:may|might|could|will|can)\s+(?:\w+\s+)?(?:result in|lead to|cause|necessitate|require)\s+(?:\w+\s+){0,2}?(?:changes?|modifications?|amendments?|updates?)\b/i;
const POWER_TO_CHANGE = /\b(?:may|can|will|reserves?(?: the right)?(?: to)?|right to)(?:\s+\w+){0,3}?\s+(?:chang|modif|amend|updat|revis|alter)\w*/i;

export const unilateralChange = {
  slug: 'unilateral-change',
  name: 'Unilateral changes',
  description: 'The provider may change the terms, the service or prices at will.',
  corpusCode: 'ch',
  baseSeverity: 'medium',
  baseRating: 5,
  guides: ['term-changes'],
  facts: { terms_changes: readTermsChanges },
  isConcern: (sentence) =>
    !OTHER_USERS_ACT.test(mainClause(sentence)) &&
    // Another party's power ("Merchants may alter their terms", "Your subscription provider may change the fee") is not the provider's.
    // (A platform company named as the subject may be the provider itself, in its own terms: analyze.ts reads that.)
    !(clauseParty(sentence) === 'third-party' && !PLATFORM_NAME.test(mainClause(sentence))) &&
    !((CAUSED_CHANGE.test(sentence) || NEEDS_TO_CHANGE.test(sentence)) && !PROVIDER_CHANGES.test(sentence)) &&
    !CHANGES_BY_ITSELF.test(mainClause(sentence)) &&
    CHANGE_WORDS.test(sentence) &&
    !(NOTICES_SENT.test(sentence) && !POWER_TO_CHANGE.test(sentence)),
  render: (text, s) => changeSentence(text, s),
  title: (text, s) => changeTitle(text, s),
  party: providerHoldsThePower,
  periodInTitle: true,
  // Cue features of the classifier (engine/cues.ts lists them, in the shipped model's order).
  cues: [
    { name: 'ch_verb', test: any(CHANGE_VERB) },
    { name: 'ch_terms', test: all(CHANGE_VERB, TERMS_OBJECT) },
    { name: 'ch_service', test: all(CHANGE_VERB, SERVICE_OBJECT) },
    { name: 'ch_power', test: (t) => CHANGE_VERB.test(lc(t)) && providerPower(t) },
    { name: 'ch_power_terms', test: (t) => CHANGE_VERB.test(lc(t)) && TERMS_OBJECT.test(lc(t)) && providerPower(t) },
    { name: 'ch_broad', test: (t) => CHANGE_VERB.test(lc(t)) && (ANY_TIME.test(lc(t)) || NO_NOTICE.test(lc(t)) || SOLE_DISCRETION.test(lc(t))) },
    { name: 'ch_review', test: any(/\b(?:review|check|look at|visit)\b[^.]{0,40}\b(?:periodically|regularly|frequently|from time to time|back)\b/) },
    {
      name: 'ch_subject_to_change',
      test: any(/\bsubject to change\b|\bas (?:may be )?(?:amended|modified|updated|changed) from time to time\b|\bmay (?:vary|change) from time to time\b/),
    },
    {
      name: 'ch_reset',
      test: any(
        /\b(?:reset|add or remove|adding or removing|remove (?:or|and) (?:add|replace)|limit or discontinu|stop (?:providing|offering) (?:a|any|the) (?:service|feature))/,
      ),
    },
  ],
} as const satisfies CategoryDefinition;
