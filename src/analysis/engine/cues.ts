// Hand-written cue features for the clause classifier, grouped by category. Each cue is a yes/no
// test on one sentence; the linear model learns how much each matters. The cues target what
// separates a potentially unfair clause from a fair clause on the same topic: who holds the
// power (the provider "may"/"reserves the right" vs "you may"), breadth ("at any time", "for any
// reason", "sole discretion", "without notice"), exclusivity of a forum or law, and consumer
// carve-outs (home courts, mandatory consumer law, liability kept for death or fraud).
// They were written from general knowledge of consumer-contract law and tuned on 32 of the 40
// corpus documents (8 documents were kept sealed), so they count as "developed on" the corpus.

import { lc } from './canon.js';
import {
  providerPower,
  SOLE_DISCRETION,
  ANY_TIME,
  ANY_REASON,
  NO_NOTICE,
  WITH_NOTICE,
  CHANGE_VERB,
  TERMS_OBJECT,
  SERVICE_OBJECT,
  REMOVE_VERB,
  CONTENT_OBJECT,
  TERMINATE_VERB,
  TERMINATE_OBJECT,
  BREACH,
  COURT,
  EXCLUSIVE,
  NON_EXCLUSIVE,
  CONSUMER_HOME,
  CONSUMER_MANDATORY,
  GOVERNED,
  CONFLICT_RULES,
  PLACE,
  ARBITRATION,
  BINDING_ARB,
  ARB_RULES,
  ARB_VENUE,
  ARB_PROCEDURE_DETAIL,
  CLASS_WAIVER,
  JURY,
  NOT_LIABLE,
  DAMAGES,
  LIABILITY_CARVEOUT,
  THIRD_PARTY,
  USING_BINDS,
  AGREE_BOUND,
  PRIVACY_DOC,
  INCORPORATED,
  YOU_MAY_END,
  HEADING_LIKE,
  homePlaceMatches,
  all,
  any,
} from './cue-patterns.js';

export { canon } from './canon.js';

export interface Cue {
  name: string;
  test: (text: string) => boolean;
}

export const CUES: Cue[] = [
  // generic power and breadth
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

  // unilateral change
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

  // content removal
  { name: 'cr_verb', test: any(REMOVE_VERB) },
  { name: 'cr_content', test: all(REMOVE_VERB, CONTENT_OBJECT) },
  { name: 'cr_power', test: (t) => REMOVE_VERB.test(lc(t)) && CONTENT_OBJECT.test(lc(t)) && providerPower(t) },
  {
    name: 'cr_broad',
    test: (t) =>
      REMOVE_VERB.test(lc(t)) &&
      CONTENT_OBJECT.test(lc(t)) &&
      (SOLE_DISCRETION.test(lc(t)) || ANY_REASON.test(lc(t)) || NO_NOTICE.test(lc(t)) || /\bat any time\b|objectionable|in our opinion|we believe/.test(lc(t))),
  },
  {
    name: 'cr_not_obligation',
    test: any(
      /\b(?:right|entitled)[^.]{0,30}\bbut not (?:the )?(?:obligation|duty)|\bno obligation to (?:screen|monitor|review|edit|pre-screen)|\bnot (?:obligated|obliged|required) to (?:publish|screen|monitor|review|post|host)/,
    ),
  },
  { name: 'cr_delete_data', test: any(/\b(?:delete|erase|destroy|purge)\b[^.]{0,60}\b(?:data|content|information|files)\b/) },
  {
    name: 'cr_user_content',
    test: all(
      REMOVE_VERB,
      /\b(?:your|user|users'|member|members'|user-generated) (?:content|submissions?|posts?|postings?|materials?|reviews?|photos?|messages?|data|information)\b|\bugc\b|\bsubmissions?\b/,
    ),
  },
  { name: 'cr_user_subject', test: any(/\byou(?:r)?\b[^.;]{0,30}\b(?:delete|remove|deleting|removing|deactivat|download)/) },
  { name: 'cr_user_deletes', test: any(/\byou (?:may|can) (?:delete|remove|edit)\b/) },

  // unilateral termination
  { name: 'ter_verb', test: any(TERMINATE_VERB) },
  { name: 'ter_object', test: all(TERMINATE_VERB, TERMINATE_OBJECT) },
  { name: 'ter_power', test: (t) => TERMINATE_VERB.test(lc(t)) && providerPower(t) },
  { name: 'ter_power_obj', test: (t) => TERMINATE_VERB.test(lc(t)) && TERMINATE_OBJECT.test(lc(t)) && providerPower(t) },
  {
    name: 'ter_broad',
    test: (t) => TERMINATE_VERB.test(lc(t)) && (ANY_TIME.test(lc(t)) || ANY_REASON.test(lc(t)) || NO_NOTICE.test(lc(t)) || SOLE_DISCRETION.test(lc(t))),
  },
  { name: 'ter_breach', test: all(TERMINATE_VERB, BREACH) },
  {
    name: 'ter_if_clause',
    test: any(/^\s*(?:\(?[a-z0-9ivx]{1,4}[.)]\s*)?(?:if|where|when|in case|in the event) (?:you|we|your|skype|it|there)\b[^.]*(?:;|\bor|\band)?\s*$/),
  },
  { name: 'ter_inactive', test: any(/\binactiv|\bdo(?:n't| not) (?:log|sign) in\b|\bhave not (?:logged|signed) in\b/) },
  {
    name: 'ter_refuse',
    test: any(
      /\brefuse (?:service|to provide|to serve|any|access|registration)|\bdecline (?:a new )?registration|\bcancel (?:your )?(?:order|it|the contract)|\brefuse to accept\b/,
    ),
  },

  // jurisdiction
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

  // choice of law
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

  // limitation of liability
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

  // contract by using
  { name: 'use_binds', test: any(USING_BINDS) },
  { name: 'use_agree_bound', test: any(AGREE_BOUND) },
  { name: 'use_core', test: all(USING_BINDS, /\bagree|\bbound\b|\baccept|\bconsent/) },
  { name: 'use_continued', test: any(/\b(?:continued|continuing|continue to|continue using|subsequent|further) (?:use|access|using|accessing|participation)/) },

  // privacy by reference
  { name: 'pinc_privacy', test: any(PRIVACY_DOC) },
  { name: 'pinc_incorporated', test: all(PRIVACY_DOC, INCORPORATED) },
  { name: 'pinc_agree', test: all(PRIVACY_DOC, /\bagree|\baccept|\bbound\b|\backnowledge\b/) },
  { name: 'pinc_see', test: all(PRIVACY_DOC, /\b(?:please )?(?:see|read|review|refer to|visit|learn more)\b/) },

  // arbitration
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
];
