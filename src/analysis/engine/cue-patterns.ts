// The patterns the cue features are built from (cues.ts): who holds the power in a sentence,
// how broadly (any time, any reason, sole discretion, notice), and the topics of each category
// (changes, removal, termination, forums, law, arbitration, liability, binding by use). Patterns
// match canonical lower-case text (canon()).
import { lc } from './canon.js';

/** A yes/no cue feature of the classifier: its name (the shipped model's) and its test. */
export interface Cue {
  name: string;
  test: (text: string) => boolean;
}

export const USER_SUBJECTS = new Set([
  'you',
  'user',
  'users',
  'member',
  'members',
  'customer',
  'customers',
  'either',
  'party',
  'parties',
  'subscriber',
  'i',
  'they',
  'consumer',
  'consumers',
  'both',
  'each',
  'which',
  'that',
  'who',
  'it',
  'this',
  'these',
  'terms',
  'agreement',
  'he',
  'she',
]);

/** The provider (we / a company name) holds a power: "we may", "Skype reserves the right". */
export function providerPower(text: string): boolean {
  const re =
    /\b([A-Za-z][\w.&'-]*)\s*,?\s+(?:(?:also|then|further|however|additionally|at any time|in (?:its|our) (?:sole )?discretion),?\s+)*(?:may|can|might|could|reserves?|retains?|(?:has|have|shall have|will have|maintains?) the (?:sole |absolute |unilateral )?(?:and absolute )?right|(?:is|are) (?:entitled|free)|will be entitled|at (?:its|our) (?:sole )?(?:option|discretion))\b/g;
  for (const m of text.matchAll(re)) {
    const subject = m[1].toLowerCase();
    if (!USER_SUBJECTS.has(subject)) return true;
  }
  return /\breserve[sd]? the right\b|\bwe (?:will|shall|would) (?:have the right|be entitled)\b/i.test(text);
}

export const SOLE_DISCRETION =
  /\b(?:sole|absolute|unfettered|complete|own|full) (?:and (?:absolute|sole|exclusive) )?(?:discretion|judg(?:e)?ment|opinion|determination)|\bat (?:its|our) discretion|\bin (?:its|our) discretion|\bas (?:we|it) (?:see|sees|deem|deems) (?:fit|appropriate)|\b(?:we|it) (?:deem|deems|consider|considers|believe|believes)\b/;
export const ANY_TIME = /\bat any time\b|\bfrom time to time\b|\bat (?:our|its) convenience\b|\bimmediately\b/;
export const ANY_REASON =
  /\bfor any (?:or no )?reason|\bfor no reason\b|\bwith or without (?:cause|reason)|\bwithout (?:cause|reason|giving (?:any )?reasons?)\b|\bany reason whatsoever\b/;
export const NO_NOTICE =
  /\bwithout (?:any |prior |advance |further |first )?(?:notice|notification|warning|informing|notifying)|\bwith or without (?:prior )?notice\b|\bno (?:obligation|duty) to notify\b|\bnot obliged to notify\b/;
export const WITH_NOTICE =
  /\b(?:prior|advance|reasonable|written) notice\b|\bwe will (?:notify|tell|inform|let you know|give you|provide you)|\bnotify you\b|\b\d+ days?'? (?:prior |advance )?notice|\bbefore (?:the )?(?:changes?|they) (?:take|takes|become) effect/;

export const CHANGE_VERB =
  /\b(?:modif(?:y|ies|ied|ying|ication)|chang(?:e|es|ed|ing)|amend(?:s|ed|ing|ment)?|updat(?:e|es|ed|ing)|revis(?:e|es|ed|ing|ion)|alter(?:s|ed|ing|ation)?|vary|varies|replac(?:e|es)|supplement|substitut(?:e|es))\b/;
export const TERMS_OBJECT = /\b(?:terms|agreement|conditions|t&cs|tos|contract|policies|policy|rules|guidelines)\b/;
export const SERVICE_OBJECT =
  /\b(?:services?|features?|functionalit(?:y|ies)|products?|prices?|pricing|fees?|charges?|rates?|offerings?|content|programme|program|limits?|software|website|site|platform|subscriptions?|plans?)\b/;

export const REMOVE_VERB =
  /\b(?:remov(?:e|es|ed|ing|al)|delet(?:e|es|ed|ing|ion)|edit(?:s|ed|ing)?|block(?:s|ed|ing)?|take(?:s)? down|taken down|takedown|refuse to (?:post|display|publish|accept|distribute)|disable access|disallow|un-share|screen|moderat(?:e|ion)|reject|discard|withhold|prohibit|reformat|censor|pre-screen|monitor|filter|restrict access to (?:your )?content)\b/;
export const CONTENT_OBJECT =
  /\b(?:content|submissions?|postings?|posts?|uploads?|materials?|reviews?|photos?|images?|messages?|comments?|ugc|communications?|listings?|videos?|information|entries|contributions?|items?|data|files?|pins?)\b/;

export const TERMINATE_VERB =
  /\b(?:terminat(?:e|es|ed|ing|ion)|suspen(?:d|ds|ded|ding|sion)|disabl(?:e|es|ed|ing)|deactivat(?:e|es|ed|ing|ion)|clos(?:e|es|ed|ing|ure)|cancel(?:s|led|ed|ling|lation)?|discontinu(?:e|es|ed|ing|ance)|revok(?:e|es|ed)|revocation|ban(?:s|ned)?|stop (?:providing|offering)|cease (?:providing|offering)|end (?:this|the|your)|deny (?:you )?access|refuse (?:service|to provide|access|any)|block (?:your )?access|restrict (?:your )?access|limit (?:your )?(?:access|account)|disqualif(?:y|ied))\b/;
export const TERMINATE_OBJECT =
  /\b(?:accounts?|access|services?|agreement|contract|membership|licen[cs]es?|subscriptions?|relationship|profile|programme|program|right to use|use of|registration|this user agreement|these terms)\b/;
export const BREACH =
  /\b(?:breach(?:es|ed)?|violat(?:e|es|ed|ing|ion)|infring(?:e|es|ed|ing|ement)|fraud(?:ulent)?|suspect(?:s|ed)?|misus(?:e|ing)|abus(?:e|ing)|illegal|unlawful|non-?compliance|fail(?:s)? to comply|cheating)\b/;

export const COURT =
  /\b(?:courts?|tribunals?|forum|venue|jurisdiction|litigat(?:e|ed|ion)|lawsuits?|judicial proceedings?|legal proceedings?|legal action|proceedings)\b/;
export const EXCLUSIVE =
  /\b(?:exclusive(?:ly)?|sole and exclusive|solely|only (?:in|before|be|by)|must (?:be )?(?:brought|resolved|litigated|submitted|filed)|shall (?:be )?(?:brought|submitted|resolved|litigated|heard)|will (?:be )?(?:brought|resolved|litigated)|submit(?:s)? to|consent(?:s)? to (?:the )?(?:personal )?jurisdiction|agree to (?:the )?(?:personal )?jurisdiction|place of jurisdiction|sole court)\b/;
export const NON_EXCLUSIVE = /\bnon[- ]?exclusive\b/;
export const CONSUMER_HOME =
  /\b(?:your|their|the consumer's|consumer's) (?:home|local)(?: courts?| jurisdiction)?\b|\b(?:habitual(?:ly)? (?:residence|reside)|place of (?:domicile|residence)|domicile[d]?|country of (?:your )?residence|county of residence|county where you reside|(?:country|state|place|member state|eu country|county) (?:where|in which) (?:you|they|the consumer) (?:live|lives|reside|resides|are domiciled|is domiciled|have your habitual)|where you (?:live|reside)|in which you live|your country(?:'s)?|laws of (?:your|that) (?:country|member state)|the country where you|courts of your)\b/;
export const CONSUMER_MANDATORY =
  /\b(?:mandatory (?:provisions|consumer|law|rules|statutory)|consumer protection (?:law|rights|laws)|consumer law|statutory rights|shall not deprive you|will not deprive you|won't deprive you|does not deprive you|not deprive you|remain(?:s)? (?:applicable|unaffected)|mandatory conflicts?)\b/;
export const GOVERNED =
  /\b(?:governed (?:in all respects )?by|govern(?:s)? (?:this|these|the|your|all|any)|laws? of (?:the )?(?:state|commonwealth|republic|grand duchy|kingdom|province|united|england|ireland|california|[a-z]+)|construed (?:in accordance with|under|by)|governing law|subject (?:exclusively )?to [a-z]+ law|[a-z]+ law (?:will|shall) (?:govern|apply))\b/;
export const CONFLICT_RULES = /\b(?:conflicts?[- ]of[- ]laws?|conflict of law|choice of law|conflicts?-of-law|without regard to (?:its|their|any) conflict)\b/;
export const PLACE =
  /\b(?:california|delaware|new york|texas|massachusetts|washington|kansas|maryland|virginia|illinois|florida|georgia|nevada|utah|oregon|colorado|new jersey|ohio|ireland|irish|england|english|wales|scotland|luxembourg|netherlands|dutch|amsterdam|dublin|switzerland|swiss|zurich|geneva|austria|austrian|vienna|finland|espoo|germany|german|france|french|sweden|swedish|stockholm|singapore|hong kong|japan|korea|canada|ontario|israel|london|paris|berlin|united kingdom|united states|u\.s\.a?|usa|brazil|s[aã]o paulo|santa clara|san mateo|san francisco|los angeles|dallas|baltimore|seattle|king county|victoria|sweden|denmark|norway|cyprus|malta|estonia|lithuania|belgium|brussels|spain|madrid|italy|milan|rome|munich|hamburg|china|beijing|shanghai|shenzhen|tokyo|osaka|seoul|india|australia|sydney|new south wales|[a-z]+ county|northern district|district of|(?!(?:the|a|an|any|competent|appropriate|federal|relevant|local|applicable|proper|same|such|that|this|your|our|its|respective|nearest|municipal|regional|state|having)\b)[a-z]+ district court)\b/;

export const ARBITRATION = /\barbitra(?:tion|tor|tors|te|ted|l|ble|bility)\b/;
// An agreement to arbitrate, in the forms terms write it (one alternative per form).
export const BINDING_ARB = new RegExp(
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
export const ARB_RULES =
  /\b(?:aaa|jams|american arbitration association|arbitration rules|consumer arbitration rules|commercial arbitration rules|federal arbitration act|faa|icc|lcia|adr)\b/;
export const ARB_VENUE =
  /\barbitration (?:hearing )?(?:will|shall|may|must)? ?(?:be )?(?:conducted|take place|held|occur|initiated|seated|heard)|\b(?:take place|conducted|occur) in\b.*\barbitrat/;
export const ARB_PROCEDURE_DETAIL =
  /\b(?:fees?|costs?|expenses|opt[- ]out|opting out|notice of dispute|award|appoint|select(?:ed|ion)? (?:an |the )?arbitrator|discovery|confidential(?:ity)?|severab|settlement offer|attorney)\b/;
export const CLASS_WAIVER =
  /\bclass(?:-| )(?:action|arbitration|wide|member|proceeding|representative)s?\b|\brepresentative (?:action|proceeding|capacity|basis)\b|\bcollective action\b|\bprivate attorney general\b|\bconsolidat(?:e|ed|ing) (?:claims|proceedings|actions)\b|\bon an individual basis\b/;
export const JURY = /\b(?:jury trial|trial by jury|right to a jury)\b/;

export const NOT_LIABLE =
  /\b(?:not|no|never|nor|without)(?: be| have| any| incurring any| accept| assume| assumes| take| bear| hold| held)?(?: any)? (?:liab(?:le|ility)|responsib(?:le|ility))|\bdisclaim(?:s|ed|er)?\b|\bexclud\w* (?:all |any |our |its )?(?:liabilit|warrant|responsib)|\bin no event\b|\bunder no circumstances\b|\blimitations? (?:of|on) (?:our |its )?liabilit|\bliability[^.]{0,160}\b(?:shall|will|is) (?:not exceed|be limited|limited)|\bshall not exceed\b|\b(?:maximum|aggregate|total|cumulative|entire) (?:aggregate |cumulative )?liability\b|\bat your (?:own|sole) risk\b|\bas[- ]is\b|\bas[- ]available\b|\bno warrant(?:y|ies)\b|\bwithout warrant(?:y|ies)\b|\brelease[sd]? [^.]{0,60}\bfrom\b[^.]{0,60}\b(?:claims|liabilit)|\bsolely responsible\b|\bnot (?:be )?held (?:liable|responsible)|\b(?:do|does) not (?:guarantee|warrant|represent|endorse)\b|\bmake no (?:representations?|warrant)/;
export const DAMAGES =
  /\b(?:indirect|consequential|incidental|special|punitive|exemplary)\b|\blo(?:ss|st) (?:of )?(?:profits?|data|revenues?|goodwill|business|use)\b|\bdamages?\b|\blosses\b/;
export const LIABILITY_CARVEOUT =
  /\bnothing in (?:these|this|the)\b[^.]{0,120}\b(?:limit|exclud|affect|restrict)|\b(?:do|does|shall|will) not (?:exclude|limit|restrict)\b[^.]{0,40}\bliabilit|\bdeath or personal injury\b|\bpersonal injury\b|\bfraudulent misrepresentation\b|\bgross(?:ly)? negligen|\bwil(?:l)?ful (?:misconduct|default)|\bmay not apply to you\b|\bsome (?:jurisdictions|states|countries)(?: or jurisdictions)? do not allow\b|\bstatutory (?:rights|provisions|liability)\b|\bwe (?:are|will be|may be) liable\b|\bremain(?:s)? unaffected\b|\bnon-waivable\b|\bwhich (?:cannot|may not) be (?:waived|excluded|limited)\b|\bforce majeure\b|\bbeyond (?:our|its) (?:reasonable )?control\b/;
export const THIRD_PARTY = /\bthird[- ]part(?:y|ies)\b|\bother users\b|\bmerchants?\b|\bsuppliers?\b|\blinked (?:sites|websites)\b|\bexternal sites\b/;

export const USING_BINDS =
  /\bby (?:actually |merely |simply )?(?:using|accessing|visiting|browsing|registering|signing up|clicking|creating|downloading|installing|continuing|placing|opening|making|accepting|shopping|utili[sz]ing|participating)\b|\b(?:continued|continuing|further|subsequent) (?:use|access|participation)\b|\bcontinue (?:to use|using|to access|accessing)\b|\buse of [^.]{0,80}\b(?:constitutes|signifies|means|indicates|confirms|implies|serves as)\b|\bdeemed to (?:have )?(?:accept|agree|consent|confirm)|\bdeem(?:s|ed)? (?:that )?you (?:have )?(?:accept|agree|consent)|\b(?:signify|signifies|indicate|confirm|constitute)s? (?:your )?(?:agreement|acceptance|consent)|\bwill (?:confirm|indicate) (?:your )?acceptance|\bacceptance of (?:these|the|such|any) (?:terms|changes|modifications|amendments|new|revised|updated)|\bif you (?:do not|don't) (?:agree|accept)[^.]{0,60}\b(?:do not|don't|please|stop|must not|may not|discontinue)\b/;
export const AGREE_BOUND =
  /\b(?:agree(?:s|ing)? to be (?:legally )?bound|consent to be bound|agree to (?:these|the|this|all) (?:terms|agreement|conditions)|you (?:are )?agree(?:ing)? to\b|accept(?:s|ed)? (?:these|the) terms|are accepted by you|legally binding (?:contract|instrument)|binding contract)\b/;

export const PRIVACY_DOC = /\bprivacy (?:policy|policies|notice|statement|and cookies? (?:policy|notice))\b/;
export const INCORPORATED =
  /\bincorporated (?:herein |into |by (?:this )?reference)|\bby (?:this )?reference\b|\bform(?:s)? (?:a |an integral )?part of\b|\bmade (?:a )?part of\b|\bpart of (?:these|this|the|our) (?:terms|agreement|contract)\b|\btogether with\b|\bentire agreement\b|\bincluding (?:the|our) privacy\b|\bagree (?:to|with) (?:all provisions of )?(?:the |our )?(?:[a-z]+ )?privacy\b|\bin accordance with (?:our|its|the|[a-z]+'s) privacy|\bas described in (?:our|the) privacy|\bgoverned by [^.]{0,40}privacy|\bsubject to [^.]{0,40}privacy|\baccept the practices\b|\bthe terms include\b/;

export const YOU_MAY_END =
  /\byou (?:may|can|are free to|have the right to) (?:at any time )?(?:terminate|cancel|close|delete|end|stop|opt out|withdraw|deactivate)\b/;
export const HEADING_LIKE = /^[^a-z]*$/;

// "If you live in Brazil ... the laws of Brazil": the law or courts of the user's own place are fair.
export const PLACE_STEMS: [RegExp, string][] = [
  [/\b(?:england|english|wales|welsh)\b/g, 'england'],
  [/\b(?:scotland|scottish)\b/g, 'scotland'],
  [/\b(?:ireland|irish)\b/g, 'ireland'],
  [/\b(?:netherlands|dutch)\b/g, 'netherlands'],
  [/\b(?:germany|german)\b/g, 'germany'],
  [/\b(?:switzerland|swiss)\b/g, 'switzerland'],
  [/\b(?:austria|austrian)\b/g, 'austria'],
  [/\b(?:france|french)\b/g, 'france'],
  [/\b(?:brazil|brasil)\b/g, 'brazil'],
  [/\b(?:korea|korean)\b/g, 'korea'],
  [/\b(?:japan|japanese)\b/g, 'japan'],
  [/\b(?:australia|australian|victoria)\b/g, 'australia'],
  [/\b(?:canada|canadian|ontario|quebec)\b/g, 'canada'],
  [/\b(?:italy|italian)\b/g, 'italy'],
  [/\b(?:spain|spanish)\b/g, 'spain'],
  [/\b(?:india|indian)\b/g, 'india'],
  [/\b(?:finland|finnish)\b/g, 'finland'],
  [/\b(?:denmark|danish)\b/g, 'denmark'],
];

export function homePlaceMatches(s: string): boolean {
  const cond =
    /\bif (?:you|your)\b[^.;:]{0,60}?\b(?:live|lives|reside|resides|resident|located|based|domiciled|residence is)\b(?: (?:in|of))? ([^,;:]{2,60})/.exec(s);
  if (!cond) return false;
  const condPlaces = new Set(PLACE_STEMS.filter(([re]) => new RegExp(re.source).test(cond[1])).map(([, stem]) => stem));
  if (condPlaces.size === 0) return false;
  const rest = s.slice(cond.index + cond[0].length);
  return PLACE_STEMS.some(([re, stem]) => condPlaces.has(stem) && new RegExp(re.source).test(rest));
}

export function all(...res: RegExp[]): (t: string) => boolean {
  return (t) => res.every((r) => r.test(lc(t)));
}

export function any(...res: RegExp[]): (t: string) => boolean {
  return (t) => res.some((r) => r.test(lc(t)));
}
