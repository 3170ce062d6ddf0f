// Whether a category's rendering is grounded in its quote: it names the quote's party, is no stock
// sentence, states no qualifier, act, name or claim the quote lacks, and keeps the quote's
// exceptions, conditions, limits and scope. A rendering that is not is never shown: the quote made
// readable (plain-english.ts) is told instead.
import { LIST_MARKER, SECTION_NUMBER } from './plain-english.js';
import { clauseStructure } from './clause-structure.js';

// Sentences a renderer writes when it found a keyword but not what the clause does with it.
const STOCK =
  /\bowes you nothing\b|\bwhen it decides to\b|\bin the cases the clause lists\b|\bthe courts named just before\b|^The provider can change the service\.$|\brefuses to pay for\s+(?:\(?[a-z0-9]{1,4}[.)]|[a-z])|^It also\b|\bThe clause mentions\b|\bfor the reasons the clause lists\b|\bif something goes wrong, so you carry more of the risk\b|\ba short period\b|\balso apply about\b|^This clause is about\b|\bwhat the clause names\b/;
// A qualifier the rendering states must be read in the quote itself.
const GROUNDS: [RegExp, RegExp][] = [
  [/\bat any time\b/i, /\b(?:at )?any ?time\b|\bat (?:its|our|their) (?:sole )?discretion\b/i],
  [
    /\bwithout (?:any )?(?:prior )?notice\b|\bwithout telling you\b/i,
    /\bwithout (?:\w+ ){0,2}notice\b|\bno (?:\w+ )?notice\b|\bnotice\b[^.;]{0,30}\bnot (?:be )?required\b/i,
  ],
  [/\bfor any reason\b|\bany or no reason\b/i, /\bany reason\b|\bno reason\b|\bdiscretion\b|\bwhatsoever\b/i],
  [/\bwithout your consent\b/i, /\bconsent\b/i],
  [/\bforever\b|\birrevocabl/i, /\bperpetual|\birrevocabl|\bforever\b/i],
  [/\bworldwide\b/i, /\bworld-?wide\b|\bthroughout the world\b/i],
  [/\bexclusive(?:ly)?\b/i, /\bexclusive/i],
  [/\bseriously\b/i, /\bserious|\bmaterial|\bfundamental|\bessential|\bgross/i],
  // The act the rendering names must be the act the quote names.
  [/\bremove\b/i, /\bremov|\bdelet|\btake (?:it )?down|\bdisabl|\bblock|\bfilter|\brefuse to (?:post|display|publish)|\bpull\b/i],
  [/\bsuspend\b/i, /\bsuspen/i],
  [/\bclose (?:your )?account\b|\bend (?:your|this)\b/i, /\bterminat|\bclos|\bend\b|\bcancel|\bdelet|\bdeactivat|\bdisabl|\bsuspen|\bdiscontinu|\brevok/i],
  [/\bshare\b/i, /\bshar|\bdisclos|\bsell|\btransfer|\bprovide\b/i],
  [/\bprices?\b/i, /\bpric|\bfees?\b|\bcharges?\b|\brates?\b|\bcosts?\b/i],
  [
    /\bcounts? as part of this contract\b/i,
    /\bpart of\b|\bincorporat|\bsubject to\b|\btogether with\b|\bgovern|\bconstitut|\binclud|\bforms?\b|\bread (?:with|together)\b|\bapply to\b/i,
  ],
  [/\bbecause of how you used the service\b/i, /\byour (?:use|access|misuse)\b|\bused\b|\busing\b/i],
  [
    /\b(?:shut down|suspend|stop|end|discontinue) the service\b/i,
    /\b(?:discontinu|shut(?:ting)? down|suspen|stop|ceas|terminat|end|withdraw)\w*\s+(?:\w+\s+){0,2}(?:all or (?:any )?part of )?(?:the |our |any )?(?:service|services|platform|site|app)\b/i,
  ],
  [
    /\bchange the service\b/i,
    /\b(?:chang|modif|updat|alter|revis|add|remov|discontinu|suspend|improv|evolv)\w*\b[^.;]{0,60}\b(?:services?|platform|features?|functionalit\w*|offerings?|products?|site|apps?)\b/i,
  ],
  // "breaks the rules or the law": the quote must speak of breaking a law, not of what a law permits.
  // "Just using the service binds you": use of the service itself, not "using or paying for additional services".
  [/\b[Jj]ust using the service\b/, /\bby (?:using|accessing|visiting|continuing to use)\b(?!\s+or paying)(?![^.;]{0,40}\badditional)/i],
  // "block content": a block of content, not "device-based restrictions or blocks".
  [
    /\bblock (?:content|what you post)\b/i,
    /\bblock\w*\b[^.;]{0,40}\b(?:content|posts?|uploads?|material|information)\b|\b(?:content|posts?|material)\b[^.;]{0,40}\bblock/i,
  ],
  // "courts the provider chooses" only where the quote names no court's place ("the courts sitting in san francisco county").
  [
    /\bcourts the provider chooses\b/i,
    /^(?![\s\S]*\bcourts?\s+(?:(?:sitting|located|situated|seated)\s+)?(?:in|of|at|for)\s+(?:the\s+)?(?!competent|appropriate|applicable|relevant|your\b|its\b|their\b)[a-z]{3,})/i,
  ],
  [/\bor the law\b/i, /\billegal|\bunlawful|\b(?:violat|breach|break|contraven|infring)\w*\s+(?:\w+\s+){0,3}(?:laws?|regulations?)\b/i],
  [/\byou carry (?:that|the) risk\b/i, /\brisk\b|\byour own\b|\b(?:you|user)\w* (?:are|is|will be|remain) (?:solely |fully )?responsible\b/i],
  // The power itself: a modal and, a few words on, the verb ("we may at any time modify"), not "may provide notices regarding changes".
  [/\bcan change (?:these|the) terms\b/i, /\b(?:may|can|will|reserves?|right to|might)(?:\s+[\w-]+){0,5}?\s+(?:chang|modif|amend|updat|revis|alter)\w*/i],
  // Arbitration as the way disputes go needs the quote to send them there, not only to mention it.
  [
    /\b[Dd]isputes go to private arbitration\b/,
    /\b(?:resolved|settled|decided|submitted|referred|determined|brought|go|heard|conducted)\b[^.;]{0,80}\barbitrat|\barbitrat\w*\b[^.;]{0,80}\b(?:resolve|settle|decide|exclusive|mandatory|instead of|rather than)|\b(?:agree|consent)\w* to (?:\w+ ){0,3}arbitrat|\barbitrat\w* (?:is|will be) (?:mandatory|required|binding)/i,
  ],
  [/\bcheck\b/i, /\bmonitor|\breview|\bscreen|\bcheck|\binspect|\bexamin/i],
  [/\bdownloading\b/i, /\bdownload/i],
  [/\bbots\b|\bscrapers\b|\bcrawlers\b/i, /\bbots?\b|\bscrap|\bcrawl|\bspider|\bautomat|\brobot/i],
  [/\binstalling\b/i, /\binstall/i],
  [/\bsigning up\b/i, /\bsign(?:ing|s)? up|\bregist/i],
  [/\bvisiting\b/i, /\bvisit/i],
  [/\bsettings\b/i, /\bsettings\b/i],
  [
    /\bbinds you to\b|\bcounts as accepting\b/i,
    /\bby (?:using|accessing|continuing|clicking|registering|downloading|installing|visiting|signing)|\bconstitut|\bdeemed\b|\bbound\b|\bmeans (?:that )?you\b|\bcounts? as\b|\bacceptance\b/i,
  ],
  [/\bthe new terms\b|\bthese terms\b/i, /\bterms\b|\bagreement\b|\btos\b|\bconditions\b|\beula\b|\bcontract\b/i],
];

// "those courts", "such courts": the quote points back to places named before it.
const POINTS_BACK = /\b(?:those|such|these|the (?:above|aforementioned|foregoing)|said) (?:courts?|laws?|jurisdictions?|state|country)\b/i;
const NOT_A_PLACE = new Set([
  'The',
  'You',
  'Your',
  'If',
  'For',
  'Disputes',
  'It',
  'Its',
  'This',
  'In',
  'Where',
  'When',
  'Also',
  'Just',
  'Simply',
  'Crawling',
  'Excluded',
  'After',
]);

/** Every name (a run of capitalised words) the rendering gives is in the quote, unless the quote points back to one. */
function namesInQuote(rendering: string, quote: string): boolean {
  // Courts named before are told only where the quote sends disputes to them ("must be brought in those courts").
  if (POINTS_BACK.test(quote))
    return /\b(?:brought|filed|heard|resolved|decided|commenced|exclusive(?:ly)?|only|instituted|litigated (?:exclusively|only))\b/i.test(quote);
  // A scope read from the paragraph's head ("If you live in the United States: ...") is the context's, not the quote's.
  const told = rendering.replace(/^(?:If|For|Where|When)\b[^:]{1,200}:\s*/, '');
  const names = told.match(/\b[A-Z][a-z]+(?:\s+(?:of\s+)?[A-Z][a-z]+)*/g) ?? [];
  const lower = quote.toLowerCase();
  return names.filter((n) => !NOT_A_PLACE.has(n.split(/\s+/)[0])).every((n) => lower.includes(n.toLowerCase()));
}

/**
 * Whether a rendering is grounded in its quote: it names the party the quote names, carries no stock
 * sentence, states no qualifier the quote lacks, and keeps the quote's exceptions.
 */
export function groundedIn(rendering: string, quote: string, party: 'provider' | 'user' | 'third-party'): boolean {
  if (STOCK.test(rendering)) return false;
  // A lead-in ("Payment to a bank account at a future date:") states nothing on its own.
  if (/:\s*$/.test(quote.trim())) return false;
  if (party !== 'provider' && /^(?:The provider|It)\b/.test(rendering)) return false;
  // A step the user takes in an arbitration ("If you initiate arbitration, you shall serve the Demand") is no forced arbitration.
  if (party === 'user' && /\b[Dd]isputes go to private arbitration\b/.test(rendering)) return false;
  if (GROUNDS.some(([said, read]) => said.test(rendering) && !read.test(quote))) return false;
  // Every exception the quote makes must be kept ("all issues except that a court decides arbitrability").
  if (count(EXCEPTION, quote) > count(KEPT_EXCEPTION, rendering)) return false;
  // A condition or exception the clause's grammar reads (clause-structure.ts), wherever it stands, stays in the telling:
  // a condition as a condition, an exception as an exception ("only" in "you can only bring claims alone" keeps none).
  const qualified = qualifiedBy(quote);
  if (qualified.condition && !KEEPS_A_CONDITION.test(rendering)) return false;
  if ((qualified.exception || WITH_EXCEPTIONS.test(quote)) && !KEEPS_AN_EXCEPTION.test(rendering)) return false;
  // "resolved by that court, not by the arbitrator": arbitration denied is no arbitration.
  if (/\b[Dd]isputes go to private arbitration\b/.test(rendering) && ARBITRATION_DENIED.test(quote)) return false;
  // "the Client shall be liable": the user's liability is never told as the provider's.
  if (/^The provider\b[^.;]{0,30}\b(?:is|are|remains?|will be) (?:\w+ )?liable\b/.test(rendering) && USER_LIABLE.test(quote)) return false;
  // "in line with them", "on a going-forward basis", "commercially reasonable efforts to notify": what narrows the power stays.
  if (NARROWS.some(([said, kept]) => said.test(quote) && !kept.test(rendering))) return false;
  // "the purchase price for Webs Credits" is not every price; "access to the API" is not the account nor the service.
  if (/\bits prices\b/.test(rendering) && PRICE_OF_SOMETHING.test(quote)) return false;
  const part = ACCESS_TO_A_PART.exec(quote)?.[1];
  if (part && /\byour account\b|\bthe service\b/i.test(rendering) && !rendering.toLowerCase().includes(part.toLowerCase())) return false;
  // "Prohibited use ... can lead to suspension": a consequence of what the subject names, told with its cause.
  if (CONSEQUENCE.test(quote) && !/\b(?:if|when|for|because|after|where)\b/i.test(rendering)) return false;
  // A fallback ("to the extent a dispute is not arbitrable, ...") is never told as the rule.
  if (clauseStructure(quote).fallback && !/\b(?:if|where|when|unless|for disputes that|fallback)\b/i.test(rendering)) return false;
  // A condition the clause hangs on ("If messages to your address bounce, we may terminate").
  if (
    CONDITION_FIRST.test(quote.trim().replace(SECTION_NUMBER, '').replace(LIST_MARKER, '')) &&
    !/\b(?:if|when|where|unless|in case|extent|as far as)\b/i.test(rendering)
  )
    return false;
  // "without notice (or after providing reasonable notice where required by law)": the notice the law may require stays.
  if (
    /\bwithout telling you\b/i.test(rendering) &&
    !/\bpossibly\b/i.test(rendering) &&
    /\bor (?:after|with) (?:\w+ ){0,3}notice\b|\bwith or without\b[^.;]{0,20}\bnotice\b/i.test(quote)
  )
    return false;
  // "we may not always give notice (1) when ... or (2) when ...": the cases listed stay.
  if (/\b(?:if|when|where|unless)\b[^.]{0,40}\((?:1|i|a)\)/i.test(quote) && !/\b(?:if|when|where|unless|only)\b/i.test(rendering)) return false;
  // "To the extent permitted by law": the limit the law sets stays in the telling.
  if (AS_THE_LAW_ALLOWS.test(quote) && !/\blaw\b/i.test(rendering)) return false;
  // "for commercial purposes", "for business and operational reasons": the purpose stays.
  if (PURPOSE.test(quote) && !/\b(?:reasons?|purposes?|commercial|business)\b/i.test(rendering)) return false;
  // "reasonable attorneys' fees" keep their "reasonable"; "consistent with your privacy settings" its limit.
  if (/\breasonable (?:outside )?(?:attorney|legal|lawyer|counsel)/i.test(quote) && /\blawyers?\b/i.test(rendering) && !/\breasonable\b/i.test(rendering))
    return false;
  if (
    /\b(?:consistent with|subject to|in accordance with) your (?:privacy|application|account)?\s*(?:and \w+ )?settings\b/i.test(quote) &&
    !/\bsettings\b/i.test(rendering)
  )
    return false;
  // A licence to feedback is no licence to what the user posts.
  if (/\bwhat you post\b/.test(rendering) && /\b(?:feedback|suggestions?|ideas)\b/i.test(quote) && !/\bcontent\b/i.test(quote)) return false;
  // "is not responsible" never told as "is responsible"; "without notice" never as "after telling you".
  if (AFFIRMS_LIABILITY.test(rendering) && !affirmsLiability(quote)) return false;
  // "we, and not Microsoft, are responsible": an aside that names who is not, no denial by the one who is.
  if (DENIES_LIABILITY.test(rendering) && !deniesLiability(quote)) return false;
  if (TELLS_YOU.test(rendering) && !givesNotice(quote)) return false;
  // "whether or not there is any repeat infringement": not only repeated infringement.
  if (/\brepeatedly\b/i.test(rendering) && /\bwhether or not\b[^.;]{0,40}\brepeat/i.test(quote)) return false;
  // "for agreements not concluded with consumers", "if you use the service for business": the scope stays.
  if (CONSUMER_SCOPE.test(quote) && !/\b(?:consumers?|business(?:es)?|commercial)\b/i.test(rendering)) return false;
  // "a violation of this provision": that provision, not the rules at large.
  if (
    BREACH_TOLD.test(rendering) &&
    /\bthis (?:provision|section|clause|paragraph)\b/i.test(quote) &&
    !/\bterms\b|\brules\b|\bagreement\b|\bpolic|\bguidelines\b|\bconditions\b/i.test(quote)
  )
    return false;
  // "$100 if you have not had any payment obligations": the condition stays.
  if (/\b(?:if|unless) you (?:have not|haven['’]t|did not|do not|are not|have never)\b/i.test(quote) && !/\b(?:if|unless|where|when)\b/i.test(rendering))
    return false;
  // "in connection with operating and providing the services": the licence's purpose stays.
  if (
    /\bin connection with (?:operating|providing|the operation|the provision)|\bfor the (?:limited )?purposes? of (?:operating|providing)|\bsolely (?:for|to) (?:operate|provide)/i.test(
      quote,
    ) &&
    !/\boperat|\bprovid|\bpurpose/i.test(rendering)
  )
    return false;
  // "content that may violate", "users who may be repeat infringers": a suspicion is no breach.
  if (BREACH_TOLD.test(rendering) && MAY_BREACH.test(quote) && !/\b(?:may|might|believes?|suspects?|thinks?|considers?)\b/i.test(rendering)) return false;
  // "delays caused by events beyond our reasonable control": the cause stays.
  if (
    /\bbeyond (?:our|its|the provider's|[A-Z]\w+['’]s) (?:reasonable )?control\b|\bforce majeure\b/i.test(quote) &&
    !/\bcontrol\b|\bforce majeure\b/i.test(rendering)
  )
    return false;
  // "we may disclose your information if required by law or with your consent": the condition stays.
  if (
    /\bcan be (?:sold or )?shared\b/.test(rendering) &&
    SHARING_CONDITION.test(quote) &&
    !/\b(?:if|when|where|only|(?:the|by|under) law|consent|required)\b/i.test(rendering)
  )
    return false;
  // "We will not edit or monitor content": an act the quote denies is never told as a power.
  if (deniedActs(quote).some((act) => act.test(rendering))) return false;
  return namesInQuote(rendering, quote);
}

const EXCEPTION = /\b(?:except|unless|other than|excluding|save (?:as|for)|subject to|notwithstanding)\b/gi;
const KEEPS_A_CONDITION =
  /\b(?:if|when|where|unless|except|only|as far as|extent|subject to|provided|after|once|before|until|while|in case|law|for (?:disputes|users|business|consumers|residents))\b/i;
// The parts that narrow when or to what a clause applies; "By using ...", "Without limiting the foregoing",
// "Notwithstanding ..." frame it instead.
const NARROWING_PART =
  /^[,\s]*(?:if|when|whenever|where|unless|except|to the extent|in the event|in case|provided|only if|should|once|upon|after|before|subject to|save|other than|excluding|within the limits|with the exception)\b/i;

/** The conditions and exceptions of the quote that are more than asides (clause-structure.ts). */
function qualifiedBy(quote: string): { condition: boolean; exception: boolean } {
  const parts = clauseStructure(quote).parts.filter((p) => NARROWING_PART.test(quote.slice(p.start, p.end)));
  return { condition: parts.some((p) => p.kind === 'condition'), exception: parts.some((p) => p.kind === 'exception') };
}
const KEEPS_AN_EXCEPTION = /\b(?:except|unless|other than|apart from|but not|excluding|most|some|certain|exceptions?)\b/i;
const WITH_EXCEPTIONS = /\bwith (?:limited|certain|some|few|narrow) exceptions\b/i;
const ARBITRATION_DENIED =
  /\b(?:not|never)\s+(?:by|before|in|through)?\s*(?:the\s+|an?\s+)?arbitrat|\b(?:rather than|instead of)\s+(?:by\s+|in\s+|through\s+)?(?:the\s+|an?\s+)?arbitrat/i;
const USER_LIABLE =
  /\b(?:you|the (?:client|customer|user|advertiser|licensee|subscriber|member|buyer|merchant|publisher)s?)\s+(?:\w+\s+)?(?:shall|will|is|are|remains?|must)\s+(?:be\s+)?(?:\w+\s+)?(?:liable|responsible)\b/i;
const NARROWS: [RegExp, RegExp][] = [
  [/\bin line with\b|\bconsistent with\b/i, /\bin line with\b|\bconsistent\b|\bmatch/i],
  [
    /\bgoing[- ]forward\b|\bprospective(?:ly)?\b|\bfor (?:any )?(?:subsequent|future|later)\b/i,
    /\bgoing forward\b|\bprospective|\bsubsequent\b|\bfuture\b|\blater\b|\bfrom then on\b|\bnext\b/i,
  ],
  [
    /\b(?:reasonable|best) efforts to\b|\bendeavou?rs? to\b|\btry to\b|\bseek to\b/i,
    /\btr(?:y|ies)\b|\beffort|\bendeavou?r|\bnot always\b|\bpossibly\b|\bmay\b/i,
  ],
  [/\bwithin the limits of (?:the )?(?:applicable )?laws?\b/i, /\blaw\b/i],
];
const PRICE_OF_SOMETHING =
  /\b(?:price|fee|rate|charge)s?\s+(?:for|of)\s+(?!(?:the|our|its|your)\s+(?:services?|platform|site|website)\b)(?:the\s+|any\s+|your\s+)?\S/i;
const ACCESS_TO_A_PART =
  /\baccess to (?:the |our |its |your )?(?!(?:the\s+)?(?:[Ss]ervices?|[Pp]latform|[Ss]ite|[Ww]ebsite|[Aa]pps?|[Aa]ccounts?|[Ii]nternet|[A-Z][\w-]*\s+(?:[Ss]ervices?|[Pp]latform|[Ss]ite|[Ww]ebsite|[Aa]pps?))\b)((?:[A-Z][\w-]*|API|[a-z]+ (?:feature|tool|program))(?:\s+[A-Z][\w-]*)*)/;
const CONSEQUENCE = /\b(?:can|may|will|could|might|shall)\s+(?:\w+\s+)?(?:lead|result)\s+(?:\w+\s+)?(?:to|in)\b|\b(?:leads?|results?)\s+in\b/i;
const KEPT_EXCEPTION = /\b(?:except|unless|other than|only|apart from|but not|subject to|despite)\b/gi;
const PURPOSE = /\bfor (?:any )?(?:commercial|business|operational|legal|security|technical|marketing)\b[^.;]{0,30}\b(?:purposes?|reasons?)\b/i;
const CONDITION_FIRST = /^(?:if|when|where|should|in case|in the event|once|after|upon|to the extent (?!(?:permitted|allowed|required) by\b))\b/i;
const AS_THE_LAW_ALLOWS =
  /\bwithin the limits of (?:the )?(?:applicable )?laws?\b|\bto the (?:\w+ )?extent (?:that )?(?:the |applicable )?laws? (?:allows?|permits?)\b|\bto the (?:\w+ )?extent (?:permitted|permissible|allowed|required)|\bas far as (?:the )?law|\bwhere (?:permitted|allowed) by (?:applicable )?law|\bpermitted by (?:applicable |the )?(?:mandatory )?laws?\b/i;

// A rendering that says someone stays liable or responsible ("the provider remains liable").
const AFFIRMS_LIABILITY =
  /\b(?:is|are|will be|remains?|stays?|shall be) (?:still |fully |solely |also )?(?:responsible|liable)\b(?<!\bnot (?:\w+ )?(?:responsible|liable))/i;
const LIABILITY_STATED = /\b(?:is|are|will be|remains?|stays?|shall be|be held) (?:still |fully |solely |also )?(?:responsible|liable)\b/gi;

/** Whether the quote says someone is responsible or liable, not only that they are not. */
function affirmsLiability(quote: string): boolean {
  return [...quote.matchAll(LIABILITY_STATED)].some(
    (m) => !/\b(?:not|never|no longer|neither|nor)\s+(?:\w+\s+){0,2}$/i.test(quote.slice(Math.max(0, m.index - 30), m.index)) && !/\bnot\b/i.test(m[0]),
  );
}

// Notice the quote promises, not notice it denies ("we may not provide you with notice", "without notice").
const NOTICE_GIVEN =
  /\b(?:will|shall|must|may|to|we|it) (?:\w+ ){0,3}(?:notify|inform|tell)\b|\b(?:provide|give|send)s? (?:you )?(?:\w+ ){0,2}notice\b|\bwith (?:\w+ ){0,2}notice\b|\bnotice (?:to you|of)\b/gi;
const NOTICE_DENIED = /\b(?:not|never|no|without)\b(?:\s+\w+){0,4}\s*$/i;

function givesNotice(quote: string): boolean {
  if (/\bwith or without\b[^.;]{0,20}\bnotice\b/i.test(quote)) return true;
  return [...quote.matchAll(NOTICE_GIVEN)].some((m) => !/\bnot\b/i.test(m[0]) && !NOTICE_DENIED.test(quote.slice(Math.max(0, m.index - 40), m.index)));
}

const BREACH_TOLD = /\bbreaks? the rules\b|\bbroke the rules\b|\brepeatedly infringe\b/i;
const MAY_BREACH = /\b(?:may|might|could) (?:be |have )?(?:violat|breach|infring|repeat|in breach)/i;

// What sharing hangs on: the law, the user's consent, a sale of the business, a purpose.
const SHARING_CONDITION =
  /\b(?:if|when|where|as|to the extent)\b[^.;]{0,80}\b(?:required|necessary|permitted|requested)\b|\bto comply with\b|\bwith your (?:consent|permission)\b|\bin (?:connection with|the event of) (?:a|any) (?:merger|sale|acquisition|reorgani)|\bin order to\b|\bfor the purposes? of\b/i;

// A clause for some users only: consumers or not, business use.
const CONSUMER_SCOPE =
  /\bnot (?:\w+ ){0,2}(?:concluded |made |entered into )?with consumers\b|\bnon-consumers?\b|\bif you (?:are|act) (?:a |as a )?(?:consumer|business)\b|\bfor (?:any )?(?:business|commercial) (?:use|purposes?)\b|\bon behalf of a business\b/i;
const DENIES_LIABILITY = /\bnot (?:be )?(?:responsible|liable)\b|\bowes you nothing\b|\brefuses to pay\b|\bno liability\b/i;

/** Whether the quote denies liability or responsibility, once asides such as ", and not Microsoft," are read past. */
function deniesLiability(quote: string): boolean {
  const plain = quote.replace(/,\s*(?:and\s+)?not\s+[^,]{1,40},/gi, ',');
  return NEGATED_LIABILITY.test(plain);
}

const NEGATED_LIABILITY =
  /(?:\b(?:not|no|never|neither|nor|without|cannot)\b|n['’]t\b)[^.;]{0,60}?(?:responsib|liab|warrant|guarantee|obligation)|\b(?:exclude|disclaim|limit)\w*\b/i;

const TELLS_YOU = /\bafter telling you\b|\b(?:will|must|it) tells? you\b|\bwith (?:prior |advance )?notice\b|\bnotif(?:y|ies) you\b/i;

function count(re: RegExp, text: string): number {
  return text.match(re)?.length ?? 0;
}

// Acts a quote may deny ("will not edit or monitor", "no obligation to review"), each with the words a rendering would use for it.
const ACTS: [RegExp, RegExp][] = [
  [/edit/, /\bedit/i],
  [/monitor|review|screen|check/, /\bcheck|\bmonitor|\breview|\bscreen/i],
  [/remov|delet/, /\bremove|\bdelete/i],
  [/shar|disclos|sell/, /\bshare|\bdisclose|\bsell/i],
  [/notif|tell|inform/, /\btelling you\b|\bafter telling\b|\bnotif/i],
];

function deniedActs(quote: string): RegExp[] {
  const denied = [
    ...quote.matchAll(
      /\bnot\s+(?:(?:be|have|always|necessarily|actively)\s+)?(\w+)(?:,?\s+(?:or|and)\s+(\w+))?|\bno obligation to\s+(\w+)(?:,?\s+(?:or\s+)?(\w+))?/gi,
    ),
  ].flatMap((m) => [m[1], m[2], m[3], m[4]].filter((w): w is string => !!w).map((w) => w.toLowerCase()));
  return ACTS.filter(([stem]) => denied.some((w) => stem.test(w))).map(([, said]) => said);
}
