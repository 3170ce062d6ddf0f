// Plain English built from what the clause says, not from a keyword: the quote itself made readable
// (legal phrasing replaced by everyday words, capitals lowered, "we" named as the provider), with
// each legal term explained where it first appears. Nothing is claimed that the quote does not carry.
// A clause too long to be read at a glance keeps its whole text but is marked `confidence: "low"`,
// as is a fragment that does not stand on its own.

import { LIST_ITEM } from './lists.js';
import { namedCase, type Names } from './names.js';

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
    // Nor where arbitration is denied or only named ("not subject to arbitration", "to compel arbitration").
    /(?<!\b(?:not (?:be )?subject to (?:\w+ ){0,2}|compel |aid of |opt(?:ing)? out of (?:\w+ ){0,2}|precluding (?:\w+ ){0,2}))(?:\bbinding (?:individual )?arbitration\b(?! (?:Act|Rules|Association)\b)|\barbitration\b(?! (?:Act|Rules|Association|opt|agreement|provisions?|clause|section|notice|award|fees?|costs?|proceedings?|procedures?)\b))/i,
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

// A list item's own marker ("(b) ", "iv. ", "- "): lists.ts's pattern.
export const LIST_MARKER = LIST_ITEM;
// "5.2. ", "12. ": the section's number, no part of what it says.
export const SECTION_NUMBER = /^\d{1,3}(?:\.\d{1,3})+\.?\s+|^\d{1,3}\.\s+(?=[A-Z])/;
const ACRONYMS = new Set(['AAA', 'JAMS', 'ICC', 'USA', 'EU', 'EEA', 'UK', 'DMCA', 'API', 'FAQ', 'GDPR', 'CCPA', 'LLC', 'ID', 'IP', 'SMS', 'I']);
const SHOUTING = /[A-Z]{2,}(?:[^a-z]*[A-Z]{2,}){3,}/;

// Currency codes keep their capitals ("100 USD"), as does "US" before dollars ("FIFTY US DOLLARS").
const CURRENCY_CODE = /^(?:USD|EUR|GBP|CAD|AUD|NZD|CHF|JPY|SGD|HKD|INR|BRL|MXN|SEK|NOK|DKK|PLN|CZK)$/;

/**
 * A sentence written in capitals read in sentence case, keeping short acronyms ("AAA"), currencies,
 * abbreviations written with stops ("U.S.") and the document's proper names in its own case ("Acme's").
 */
function unshout(text: string, names?: Names): string {
  if (!SHOUTING.test(text)) return text;
  // "US$100", "100 US DOLLARS": the currency keeps its capitals.
  const lowered = text.replace(/\b[A-Z][A-Z'’]*\b((?:\s?\$)?)/g, (w, dollar: string, at: number, all: string) => {
    if (ACRONYMS.has(w) || CURRENCY_CODE.test(w) || (dollar && /^(?:US|USD|CA|CAD|AU|AUD|NZ|HK|S|SG)\s?\$$/.test(w))) return w;
    if (w === 'US' && /^\s+DOLLARS?\b/.test(all.slice(at + w.length))) return w;
    // "U.S.", "E.U.": one letter of an abbreviation written with stops.
    if (w.length === 1 && all[at + 1] === '.' && (/^\.[A-Z]\./.test(all.slice(at + 1, at + 4)) || /\b[A-Z]\.$/.test(all.slice(Math.max(0, at - 2), at))))
      return w;
    return namedCase(w.toLowerCase(), names);
  });
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
// A prohibition's own words: "you may not", "agree not to", "prohibited"; not any "not" ("has the right, but not the
// obligation, to take any of the following actions", "You are not guaranteed to earn a reward ...").
const FORBIDS =
  /\b(?:may|shall|will|must|should|can|agree|promise|undertake|are|is)\s+(?:\w+\s+)?not\s+(?:to\s+)?(?!guaranteed|responsible|liable|obliged|obligated|required|entitled)\w+|\bcannot\b|\bnot (?:permitted|allowed|authori[sz]ed) to\b|\bprohibit|\bforbid|\bnever\b/i;
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
 * Whether an item can follow its lead-in as its complement: an item with its own subject and verb
 * ("Merchants may alter their terms") is a sentence of its own, never "The terms forbid you to: Merchants may ...".
 */
function itemOwnSentence(item: string): boolean {
  return /^(?:[A-Z][\w’'-]*|the|any|each|all|some)(?:\s+[\w’'-]+){0,3}?\s+(?:may|might|can|could|will|shall|must|is|are|has|have|do|does)\b/.test(item);
}

/**
 * The clause made readable, its legal terms explained where they first appear. A list item is read
 * with its lead-in ("You agree not to:" + "(b) scrape the service"); `names`, the document's proper
 * names (names.ts), keep their case when the clause is written in capitals.
 */
export function readableClause(quote: string, leadIn?: string, names?: Names | (() => Names)): string {
  let text = quote.replace(/\s+/g, ' ').trim().replace(SECTION_NUMBER, '').replace(LIST_MARKER, '');
  if (leadIn) text = itemOwnSentence(text) && leadInTold(leadIn) === 'The terms forbid you to' ? text : `${leadInTold(leadIn)}: ${text}`;
  // An item whose lead-in was not found ("use any automated system ...;"): told as an item, not as an instruction.
  else if (
    /^[a-z]/.test(text) &&
    /^\s*(?:use|access|attempt|post|upload|collect|harvest|scrape|copy|modify|sell|create|interfere|impersonate|send|transmit)(?:\s+or\s+\w+)?\s+(?:any|to|all|other|another)\b/.test(
      text,
    )
  )
    text = `An item of a list in the terms: ${text}`;
  // The document's names are read only for a clause written in capitals (reading them costs a pass over the document).
  text = unshout(text, typeof names === 'function' && SHOUTING.test(text) ? names() : typeof names === 'function' ? undefined : names);
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
