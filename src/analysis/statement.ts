// A statement, not a mention (issue 44, item 3): a sentence is a clause of a category only when its
// main clause states the category's concern for the parties (the power, the waiver, the limit, the
// choice). Not when the category's words stand only in a condition, an exception or an aside
// ("Upon termination, your licence ends"; "..., except that the limitations of liability in section 14
// apply"); not a pointer or warning that another part does it ("The section titled X contains an
// arbitration clause"; "Section 12 limits our liability"); not a fallback, for the provision whose
// failure it is conditioned on ("If this waiver is found unenforceable, ..." is no waiver); and, for
// powers, only where someone holds the power over the user's side of the contract (a program or a
// promotion suspended is no account suspended).
import { clauseStructure } from './clause-structure.js';
import type { CategorySlug } from './categories/index.js';

// Words the main clause must carry for it to state each category (categories absent: no such test).
const STATES: Partial<Record<CategorySlug, RegExp>> = {
  arbitration: /\barbitra/i,
  'class-action-waiver':
    /\bclass\b|\bcollective|\brepresentative|\bjury\b|\bconsolidat|\bindividual(?:ly|\s+(?:basis|capacity|claims?|actions?|arbitrations?))|\bmass\b|\bprivate attorney/i,
  jurisdiction: /\bcourts?\b|\bjurisdiction|\bvenue|\bforum\b|\btribunal|\bjudge/i,
  'choice-of-law': /\blaws?\b|\bgovern|\bconstru/i,
  'limitation-of-liability':
    /\bliab|\bdamages\b|\bresponsib|\bwarrant|\bas[- ]is\b|\bas available\b|\brisk\b|\bremed(?:y|ies)\b|\bguarantee|\bindemn|\blosses\b|\bcompensat|\bendorse|\baccuracy\b|\buninterrupted\b|\berror-free\b|\bfree of\b|\bcontrol\b|\blimitations?\b/i,
  'unilateral-change':
    /\bchang|\bmodif|\bamend|\bupdat|\brevis|\balter|\breplac|\bdiscontinu|\bsuspend|\badd\b|\bremov|\bintroduc|\bpric|\bfees?\b|\blimit|\brestrict|\bimpos|\bestablish|\brevok|\bcancel|\bterminat|\bcharg|\bvar(?:y|ies)\b|\bupgrad|\bmaintenance\b/i,
  'content-removal':
    /\bremov|\bdelet|\bblock|\brefus|\bdisabl|\bedit|\btake (?:\w+ )?down|\bfilter|\bmoderat|\breject|\bwithh(?:o|e)ld|\brestrict|\bscreen|\breview|\bmonitor|\bdeclin|\bhid(?:e|ing)\b|\bsuspend|\bpull\b|\bdisallow|\bdiscretion|\blimit|\beliminat|\bpurg|\beras/i,
  // Bound by using: the main clause binds ("you agree", "constitutes acceptance"), not only tells you not to use.
  'contract-by-using':
    /\bagree|\baccept|\bbound\b|\bbind|\bconsent|\bconstitut|\bdeemed\b|\bsignif|\bindicat|\backnowledg|\bconfirm|\bapply to\b|\bgovern|\bsubject to\b|\beffective\b|\btakes? effect\b/i,
};

// The main clause points at another part of the terms, or warns of it, rather than stating it.
const POINTER =
  /^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:[A-Z][A-Z ]{2,30}:\s*)?(?:(?:please\s+)?(?:\w+ly\s+)?(?:read|review|see|refer to|consult)\b|(?:the|this|that|these|our)\s+(?:(?:following|above|below|next)\s+)?(?:sections?|paragraphs?|clauses?|provisions?|parts?|articles?|headings?|notices?|summary)\b(?:\s+(?:titled|entitled|called|named|headed|below|above|\d[\w.()]*|[“"][^”"]{1,80}[”"]))*[^.;]{0,40}?\b(?:contains?|includes?|sets? (?:out|forth)|describes?|explains?|address(?:es)?|covers?|details?|summari[sz]es|outlines?|affects?|limits?|excludes?)\b|(?:sections?|paragraphs?|clauses?|articles?)\s+\d[\w.()]*[^.;]{0,60}?\b(?:contains?|includes?|sets? (?:out|forth)|describes?|explains?|limits?|excludes?|affects?|appl(?:y|ies))\b|(?:these|the|this)\s+(?:terms|agreement|conditions|terms of (?:service|use)|user agreement)\s+(?:also\s+)?(?:contains?|includes?|describes?|sets? (?:out|forth))\b)/i;

// A power to end or suspend, and its object: held by someone (a modal, a right, a discretion), said
// in the passive ("may be suspended"), or as what something results in ("may result in suspension").
const ACT =
  '(?:suspen\\w*|terminat\\w*|clos(?:e|es|ed|ing|ure)|disabl\\w*|delet\\w*|deactivat\\w*|cancel\\w*|revok\\w*|ban|bann\\w*|block\\w*|restrict\\w*|limit(?:s|ed|ing)?|end|ends|ending|discontinu\\w*|remov\\w*|refus\\w*|deny|denied|withdraw\\w*|lock\\w*|reclaim\\w*|ceas\\w*|stop\\w*|kick\\w*|expel\\w*)';
const POWER_MARKER =
  "(?:may|might|can|could|will|shall|must|reserves? (?:the|all|any) rights?(?: to)?|(?:has|have|retains?) (?:the )?(?:sole |absolute |unilateral |full )?(?:right|discretion)|(?:is|are) (?:\\w+ )?(?:entitled|free|permitted)|(?:at|in) (?:its|our|their|[A-Z][\\w-]*['’]s) (?:sole |absolute |own )?discretion|(?:flexibility|ability|freedom) to|polic(?:y|ies)\\b[^.;]{0,40}?\\b(?:to|of|for))";
const ANY_ACT = new RegExp(`\\b${ACT}\\b|\\b(?:suspension|termination|closure|closing|deactivation|cancell?ation|ban|revocation|measures|limits?)\\b`, 'i');
const ACTS = new RegExp(`\\b${ACT}\\b`, 'gi');
const POWER_BEFORE = new RegExp(`\\b${POWER_MARKER}\\b[^.;]{0,160}$`, 'i');
const PASSIVE = new RegExp(
  `\\b(?:be|being|been|is|are|get|gets)\\s+(?:\\w+\\s+){0,2}?(?:suspended|terminated|closed|disabled|deleted|deactivated|cancell?ed|revoked|banned|blocked|restricted|limited|ended|discontinued|removed|locked|reclaimed|withdrawn|denied|refused)\\b`,
  'i',
);
const RESULTS_IN =
  /\b(?:result|lead|led)s?\s+(?:\w+\s+)?(?:in|to)\b[^.;]{0,60}\b(?:suspension|termination|closure|deactivation|removal|ban|cancell?ation|loss of (?:access|your account))|\bgrounds? for\b[^.;]{0,40}\b(?:suspension|termination|closure)|\b(?:suspension|termination|deactivation|closure|cancell?ation)\b[^.;]{0,60}\b(?:may|can|will|shall)\s+(?:\w+\s+)?(?:occur|happen|take effect|follow)/i;
const ACTS_NOW = new RegExp(
  `\\b(?:we|[A-Z][\\w-]+)\\s+(?:\\w+ly\\s+)?(?:suspends?|terminates?|closes|disables?|deletes?|deactivates?|bans?|blocks?|removes?|revokes?)\\s+(?:\\w+\\s+){0,2}?(?:accounts?|access|users?|you)\\b`,
);
// What a power to end acts on: the user's side of the contract, not an offer, a program or a part of the service.
const USER_SIDE =
  /\b(?:accounts?|access|membership|subscriptions?|agreement|contract|relationship|profiles?|registrations?|usernames?|logins?|credentials|licen[cs]es?|rights? to (?:use|access)|ability to (?:use|access|post)|use of|services? to (?:you|users?)|(?:these|the|this) (?:terms|eula)|you|users?|members?|customers?|him|her|them|participation|moderator|status|ids?)\b/i;
const OFFER_ONLY =
  /^\s*(?:(?:or|and)\s+\w+\s+)?(?:(?:the|any|all|your|our|its|such|this|a)\s+)?(?:(?:\w+\s+){0,2})?(?:programs?|promotions?|promo(?:tional)?|codes?|coupons?|offers?|features?|functionality|orders?|items?|products?|rewards?|points|referral|campaigns?|contests?|beta|events?|tickets?|sales?)\b/i;

// "... and to take action up to and including termination of your account": the power named as a noun.
const ENDING_NOUN =
  /\b(?:suspension|termination|closure|closing|deactivation|cancell?ation|disabling|deletion|removal|ban|revocation)\b[^.;]{0,50}?\bof\s+(?:[\w'’]+\s+){0,3}?(?:accounts?|access|membership|subscriptions?|profiles?|agreement|contract|registration)\b/i;
const MEASURES =
  /\b(?:take|impose|apply)\b[^.;]{0,30}\b(?:following|these|such)\s+(?:measures|actions|steps|sanctions)\b|\b(?:create|impose|set|establish|place)\s+(?:\w+\s+)?limits?\s+(?:on|to)\s+(?:your\s+)?(?:use|access|usage)\b/i;
const ACTOR_MAY =
  /\b(?:we|either party|each party|either of us|you or we|we or you|the (?:company|provider)|[A-Z][\w-]+)\s+(?:\w+\s+)?(?:may|can|could|might|reserves? the right to|(?:has|have) the right to|(?:is|are) entitled to)\s+(?:\w+\s+)?$/;
const FINITE = /\b(?:is|are|was|were|will|shall|may|must|can|could|would|should|has|have|had|do|does|did)\b/i;
const ACTS_ON_USER = new RegExp(
  `\\b${ACT}\\s+(?:(?:or|and|and/or)\\s+\\w+\\s+)?(?:your|the user['’]?s?|users['’]?|members['’]?|any user['’]?s?|their|the)\\s+(?:[\\w-]+\\s+){0,2}?(?:accounts?|membership|registration|profiles?|rights? to (?:use|access)|licen[cs]es?|subscriptions?|access)\\b`,
  'i',
);
const RIGHTS_END =
  /\b(?:rights?|licen[cs]es?|permissions?|access|account|membership|subscription)\b[^.;]{0,80}?\b(?:will|shall|may|to)?\s*(?:\w+\s+)?(?:terminat(?:e|es)|ceases?|ends?|expires?|lapses?|be revoked)\b/i;
const TERMINATION_WORD = /\b(?:terminat|suspen|clos(?:e|ure|ing)|cancell?ation|deactivat|expir)/i;
const ITEM_ACT = new RegExp(`^\\W*(?:(?:and|or)\\s+)?(?:[^,]{0,40},\\s*)?${ACT}\\s+(?:or\\s+\\w+\\s+)?(?:the|your|any|a|an|their|user)\\b`, 'i');
const MARKS_POWER = new RegExp(`\\b${POWER_MARKER}\\b`, 'i');

// Nothing ended follows the verb: it ends on its own ("... will terminate.", "... will end automatically").
const INTRANSITIVE = new RegExp(
  `^\\s*(?:$|[.;:]|,(?!\\s*(?:(?:or|and)\\s+)?${ACT}\\b)|(?:immediately|automatically|forthwith|upon|on|at|when|if|without|as|in|after)\\b)`,
  'i',
);
// What may end on its own and still be the user's side: "your account will terminate", "this Agreement will end".
const ENDS_ON_ITS_OWN = /\b(?:accounts?|access|membership|subscriptions?|agreement|contract|terms|registration|profiles?)\b/i;

// The head of a noun phrase ended that is the user's side of the contract, or the service as a whole.
const USER_SIDE_HEAD =
  /^(?:accounts?|access|membership|memberships|subscriptions?|agreements?|contracts?|relationship|profiles?|registrations?|usernames?|logins?|credentials|licen[cs]es?|rights?|ability|use|usage|services?|site|website|platform|apps?|terms|eula|you|users?|members?|customers?|participation|status|ids?|him|her|them|it|provision|all|any|part|portion|this|that|either|both|one|everything|relationships?)$/i;
const NOUN_PHRASE_END =
  /^(?:for|of|to|in|on|at|by|with|from|within|under|if|when|where|unless|and|or|but|without|immediately|upon|as|that|which|who|because|due|temporarily|permanently|at)$/i;

/** What is ended is named, and its head is neither the user's side of the contract nor the service ("any geolocation provider"). */
function endsSomethingElse(object: string): boolean {
  const words = object.trim().split(/\s+/);
  const np: string[] = [];
  for (const word of words) {
    const w = word.replace(/[’']s$/, '').replace(/[^\w-]/g, '');
    if (!w || NOUN_PHRASE_END.test(w)) break;
    np.push(w);
    if (/[,;.:)]$/.test(word)) break;
  }
  const content = np.filter((w) => !/^(?:the|a|an|any|all|your|our|its|their|such|this|these|those|each|some|current|existing)$/i.test(w));
  if (!content.length || np.length > 6) return false;
  const head = content[content.length - 1];
  // A proper name alone ("Flickr Pro") or a pronoun says nothing of what it is.
  return /^[a-z]/.test(head) && !USER_SIDE_HEAD.test(head);
}

/** The main clause holds a power to end or suspend something on the user's side, or says it may end. */
function statesTermination(stated: string, conditions: readonly string[]): boolean {
  let clause = stated;
  // Stops inside abbreviations and names ("e.g.", "academia.edu") end no clause.
  clause = clause.replace(/\b(?:e\.g|i\.e|etc|incl|approx|vs)\./gi, (m) => m.replace(/\./g, '')).replace(/(\w)\.(?=\w)/g, '$1 ');
  // The items of a list run on after semicolons ("may (i) require a fee; (ii) limit your access; or (iii) suspend").
  const main = clause.replace(/;\s*(?:(?:and|or)\s+)?/g, ', ');
  // "Suspension or closing of your Account" (an item of a list of sanctions), "the power to ... up to termination of your account".
  if (ENDING_NOUN.test(main) && (MARKS_POWER.test(main) || !FINITE.test(main))) return true;
  // "may take any of the following measures:" (the acts are its items), "may create limits on use and storage".
  if (MARKS_POWER.test(main) && MEASURES.test(main)) return true;
  // "suspending or closing your account", "terminates your right to use the products": acting on the user's side, whoever acts.
  if (ACTS_ON_USER.test(main)) return true;
  // "Your rights to use the software will automatically terminate if you fail to comply": the user's rights end, unless on a termination.
  if (RIGHTS_END.test(main) && !conditions.some((c) => TERMINATION_WORD.test(c))) return true;
  // An item of a list whose lead-in holds the power ("We may: ... (iii) terminate the accounts of ...").
  if (ITEM_ACT.test(main)) return true;
  // Each verb of ending, where someone holds the power to use it, and on what.
  for (const m of main.matchAll(ACTS)) {
    const before = main.slice(Math.max(0, m.index - 200), m.index);
    if (!POWER_BEFORE.test(before)) continue;
    // What it acts on, past asides set off by commas (", temporarily or permanently, any portion of our services").
    const object = main.slice(m.index + m[0].length, m.index + m[0].length + 120).replace(/^(?:\s*,[^,;.]{1,50},)+/, ' ');
    if (OFFER_ONLY.test(object) && !USER_SIDE.test(object)) continue;
    // "discontinue any geolocation provider within the feature", "terminate the Reserved DB Instance program": the
    // head of what is ended is a thing of the service, not the user's side of the contract.
    if (endsSomethingElse(object)) continue;
    // "all rights and licences ... will immediately terminate": ending on its own, said of something else than the account.
    // ("suspend without prior notice your access": an adverb first, the object after it.)
    // ("you or we may terminate at any time": someone holds the power, with or without an object.)
    if (INTRANSITIVE.test(object) && !USER_SIDE.test(object.split(/[.;]/)[0]) && !ENDS_ON_ITS_OWN.test(before.slice(-80)) && !ACTOR_MAY.test(before)) continue;
    return true;
  }
  return PASSIVE.test(main) || RESULTS_IN.test(main) || ACTS_NOW.test(main);
}

// A definition ("“Software” means any downloadable tools ... and any updates Google may make") defines, it grants no power.
const DEFINITION =
  /^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:the (?:term|expression|word)s?\s+)?[“"'‘][^”"'’]{1,60}[”"'’](?:\s*(?:and|or)\s*[“"'‘][^”"'’]{1,60}[”"'’])*\s*(?:\([^)]{0,40}\)\s*)?(?:means|shall mean|will mean|refers? to|has the meaning|is defined as|includes?)\b/i;
// A part of the terms said not to apply ("the section regarding governing law and venue will not apply") takes a provision away.
const DISAPPLIES = /\b(?:sections?|provisions?|clauses?|paragraphs?|parts?|articles?|terms)\b[^.;]{0,80}\b(?:will|shall|does|do)\s+not\s+apply\b/i;

const PURCHASE_REMOVED =
  /\b(?:remov|delet|cancel)\w*\s+(?:[\w-]+\s+){0,3}?(?:items?|products?|goods|orders?|articles?)\s+(?:from|in)\s+(?:your\s+|the\s+)?(?:shopping\s+)?(?:basket|cart|bag|wish\s?list)\b/i;

// Arbitration named but not sent to: a waiver of group proceedings ("class arbitrations", "whether in court or in
// arbitration", "any arbitration will take place on an individual basis"), or a part of the terms named by its
// title ("the arbitration provision below", "the arbitration and class-action waiver provisions").
const ARBITRATION_NOT_SENT_TO = [
  /\b(?:class|class-wide|collective|consolidated|representative|mass|joint|group)(?:\s+(?:or|and)\s+[\w-]+)?\s+arbitrations?\b/gi,
  /\b(?:whether\s+)?in (?:a )?court or (?:in )?(?:an? )?arbitration\b|\bin (?:an? )?arbitration or (?:in )?(?:a )?court\b/gi,
  /\b(?:any|all|each|the)\s+arbitrations?\b(?:\s+(?:under|pursuant to|of|between)\s+[^,;.]{1,40}?)?\s+(?:will|shall|must|may)\s+(?:only\s+)?(?:take place|be conducted|proceed|be brought|be (?:held|heard))\s+(?:solely\s+|only\s+)?(?:on an individual basis|individually)\b/gi,
  /\b(?:the|this|that|these|such|any)\s+(?:[\w-]+\s+){0,3}?arbitration(?:\s+(?:and|or)\s+[\w-]+(?:\s+[\w-]+)?)?\s+(?:provisions?|clauses?|sections?|paragraphs?)\b/gi,
];
const PART_NAMED = /\b(?:the|this|that|these|such|any)\s+(?:[\w-]+\s+){0,5}?(?:provisions?|clauses?|sections?|paragraphs?)\b/gi;
// "Nothing in this Section shall modify the binding arbitration clause": a provision said to stand, not stated.
const NOTHING_MODIFIES =
  /^\W*(?:\d+(?:\.\d+)*\.?\s+)?nothing in (?:this|these|the)\b[^.;]{0,60}?\b(?:shall|will|does|is intended to|may)\s+(?:be (?:deemed|construed) to\s+)?(?:modify|affect|alter|change|override|supersede|amend|waive|limit)\b/i;

/** Whether the sentence's main clause states the category's concern, rather than mentioning it. */
export function statesCategory(sentence: string, slug: CategorySlug): boolean {
  // Words the whole sentence lacks its main clause lacks too: no need to read its grammar.
  const words = STATES[slug];
  if (words && !words.test(sentence)) return false;
  if (slug === 'unilateral-termination' && !ANY_ACT.test(sentence)) return false;
  const structure = clauseStructure(sentence);
  const main = structure.main.replace(/\s+/g, ' ').trim();
  if (POINTER.test(main) || DEFINITION.test(main) || DISAPPLIES.test(main) || NOTHING_MODIFIES.test(main)) return false;
  // A fallback presupposes the provision it falls back from: it states what applies when that fails.
  if (structure.fallback === 'arbitration' && slug === 'arbitration') return false;
  if (structure.fallback === 'waiver' && slug === 'class-action-waiver') return false;
  const core = structure.core.replace(/\s+/g, ' ').trim();
  // What is removed is the user's content, not an item of a shopping basket or an order.
  if (slug === 'content-removal' && PURCHASE_REMOVED.test(core)) return false;
  if (slug === 'arbitration') return words!.test(ARBITRATION_NOT_SENT_TO.reduce((told, re) => told.replace(re, ' '), core));
  // "you agree to be bound by ... the arbitration and class-action waiver provisions": the waiver named by its title.
  if (slug === 'class-action-waiver') return words!.test(core.replace(PART_NAMED, ' '));
  if (slug === 'unilateral-termination') {
    const conditions = structure.parts.filter((p) => p.kind === 'condition').map((p) => sentence.slice(p.start, p.end));
    return statesTermination(core, conditions);
  }
  return !words || words.test(core);
}
