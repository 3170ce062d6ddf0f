// Plain English built from what the clause says, not from a keyword: the quote itself made readable
// (legal phrasing replaced by everyday words, capitals lowered, "we" named as the provider), with
// each legal term explained where it first appears. Nothing is claimed that the quote does not carry.
// A clause too long to be read at a glance keeps its whole text but is marked `confidence: "low"`,
// as is a fragment that does not stand on its own.

export type Confidence = 'high' | 'low';

/** Longer than this many words, a clause is hard to take in at once: read it in full. */
const LONG_CLAUSE_WORDS = 90;

// Everyday words for legal phrasing; the order matters where one phrase contains another.
const PLAIN_WORDS: [RegExp, string][] = [
  [
    /\bto the (?:fullest|maximum|furthest|greatest) extent (?:permitted|permissible|allowed) (?:by|under) (?:the )?(?:applicable )?laws?(?: and regulations)?\b/gi,
    'as far as the law allows',
  ],
  [/\bto the extent (?:permitted|permissible|allowed) (?:by|under) (?:the )?(?:applicable )?laws?(?: and regulations)?\b/gi, 'as far as the law allows'],
  [/\bin the event that\b/gi, 'if'],
  [/\bin the event of\b/gi, 'in case of'],
  [/\bnotwithstanding\b/gi, 'despite'],
  [/\bprior to\b/gi, 'before'],
  [/\bsubsequent to\b/gi, 'after'],
  [/\bpursuant to\b/gi, 'under'],
  [/\bin accordance with\b/gi, 'under'],
  [/\bwith respect to\b/gi, 'about'],
  [/\bin lieu of\b/gi, 'instead of'],
  [/\bherein\b/gi, 'in these terms'],
  [/\bhereunder\b/gi, 'under these terms'],
  [/\bhereof\b/gi, 'of these terms'],
  [/\bthereof\b/gi, 'of it'],
  [/\bhereby\s+/gi, ''],
  [/\bshall not\b/gi, 'will not'],
  [/\bshall\b/gi, 'will'],
  [/\bcommence(s|d)?\b/gi, 'start$1'],
  [/\butili[sz]e(s|d)?\b/gi, 'use$1'],
  [/\bsole and absolute discretion\b/gi, 'own choice'],
  [/\bsole discretion\b/gi, 'own choice'],
  [/\bat any time and for any reason\b/gi, 'at any time, for any reason'],
];

// Legal terms explained where they first appear.
const GLOSSES: [RegExp, string][] = [
  [/\bindemnif(?:y|ies)\b/i, 'pay the losses and legal costs of'],
  [/\bhold harmless\b/i, 'not hold responsible'],
  // Not inside a name ("the Federal Arbitration Act", "LCIA Arbitration Rules").
  [
    /\bbinding (?:individual )?arbitration\b(?! (?:Act|Rules|Association)\b)|\barbitration\b(?! (?:Act|Rules|Association|opt|agreement|provisions?|clause|section|notice|award|fees?|costs?|proceedings?|procedures?)\b)/i,
    'a private arbitrator decides instead of a court',
  ],
  [/\bclass actions?\b/i, 'a lawsuit brought by many people together'],
  [/\bconsequential (?:damages|losses)\b/i, 'losses that follow indirectly'],
  [/\bincidental (?:damages|losses)\b/i, 'side costs of a problem'],
  [/\bpunitive (?:damages|losses)\b|\bexemplary (?:damages|losses)\b/i, 'extra damages meant to punish'],
  [/\bexclusive jurisdiction\b/i, 'only those courts may hear disputes'],
  // Only in the courts' sense: "the laws of any other jurisdiction" means a place.
  [/\b(?:personal )?jurisdiction(?= of (?:the|any|those|these|such|a|its) (?:state |federal )?courts?\b)/i, 'the power to hear the case'],
  [/\bsub-?licensable\b/i, 'it can pass these rights on to others'],
  [/\broyalty[- ]free\b/i, 'without paying you'],
  [/\birrevocable\b/i, 'cannot be taken back'],
  [/\bperpetual\b/i, 'lasting forever'],
  [/["“]as is["”]/i, 'with no promise that it works'],
  [/\bwaive(?:s|d)?\b/i, 'give up'],
  [/\bjury trial\b/i, 'a trial decided by a jury of citizens'],
];

const LIST_MARKER = /^\s*(?:\(?[a-z0-9]{1,4}\)|[a-z0-9]{1,4}\.|[ivx]{1,6}\.|[-*•])\s+/i;
// "5.2. ", "12. ": the section's number, no part of what it says.
const SECTION_NUMBER = /^\d{1,3}(?:\.\d{1,3})+\.?\s+|^\d{1,3}\.\s+(?=[A-Z])/;
const ACRONYMS = new Set(['AAA', 'JAMS', 'ICC', 'USA', 'EU', 'EEA', 'UK', 'DMCA', 'API', 'FAQ', 'GDPR', 'CCPA', 'LLC', 'ID', 'IP', 'SMS', 'I']);
const SHOUTING = /[A-Z]{2,}(?:[^a-z]*[A-Z]{2,}){3,}/;

/** A sentence written in capitals read in sentence case (keeping short acronyms such as "AAA"). */
function unshout(text: string): string {
  if (!SHOUTING.test(text)) return text;
  // "US$100", "100 US DOLLARS": the currency keeps its capitals.
  const lowered = text.replace(/\b[A-Z][A-Z'’]*\b((?:\s?\$)?)/g, (w, dollar: string) => (ACRONYMS.has(w) || dollar ? w : w.toLowerCase()));
  return lowered.charAt(0).toUpperCase() + lowered.slice(1);
}

// Words after "we" that are no verb of its own: modals, adverbs, conjunctions ("we may", "we also").
const NOT_A_VERB =
  /^(?:may|might|can|could|will|would|shall|should|must|cannot|also|then|only|still|always|never|now|just|even|further|hereby|thereby|therefore|however|thus|alone|too|both|each|all|and|or|nor|to|in|at|on|of|for|by|with|as|the|a|an|that|who|which|is|are|was|were|has|had|being|been|be|ourselves|sometimes|often|generally|reasonably)$/i;

/** The third person of a base verb: "carry" -> "carries", "reserve" -> "reserves", "do" -> "does". */
function thirdPerson(verb: string): string {
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  return `${verb}s`;
}

/** "we" + its verb as "the provider" + the verb agreeing: "we reserve" -> "the provider reserves". */
function providerAndVerb(we: string, adverb: string | undefined, word: string | undefined): string {
  const provider = `${we === 'We' ? 'The provider' : 'the provider'}${adverb ? ` ${adverb}` : ''}`;
  if (!word) return provider;
  const lower = word.toLowerCase();
  if (lower === 'are' || lower === 're') return `${provider} is`;
  if (lower === 'were') return `${provider} was`;
  if (lower === 'have' || lower === 've') return `${provider} has`;
  if (lower === 'll') return `${provider} will`;
  if (lower === 'don') return `${provider} doesn`;
  if (NOT_A_VERB.test(word) || /(?<!e)ed$|ly$/i.test(word)) return `${provider} ${word}`;
  return `${provider} ${thirdPerson(word)}`;
}

/** "we"/"us"/"our" named as the provider, with the verb agreeing. */
function nameTheProvider(text: string): string {
  return (
    text
      // Both parties: "you and we agree", "we each", "between us" (you and the provider).
      .replace(/\b(you and )we\b/gi, '$1the provider')
      .replace(/\b([Ww])e (?:can |may |will )?(?:each|both)\b/g, (m, w: string) => `${w === 'W' ? 'You' : 'you'} and the provider ${m.slice(3)}`)
      .replace(/\bbetween us\b/g, 'between you and the provider')
      // "we['’]re", "we don['’]t", "we sometimes make": the verb after "we" (and an adverb) agrees.
      .replace(
        /\b(We|we)\b(?:['’](re|ll|ve)|\s+(don)(?=['’]t\b)|(?:\s+((?:also|then|only|still|always|never|just|even|sometimes|often|further|(?!(?:apply|reply|supply|rely|comply|imply|multiply)\b)[a-z]+ly)(?:,)?))?\s+([a-z]+)\b)?/g,
        (_, we: string, short?: string, dont?: string, adverb?: string, word?: string) => providerAndVerb(we, adverb, short ?? dont ?? word),
      )
      .replace(/\bOur\b/g, "The provider's")
      .replace(/\bour\b/g, "the provider's")
      .replace(/\bours\b/g, "the provider's")
      // "courts located in us, ca": the United States, not the provider.
      .replace(/\b(?<!\b(?:in|the|located in)\s)us\b(?!\s*,\s*[a-z]{2}\b|\s*\$|\s*dollars?\b)/g, 'the provider')
      .replace(/\bourselves\b/g, 'itself')
      // "the provider limits the provider's liability": its own.
      .replace(/\b((?:the|The) provider (?:\w+ ){1,2})the provider's\b/g, '$1its')
  );
}

// A lead-in that forbids what its items list ("you may not do, attempt to do ... any of the following:").
const FORBIDS = /\b(?:not|never|prohibited|forbidden)\b/i;
const LONG_LEAD_IN_CHARS = 80;

/**
 * A lead-in as it introduces one of its items: itself when short; a long one that forbids told only
 * as that, so that nothing the quote does not carry (consequences, who else is bound) is added to it.
 */
function leadInTold(leadIn: string): string {
  const told = leadIn
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[:\s]+$/, '');
  return told.length > LONG_LEAD_IN_CHARS && FORBIDS.test(told) ? 'The terms forbid you to' : told;
}

/**
 * The clause made readable, its legal terms explained where they first appear. A list item is read
 * with its lead-in ("You agree not to:" + "(b) scrape the service").
 */
export function readableClause(quote: string, leadIn?: string): string {
  let text = quote.replace(/\s+/g, ' ').trim().replace(SECTION_NUMBER, '').replace(LIST_MARKER, '');
  if (leadIn) text = `${leadInTold(leadIn)}: ${text}`;
  text = unshout(text);
  for (const [re, plain] of PLAIN_WORDS) text = text.replace(re, plain);
  text = nameTheProvider(text);
  for (const [re, gloss] of GLOSSES) text = text.replace(re, (m) => `${m} (${gloss})`);
  text = text.charAt(0).toUpperCase() + text.slice(1);
  // A list item's "; and/or" joins it to the next item, which this clause does not quote.
  text = text.replace(/[;,]\s*(?:and\/or|and|or)\s*$/i, '');
  return /[.!?…]["”’)]?$/.test(text) ? text : `${text.replace(/[;:,]\s*$/, '')}.`;
}

/** Whether the quote can be taken as told: short enough, and a whole sentence rather than a fragment. */
export function clauseConfidence(quote: string, hasLeadIn = false): Confidence {
  const words = quote.trim().split(/\s+/).length;
  const fragment = (!hasLeadIn && (LIST_MARKER.test(quote) || /^[a-z]/.test(quote.trim()))) || /[:,]\s*$/.test(quote.trim());
  return words > LONG_CLAUSE_WORDS || fragment ? 'low' : 'high';
}

// Sentences a renderer writes when it found a keyword but not what the clause does with it.
const STOCK =
  /\bowes you nothing\b|\bwhen it decides to\b|\bin the cases the clause lists\b|\bthe courts named just before\b|^The provider can change the service\.$|\brefuses to pay for\s+(?:\(?[a-z0-9]{1,4}[.)]|[a-z])|^It also\b|\bThe clause mentions\b|\bfor the reasons the clause lists\b|\bif something goes wrong, so you carry more of the risk\b|\ba short period\b|\balso apply about\b|^This clause is about\b/;
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
  [/\bor the law\b/i, /\billegal|\bunlawful|\b(?:violat|breach|break|contraven|infring)\w*\s+(?:\w+\s+){0,3}(?:laws?|regulations?)\b/i],
  [/\byou carry (?:that|the) risk\b/i, /\brisk\b|\byour own\b|\b(?:you|user)\w* (?:are|is|will be|remain) (?:solely |fully )?responsible\b/i],
  [/\bcan change (?:these|the) terms\b/i, /\b(?:may|can|will|reserves?|right to|might)\b[^.;]{0,80}\b(?:chang|modif|amend|updat|revis)\w*/i],
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
  // A condition the clause hangs on ("If messages to your address bounce, we may terminate").
  if (CONDITION_FIRST.test(quote.trim().replace(SECTION_NUMBER, '').replace(LIST_MARKER, '')) && !/\b(?:if|when|where|unless|in case)\b/i.test(rendering))
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
  if (TELLS_YOU.test(rendering) && !givesNotice(quote)) return false;
  // "whether or not there is any repeat infringement": not only repeated infringement.
  if (/\brepeatedly\b/i.test(rendering) && /\bwhether or not\b[^.;]{0,40}\brepeat/i.test(quote)) return false;
  // "for agreements not concluded with consumers", "if you use the service for business": the scope stays.
  if (CONSUMER_SCOPE.test(quote) && !/\b(?:consumers?|business(?:es)?|commercial)\b/i.test(rendering)) return false;
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
const KEPT_EXCEPTION = /\b(?:except|unless|other than|only|apart from|but not|subject to|despite)\b/gi;
const PURPOSE = /\bfor (?:any )?(?:commercial|business|operational|legal|security|technical|marketing)\b[^.;]{0,30}\b(?:purposes?|reasons?)\b/i;
const CONDITION_FIRST = /^(?:if|when|where|should|in case|in the event|once|after|upon)\b/i;
const AS_THE_LAW_ALLOWS =
  /\bto the (?:\w+ )?extent (?:that )?(?:the |applicable )?laws? (?:allows?|permits?)\b|\bto the (?:\w+ )?extent (?:permitted|permissible|allowed|required)|\bas far as (?:the )?law|\bwhere (?:permitted|allowed) by (?:applicable )?law|\bpermitted by (?:applicable |the )?(?:mandatory )?laws?\b/i;

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
  /\b(?:if|when|where|as|to the extent)\b[^.;]{0,30}\b(?:required|necessary|permitted|requested)\b|\bto comply with\b|\bwith your (?:consent|permission)\b|\bin (?:connection with|the event of) (?:a|any) (?:merger|sale|acquisition|reorgani)|\bin order to\b|\bfor the purposes? of\b/i;

// A clause for some users only: consumers or not, business use.
const CONSUMER_SCOPE =
  /\bnot (?:\w+ ){0,2}(?:concluded |made |entered into )?with consumers\b|\bnon-consumers?\b|\bif you (?:are|act) (?:a |as a )?(?:consumer|business)\b|\bfor (?:any )?(?:business|commercial) (?:use|purposes?)\b|\bon behalf of a business\b/i;
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
