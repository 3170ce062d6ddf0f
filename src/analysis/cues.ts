// Hand-written cue features for the clause classifier, grouped by category. Each cue is a yes/no
// test on one sentence; the linear model learns how much each matters. The cues target what
// separates a potentially unfair clause from a fair clause on the same topic: who holds the
// power (the provider "may"/"reserves the right" vs "you may"), breadth ("at any time", "for any
// reason", "sole discretion", "without notice"), exclusivity of a forum or law, and consumer
// carve-outs (home courts, mandatory consumer law, liability kept for death or fraud).
// They were written from general knowledge of consumer-contract law and tuned on 32 of the 40
// corpus documents (8 documents were kept sealed), so they count as "developed on" the corpus.

export interface Cue {
  name: string;
  test: (text: string) => boolean;
}

/** Lower-case, straight quotes, single spaces: the form every lower-case pattern sees. */
export function canon(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u00b4`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ');
}

// Memoise canon() for the current sentence: every cue calls it on the same string.
let lastRaw = '';
let lastCanon = '';
function lc(text: string): string {
  if (text !== lastRaw) {
    lastRaw = text;
    lastCanon = canon(text);
  }
  return lastCanon;
}

// ---------------------------------------------------------------- shared building blocks
const USER_SUBJECTS = new Set(['you', 'user', 'users', 'member', 'members', 'customer', 'customers', 'either', 'party', 'parties', 'subscriber', 'i', 'they', 'consumer', 'consumers', 'both', 'each', 'which', 'that', 'who', 'it', 'this', 'these', 'terms', 'agreement', 'he', 'she']);

/** The provider (we / a company name) holds a power: "we may", "Skype reserves the right". */
export function providerPower(text: string): boolean {
  const re = /\b([A-Za-z][\w.&'-]*)\s*,?\s+(?:(?:also|then|further|however|additionally|at any time|in (?:its|our) (?:sole )?discretion),?\s+)*(?:may|can|might|could|reserves?|retains?|(?:has|have|shall have|will have|maintains?) the (?:sole |absolute |unilateral )?(?:and absolute )?right|(?:is|are) (?:entitled|free)|will be entitled|at (?:its|our) (?:sole )?(?:option|discretion))\b/g;
  for (const m of text.matchAll(re)) {
    const subject = m[1].toLowerCase();
    if (!USER_SUBJECTS.has(subject)) return true;
  }
  return /\breserve[sd]? the right\b|\bwe (?:will|shall|would) (?:have the right|be entitled)\b/i.test(text);
}

const SOLE_DISCRETION = /\b(?:sole|absolute|unfettered|complete|own|full) (?:and (?:absolute|sole|exclusive) )?(?:discretion|judg(?:e)?ment|opinion|determination)|\bat (?:its|our) discretion|\bin (?:its|our) discretion|\bas (?:we|it) (?:see|sees|deem|deems) (?:fit|appropriate)|\b(?:we|it) (?:deem|deems|consider|considers|believe|believes)\b/;
const ANY_TIME = /\bat any time\b|\bfrom time to time\b|\bat (?:our|its) convenience\b|\bimmediately\b/;
const ANY_REASON = /\bfor any (?:or no )?reason|\bfor no reason\b|\bwith or without (?:cause|reason)|\bwithout (?:cause|reason|giving (?:any )?reasons?)\b|\bany reason whatsoever\b/;
const NO_NOTICE = /\bwithout (?:any |prior |advance |further |first )?(?:notice|notification|warning|informing|notifying)|\bwith or without (?:prior )?notice\b|\bno (?:obligation|duty) to notify\b|\bnot obliged to notify\b/;
const WITH_NOTICE = /\b(?:prior|advance|reasonable|written) notice\b|\bwe will (?:notify|tell|inform|let you know|give you|provide you)|\bnotify you\b|\b\d+ days?'? (?:prior |advance )?notice|\bbefore (?:the )?(?:changes?|they) (?:take|takes|become) effect/;

const CHANGE_VERB = /\b(?:modif(?:y|ies|ied|ying|ication)|chang(?:e|es|ed|ing)|amend(?:s|ed|ing|ment)?|updat(?:e|es|ed|ing)|revis(?:e|es|ed|ing|ion)|alter(?:s|ed|ing|ation)?|vary|varies|replac(?:e|es)|supplement|substitut(?:e|es))\b/;
const TERMS_OBJECT = /\b(?:terms|agreement|conditions|t&cs|tos|contract|policies|policy|rules|guidelines)\b/;
const SERVICE_OBJECT = /\b(?:services?|features?|functionalit(?:y|ies)|products?|prices?|pricing|fees?|charges?|rates?|offerings?|content|programme|program|limits?|software|website|site|platform|subscriptions?|plans?)\b/;

const REMOVE_VERB = /\b(?:remov(?:e|es|ed|ing|al)|delet(?:e|es|ed|ing|ion)|edit(?:s|ed|ing)?|block(?:s|ed|ing)?|take(?:s)? down|taken down|takedown|refuse to (?:post|display|publish|accept|distribute)|disable access|disallow|un-share|screen|moderat(?:e|ion)|reject|discard|withhold|prohibit|reformat|censor|pre-screen|monitor|filter|restrict access to (?:your )?content)\b/;
const CONTENT_OBJECT = /\b(?:content|submissions?|postings?|posts?|uploads?|materials?|reviews?|photos?|images?|messages?|comments?|ugc|communications?|listings?|videos?|information|entries|contributions?|items?|data|files?|pins?)\b/;

const TERMINATE_VERB = /\b(?:terminat(?:e|es|ed|ing|ion)|suspen(?:d|ds|ded|ding|sion)|disabl(?:e|es|ed|ing)|deactivat(?:e|es|ed|ing|ion)|clos(?:e|es|ed|ing|ure)|cancel(?:s|led|ed|ling|lation)?|discontinu(?:e|es|ed|ing|ance)|revok(?:e|es|ed)|revocation|ban(?:s|ned)?|stop (?:providing|offering)|cease (?:providing|offering)|end (?:this|the|your)|deny (?:you )?access|refuse (?:service|to provide|access|any)|block (?:your )?access|restrict (?:your )?access|limit (?:your )?(?:access|account)|disqualif(?:y|ied))\b/;
const TERMINATE_OBJECT = /\b(?:accounts?|access|services?|agreement|contract|membership|licen[cs]es?|subscriptions?|relationship|profile|programme|program|right to use|use of|registration|this user agreement|these terms)\b/;
const BREACH = /\b(?:breach(?:es|ed)?|violat(?:e|es|ed|ing|ion)|infring(?:e|es|ed|ing|ement)|fraud(?:ulent)?|suspect(?:s|ed)?|misus(?:e|ing)|abus(?:e|ing)|illegal|unlawful|non-?compliance|fail(?:s)? to comply|cheating)\b/;

const COURT = /\b(?:courts?|tribunals?|forum|venue|jurisdiction|litigat(?:e|ed|ion)|lawsuits?|judicial proceedings?|legal proceedings?|legal action|proceedings)\b/;
const EXCLUSIVE = /\b(?:exclusive(?:ly)?|sole and exclusive|solely|only (?:in|before|be|by)|must (?:be )?(?:brought|resolved|litigated|submitted|filed)|shall (?:be )?(?:brought|submitted|resolved|litigated|heard)|will (?:be )?(?:brought|resolved|litigated)|submit(?:s)? to|consent(?:s)? to (?:the )?(?:personal )?jurisdiction|agree to (?:the )?(?:personal )?jurisdiction|place of jurisdiction|sole court)\b/;
const NON_EXCLUSIVE = /\bnon[- ]?exclusive\b/;
const CONSUMER_HOME = /\b(?:your|their|the consumer's|consumer's) (?:home|local)(?: courts?| jurisdiction)?\b|\b(?:habitual(?:ly)? (?:residence|reside)|place of (?:domicile|residence)|domicile[d]?|country of (?:your )?residence|county of residence|county where you reside|(?:country|state|place|member state|eu country|county) (?:where|in which) (?:you|they|the consumer) (?:live|lives|reside|resides|are domiciled|is domiciled|have your habitual)|where you (?:live|reside)|in which you live|your country(?:'s)?|laws of (?:your|that) (?:country|member state)|the country where you|courts of your)\b/;
const CONSUMER_MANDATORY = /\b(?:mandatory (?:provisions|consumer|law|rules|statutory)|consumer protection (?:law|rights|laws)|consumer law|statutory rights|shall not deprive you|will not deprive you|won't deprive you|does not deprive you|not deprive you|remain(?:s)? (?:applicable|unaffected)|mandatory conflicts?)\b/;
const GOVERNED = /\b(?:governed (?:in all respects )?by|govern(?:s)? (?:this|these|the|your|all|any)|laws? of (?:the )?(?:state|commonwealth|republic|grand duchy|kingdom|province|united|england|ireland|california|[a-z]+)|construed (?:in accordance with|under|by)|governing law|subject (?:exclusively )?to [a-z]+ law|[a-z]+ law (?:will|shall) (?:govern|apply))\b/;
const CONFLICT_RULES = /\b(?:conflicts?[- ]of[- ]laws?|conflict of law|choice of law|conflicts?-of-law|without regard to (?:its|their|any) conflict)\b/;
const PLACE = /\b(?:california|delaware|new york|texas|massachusetts|washington|kansas|maryland|virginia|illinois|florida|georgia|nevada|utah|oregon|colorado|new jersey|ohio|ireland|irish|england|english|wales|scotland|luxembourg|netherlands|dutch|amsterdam|dublin|switzerland|swiss|zurich|geneva|austria|austrian|vienna|finland|espoo|germany|german|france|french|sweden|swedish|stockholm|singapore|hong kong|japan|korea|canada|ontario|israel|london|paris|berlin|united kingdom|united states|u\.s\.a?|usa|brazil|s[aã]o paulo|santa clara|san mateo|san francisco|los angeles|dallas|baltimore|seattle|king county|victoria|sweden|denmark|norway|cyprus|malta|estonia|lithuania|belgium|brussels|spain|madrid|italy|milan|rome|munich|hamburg|china|beijing|shanghai|shenzhen|tokyo|osaka|seoul|india|australia|sydney|new south wales|[a-z]+ county|northern district|district of|(?!(?:the|a|an|any|competent|appropriate|federal|relevant|local|applicable|proper|same|such|that|this|your|our|its|respective|nearest|municipal|regional|state|having)\b)[a-z]+ district court)\b/;

const ARBITRATION = /\barbitra(?:tion|tor|tors|te|ted|l|ble|bility)\b/;
// An agreement to arbitrate, in the forms terms write it (one alternative per form).
const BINDING_ARB = new RegExp(
  [
    /\bbinding (?:individual |confidential )?(?:arbitration|individual arbitration)/,
    /\b(?:resolved|settled|determined|decided) (?:exclusively |finally |solely |only )?(?:and (?:exclusively|finally) )?(?:by|through|in) (?:final and )?(?:binding |confidential |individual )*arbitration/,
    /\bsubmit (?:the dispute |any dispute |disputes )?to (?:binding )?arbitration/,
    /\bagree(?:s)? to arbitrate|\bagreement to arbitrate|\bexclusive (?:means|authority|arbitration)|\belect to (?:have|arbitrate)|\bany election to arbitrate/,
    // no "binding": "only through arbitration", "resolve all disputes individually, through arbitration", "bound by this arbitration provision"
    /\b(?:only|exclusively|solely) (?:through|by|via|in) (?:binding |individual |final )*arbitration/,
    /\bresolve (?:\w+,? ){1,6}(?:through|by|via) (?:binding |individual |final )*arbitration/,
    /\bbound by (?:this|the|these|our) arbitration (?:agreement|clause|provision)/,
  ]
    .map((form) => form.source)
    .join('|'),
);
const ARB_RULES = /\b(?:aaa|jams|american arbitration association|arbitration rules|consumer arbitration rules|commercial arbitration rules|federal arbitration act|faa|icc|lcia|adr)\b/;
const ARB_VENUE = /\barbitration (?:hearing )?(?:will|shall|may|must)? ?(?:be )?(?:conducted|take place|held|occur|initiated|seated|heard)|\b(?:take place|conducted|occur) in\b.*\barbitrat/;
const ARB_PROCEDURE_DETAIL = /\b(?:fees?|costs?|expenses|opt[- ]out|opting out|notice of dispute|award|appoint|select(?:ed|ion)? (?:an |the )?arbitrator|discovery|confidential(?:ity)?|severab|settlement offer|attorney)\b/;
const CLASS_WAIVER = /\bclass(?:-| )(?:action|arbitration|wide|member|proceeding|representative)s?\b|\brepresentative (?:action|proceeding|capacity|basis)\b|\bcollective action\b|\bprivate attorney general\b|\bconsolidat(?:e|ed|ing) (?:claims|proceedings|actions)\b|\bon an individual basis\b/;
const JURY = /\b(?:jury trial|trial by jury|right to a jury)\b/;

const NOT_LIABLE = /\b(?:not|no|never|nor|without)(?: be| have| any| incurring any| accept| assume| assumes| take| bear| hold| held)?(?: any)? (?:liab(?:le|ility)|responsib(?:le|ility))|\bdisclaim(?:s|ed|er)?\b|\bexclud\w* (?:all |any |our |its )?(?:liabilit|warrant|responsib)|\bin no event\b|\bunder no circumstances\b|\blimitations? (?:of|on) (?:our |its )?liabilit|\bliability[^.]{0,160}\b(?:shall|will|is) (?:not exceed|be limited|limited)|\bshall not exceed\b|\b(?:maximum|aggregate|total|cumulative|entire) (?:aggregate |cumulative )?liability\b|\bat your (?:own|sole) risk\b|\bas[- ]is\b|\bas[- ]available\b|\bno warrant(?:y|ies)\b|\bwithout warrant(?:y|ies)\b|\brelease[sd]? [^.]{0,60}\bfrom\b[^.]{0,60}\b(?:claims|liabilit)|\bsolely responsible\b|\bnot (?:be )?held (?:liable|responsible)|\b(?:do|does) not (?:guarantee|warrant|represent|endorse)\b|\bmake no (?:representations?|warrant)/;
const DAMAGES = /\b(?:indirect|consequential|incidental|special|punitive|exemplary)\b|\blo(?:ss|st) (?:of )?(?:profits?|data|revenues?|goodwill|business|use)\b|\bdamages?\b|\blosses\b/;
const LIABILITY_CARVEOUT = /\bnothing in (?:these|this|the)\b[^.]{0,120}\b(?:limit|exclud|affect|restrict)|\b(?:do|does|shall|will) not (?:exclude|limit|restrict)\b[^.]{0,40}\bliabilit|\bdeath or personal injury\b|\bpersonal injury\b|\bfraudulent misrepresentation\b|\bgross(?:ly)? negligen|\bwil(?:l)?ful (?:misconduct|default)|\bmay not apply to you\b|\bsome (?:jurisdictions|states|countries)(?: or jurisdictions)? do not allow\b|\bstatutory (?:rights|provisions|liability)\b|\bwe (?:are|will be|may be) liable\b|\bremain(?:s)? unaffected\b|\bnon-waivable\b|\bwhich (?:cannot|may not) be (?:waived|excluded|limited)\b|\bforce majeure\b|\bbeyond (?:our|its) (?:reasonable )?control\b/;
const THIRD_PARTY = /\bthird[- ]part(?:y|ies)\b|\bother users\b|\bmerchants?\b|\bsuppliers?\b|\blinked (?:sites|websites)\b|\bexternal sites\b/;

const USING_BINDS = /\bby (?:actually |merely |simply )?(?:using|accessing|visiting|browsing|registering|signing up|clicking|creating|downloading|installing|continuing|placing|opening|making|accepting|shopping|utili[sz]ing|participating)\b|\b(?:continued|continuing|further|subsequent) (?:use|access|participation)\b|\bcontinue (?:to use|using|to access|accessing)\b|\buse of [^.]{0,80}\b(?:constitutes|signifies|means|indicates|confirms|implies|serves as)\b|\bdeemed to (?:have )?(?:accept|agree|consent|confirm)|\bdeem(?:s|ed)? (?:that )?you (?:have )?(?:accept|agree|consent)|\b(?:signify|signifies|indicate|confirm|constitute)s? (?:your )?(?:agreement|acceptance|consent)|\bwill (?:confirm|indicate) (?:your )?acceptance|\bacceptance of (?:these|the|such|any) (?:terms|changes|modifications|amendments|new|revised|updated)|\bif you (?:do not|don't) (?:agree|accept)[^.]{0,60}\b(?:do not|don't|please|stop|must not|may not|discontinue)\b/;
const AGREE_BOUND = /\b(?:agree(?:s|ing)? to be (?:legally )?bound|consent to be bound|agree to (?:these|the|this|all) (?:terms|agreement|conditions)|you (?:are )?agree(?:ing)? to\b|accept(?:s|ed)? (?:these|the) terms|are accepted by you|legally binding (?:contract|instrument)|binding contract)\b/;

const PRIVACY_DOC = /\bprivacy (?:policy|policies|notice|statement|and cookies? (?:policy|notice))\b/;
const INCORPORATED = /\bincorporated (?:herein |into |by (?:this )?reference)|\bby (?:this )?reference\b|\bform(?:s)? (?:a |an integral )?part of\b|\bmade (?:a )?part of\b|\bpart of (?:these|this|the|our) (?:terms|agreement|contract)\b|\btogether with\b|\bentire agreement\b|\bincluding (?:the|our) privacy\b|\bagree (?:to|with) (?:all provisions of )?(?:the |our )?(?:[a-z]+ )?privacy\b|\bin accordance with (?:our|its|the|[a-z]+'s) privacy|\bas described in (?:our|the) privacy|\bgoverned by [^.]{0,40}privacy|\bsubject to [^.]{0,40}privacy|\baccept the practices\b|\bthe terms include\b/;

const YOU_MAY_END = /\byou (?:may|can|are free to|have the right to) (?:at any time )?(?:terminate|cancel|close|delete|end|stop|opt out|withdraw|deactivate)\b/;
const HEADING_LIKE = /^[^a-z]*$/;

// "If you live in Brazil ... the laws of Brazil": the law or courts of the user's own place are fair.
const PLACE_STEMS: [RegExp, string][] = [
  [/\b(?:england|english|wales|welsh)\b/g, 'england'], [/\b(?:scotland|scottish)\b/g, 'scotland'], [/\b(?:ireland|irish)\b/g, 'ireland'],
  [/\b(?:netherlands|dutch)\b/g, 'netherlands'], [/\b(?:germany|german)\b/g, 'germany'], [/\b(?:switzerland|swiss)\b/g, 'switzerland'],
  [/\b(?:austria|austrian)\b/g, 'austria'], [/\b(?:france|french)\b/g, 'france'], [/\b(?:brazil|brasil)\b/g, 'brazil'],
  [/\b(?:korea|korean)\b/g, 'korea'], [/\b(?:japan|japanese)\b/g, 'japan'], [/\b(?:australia|australian|victoria)\b/g, 'australia'],
  [/\b(?:canada|canadian|ontario|quebec)\b/g, 'canada'], [/\b(?:italy|italian)\b/g, 'italy'], [/\b(?:spain|spanish)\b/g, 'spain'],
  [/\b(?:india|indian)\b/g, 'india'], [/\b(?:finland|finnish)\b/g, 'finland'], [/\b(?:denmark|danish)\b/g, 'denmark'],
];

function homePlaceMatches(s: string): boolean {
  const cond = /\bif (?:you|your)\b[^.;:]{0,60}?\b(?:live|lives|reside|resides|resident|located|based|domiciled|residence is)\b(?: (?:in|of))? ([^,;:]{2,60})/.exec(s);
  if (!cond) return false;
  const condPlaces = new Set(PLACE_STEMS.filter(([re]) => new RegExp(re.source).test(cond[1])).map(([, stem]) => stem));
  if (condPlaces.size === 0) return false;
  const rest = s.slice(cond.index + cond[0].length);
  return PLACE_STEMS.some(([re, stem]) => condPlaces.has(stem) && new RegExp(re.source).test(rest));
}

function all(...res: RegExp[]): (t: string) => boolean {
  return (t) => res.every((r) => r.test(lc(t)));
}

function any(...res: RegExp[]): (t: string) => boolean {
  return (t) => res.some((r) => r.test(lc(t)));
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
  { name: 'ch_subject_to_change', test: any(/\bsubject to change\b|\bas (?:may be )?(?:amended|modified|updated|changed) from time to time\b|\bmay (?:vary|change) from time to time\b/) },
  { name: 'ch_reset', test: any(/\b(?:reset|add or remove|adding or removing|remove (?:or|and) (?:add|replace)|limit or discontinu|stop (?:providing|offering) (?:a|any|the) (?:service|feature))/) },

  // content removal
  { name: 'cr_verb', test: any(REMOVE_VERB) },
  { name: 'cr_content', test: all(REMOVE_VERB, CONTENT_OBJECT) },
  { name: 'cr_power', test: (t) => REMOVE_VERB.test(lc(t)) && CONTENT_OBJECT.test(lc(t)) && providerPower(t) },
  { name: 'cr_broad', test: (t) => REMOVE_VERB.test(lc(t)) && CONTENT_OBJECT.test(lc(t)) && (SOLE_DISCRETION.test(lc(t)) || ANY_REASON.test(lc(t)) || NO_NOTICE.test(lc(t)) || /\bat any time\b|objectionable|in our opinion|we believe/.test(lc(t))) },
  { name: 'cr_not_obligation', test: any(/\b(?:right|entitled)[^.]{0,30}\bbut not (?:the )?(?:obligation|duty)|\bno obligation to (?:screen|monitor|review|edit|pre-screen)|\bnot (?:obligated|obliged|required) to (?:publish|screen|monitor|review|post|host)/) },
  { name: 'cr_delete_data', test: any(/\b(?:delete|erase|destroy|purge)\b[^.]{0,60}\b(?:data|content|information|files)\b/) },
  { name: 'cr_user_content', test: all(REMOVE_VERB, /\b(?:your|user|users'|member|members'|user-generated) (?:content|submissions?|posts?|postings?|materials?|reviews?|photos?|messages?|data|information)\b|\bugc\b|\bsubmissions?\b/) },
  { name: 'cr_user_subject', test: any(/\byou(?:r)?\b[^.;]{0,30}\b(?:delete|remove|deleting|removing|deactivat|download)/) },
  { name: 'cr_user_deletes', test: any(/\byou (?:may|can) (?:delete|remove|edit)\b/) },

  // unilateral termination
  { name: 'ter_verb', test: any(TERMINATE_VERB) },
  { name: 'ter_object', test: all(TERMINATE_VERB, TERMINATE_OBJECT) },
  { name: 'ter_power', test: (t) => TERMINATE_VERB.test(lc(t)) && providerPower(t) },
  { name: 'ter_power_obj', test: (t) => TERMINATE_VERB.test(lc(t)) && TERMINATE_OBJECT.test(lc(t)) && providerPower(t) },
  { name: 'ter_broad', test: (t) => TERMINATE_VERB.test(lc(t)) && (ANY_TIME.test(lc(t)) || ANY_REASON.test(lc(t)) || NO_NOTICE.test(lc(t)) || SOLE_DISCRETION.test(lc(t))) },
  { name: 'ter_breach', test: all(TERMINATE_VERB, BREACH) },
  { name: 'ter_if_clause', test: any(/^\s*(?:\(?[a-z0-9ivx]{1,4}[.)]\s*)?(?:if|where|when|in case|in the event) (?:you|we|your|skype|it|there)\b[^.]*(?:;|\bor|\band)?\s*$/) },
  { name: 'ter_inactive', test: any(/\binactiv|\bdo(?:n't| not) (?:log|sign) in\b|\bhave not (?:logged|signed) in\b/) },
  { name: 'ter_refuse', test: any(/\brefuse (?:service|to provide|to serve|any|access|registration)|\bdecline (?:a new )?registration|\bcancel (?:your )?(?:order|it|the contract)|\brefuse to accept\b/) },

  // jurisdiction
  { name: 'j_court', test: any(COURT) },
  { name: 'j_courts_word', test: any(/\bcourts?\b/) },
  { name: 'j_exclusive', test: all(COURT, EXCLUSIVE) },
  { name: 'j_place', test: all(COURT, PLACE) },
  { name: 'j_exclusive_place', test: all(COURT, EXCLUSIVE, PLACE) },
  { name: 'j_non_exclusive', test: all(COURT, NON_EXCLUSIVE) },
  { name: 'j_home', test: all(COURT, CONSUMER_HOME) },
  { name: 'j_mandatory', test: all(COURT, CONSUMER_MANDATORY) },
  { name: 'j_unfair_core', test: (t) => { const s = lc(t); return COURT.test(s) && EXCLUSIVE.test(s) && PLACE.test(s) && !CONSUMER_HOME.test(s) && !NON_EXCLUSIVE.test(s) && !homePlaceMatches(s); } },
  { name: 'j_fair_core', test: (t) => { const s = lc(t); return COURT.test(s) && (CONSUMER_HOME.test(s) || CONSUMER_MANDATORY.test(s) || NON_EXCLUSIVE.test(s)); } },
  { name: 'j_same_place', test: (t) => COURT.test(lc(t)) && homePlaceMatches(lc(t)) },
  { name: 'j_personal', test: any(/\bpersonal jurisdiction\b|\bsubmit to the jurisdiction\b|\bjurisdiction and venue\b|\binconvenient forum\b|\bforum non conveniens\b/) },
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
  { name: 'law_unfair_core', test: (t) => { const s = lc(t); return GOVERNED.test(s) && PLACE.test(s) && !CONSUMER_HOME.test(s) && !CONSUMER_MANDATORY.test(s) && !homePlaceMatches(s); } },
  { name: 'law_fair_core', test: (t) => { const s = lc(t); return /\blaws?\b/.test(s) && (CONSUMER_HOME.test(s) || CONSUMER_MANDATORY.test(s)); } },
  { name: 'law_same_place', test: (t) => /\blaws?\b/.test(lc(t)) && homePlaceMatches(lc(t)) },
  { name: 'law_if_live', test: any(/\bif (?:you|your)[^.]{0,40}\b(?:live|reside|resident|located|country of residence)\b/) },

  // limitation of liability
  { name: 'ltd_not_liable', test: any(NOT_LIABLE) },
  { name: 'ltd_damages', test: any(DAMAGES) },
  { name: 'ltd_liab_word', test: any(/\bliab(?:le|ility|ilities)\b|\bresponsib(?:le|ility)\b/) },
  { name: 'ltd_core', test: all(NOT_LIABLE, DAMAGES) },
  { name: 'ltd_carveout', test: any(LIABILITY_CARVEOUT) },
  { name: 'ltd_third_party', test: all(NOT_LIABLE, THIRD_PARTY) },
  { name: 'ltd_cap', test: any(/\b(?:shall|will) not exceed\b|\blimited to (?:the )?(?:greater|lesser|amount|sum|\$|us\$|€|£|one hundred|fifty|\d)|\bexceed (?:the )?(?:greater|lesser|amount|sum)/) },
  { name: 'ltd_warranty', test: any(/\bwarrant(?:y|ies)\b|\bas[- ]is\b|\bmerchantability\b|\bfitness for a particular purpose\b/) },
  { name: 'ltd_indemnify', test: any(/\bindemnif|\bhold (?:us |[a-z]+ )?harmless\b/) },
  { name: 'ltd_max_extent', test: any(/\b(?:to the (?:maximum|fullest|extent) (?:extent )?(?:permitted|allowed|permissible)|to the extent (?:permitted|allowed) by (?:applicable )?law)\b/) },
  { name: 'ltd_user_liable', test: any(/\byou (?:will|shall|are|may|agree to) (?:be )?(?:(?:solely|fully|ultimately) )?(?:liable|responsible)\b|\byour liability\b/) },
  { name: 'ltd_core_unfair', test: (t) => { const s = lc(t); return NOT_LIABLE.test(s) && !LIABILITY_CARVEOUT.test(s); } },

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
  { name: 'a_arbitrator_power', test: any(/\barbitrator (?:has|have|shall have|will have|with) (?:the )?exclusive (?:authority|power)|\bempower the arbitrator\b/) },
  { name: 'a_headline', test: (t) => ARBITRATION.test(lc(t)) && /[A-Z]{5}/.test(t) && !/[a-z]{4}/.test(t) },
];
