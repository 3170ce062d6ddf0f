// Plain-English translation and title of one concerning clause, written from the clause itself:
// what the provider may do, how broadly (any time, any reason, without notice), and the
// specifics it names (periods, amounts, places, arbitration bodies).
import { has, list, negatedBefore } from './phrases.js';
import type { SentenceContext } from './sentence-context.js';
import { findSpecifics, type Specifics } from './specifics.js';
import { getCategory } from './taxonomy.js';
import { arbitrationPlaces, arbitrationSentence, jurisdictionSentence, lawSentence, scoped } from './translate-disputes.js';
import { indemnitySentence, licenceSentence, privacySentence, sharingSentence } from './translate-grants.js';
import { liabilityReading, liabilitySentence } from './translate-liability.js';
import { changeSentence, changeTitle, removalSentence, usingSentence } from './translate-powers.js';
import { terminationSentence, terminationTitle } from './translate-termination.js';
import { agentSentence, agentTitle } from './translate-agents.js';

// Words of a group action; a waiver without them is a jury-trial waiver only.
const GROUP_ACTION = /\bclass|\brepresentative|\bcollective|\bconsolidated|\bmulti-party/i;

function core(category: string, text: string, s: Specifics, context?: SentenceContext): string {
  const period = s.periods[0];
  switch (category) {
    case 'arbitration':
      return arbitrationSentence(text, s, context);
    case 'class-action-waiver':
      return scoped(text, waiverSentence(text, s), context?.scope);
    case 'unilateral-change':
      return changeSentence(text, s);
    case 'content-removal':
      return removalSentence(text, s);
    case 'jurisdiction':
      return jurisdictionSentence(text, s, context);
    case 'choice-of-law':
      return lawSentence(text, s, context);
    case 'limitation-of-liability':
      return liabilitySentence(text, s);
    case 'unilateral-termination':
      return terminationSentence(text, s);
    case 'contract-by-using':
      return usingSentence(text);
    case 'automated-access':
      return agentSentence(text);
    case 'privacy-by-reference':
      return privacySentence(text);
    case 'content-licence':
      return licenceSentence(text);
    case 'automatic-renewal': {
      // The renewal period is the one after "every/each" or "successive ... periods", never a cancellation deadline.
      const cycle =
        /\b(?:every|each)\s+((?:\d+|one|two|three|six|twelve)?\s*-?(?:day|week|month|year)s?)\b|\bsuccessive\s+([\w-]+\s*-?(?:day|week|month|year)s?)\b|\b(monthly|annually|yearly|weekly)\b/i.exec(
          text,
        );
      const every = cycle
        ? cycle[3]
          ? ` ${cycle[3].toLowerCase()}`
          : ` every ${(cycle[1] ?? cycle[2])
              .trim()
              .replace(/^(?:one|1)\b[- ]?/i, '')
              .replace('-', ' ')}`
        : '';
      const deadline =
        /\bcancel\b[^.;]{0,40}\b(?:at least\s+)?((?:\d+|one|two|seven|fourteen|thirty)\s*(?:\(\d+\)\s*)?(?:hours?|days?))\s+(?:before|prior)/i.exec(text);
      const before = deadline
        ? `, and you must cancel at least ${deadline[1]} before it renews`
        : has(text, /before|prior/i)
          ? ', and you must cancel before the renewal date'
          : '';
      const fullPrice =
        has(text, /\bfull\b[^.;]{0,30}\b(?:fee|price|rate)\b/i) && has(text, /\bdiscount|\bpromotion|\bcoupon|\btrial\b/i)
          ? '; after a discount or trial it renews at the full price'
          : '';
      return `Your subscription renews and charges you automatically${every} until you cancel${before}${fullPrice}.`;
    }
    case 'data-sharing':
      return sharingSentence(text);
    case 'indemnification':
      return indemnitySentence(text);
    case 'claim-time-limit': {
      const kind = has(text, OTHER_THAN_KIND) ? undefined : CLAIM_KIND.exec(text)?.[1].toLowerCase();
      return `You must bring ${kind ? `${kind} ` : ''}claims within ${period ?? 'a short period'}.`;
    }
    default:
      return `${getCategory(category).description}`;
  }
}

/** A waiver of class actions, of jury trials, or both, and whether it can be opted out of. */
function waiverSentence(text: string, s: Specifics): string {
  const group = has(text, GROUP_ACTION);
  const jury = has(text, /\bjury\b/i);
  // Snap: "If you opt out of only the arbitration provisions, and not also the class action waiver, the class
  // action waiver still applies" / "You may not opt out of only the class action waiver".
  if (has(text, /\bopt[ -]?out of only\b/i)) {
    return /\bmay not\b|\bcannot\b/i.test(text)
      ? 'You cannot opt out of the class action waiver alone: only together with arbitration.'
      : 'Opting out of arbitration alone leaves the class action waiver in place; to escape the waiver you must opt out of it too.';
  }
  if (has(text, /\bopt[ -]?out\b/i) && !negatedBefore(text, /opt[ -]?out/)) {
    return `You can opt out of the ${group ? 'class action waiver' : 'jury trial waiver'}${s.periods[0] ? ` within ${s.periods[0]}` : ''} by following the steps in the terms; otherwise it applies to you.`;
  }
  if (group) return `You give up the right to join a class action${jury ? ' and to a jury trial' : ''}: each user has to bring claims alone.`;
  // "In any litigation ... over whether to vacate or enforce an arbitration award": court cases about an award only.
  if (has(text, /\bover whether to (?:vacate|enforce|confirm)\b[^.;]{0,20}\barbitration award\b/i))
    return 'In a court case about an arbitration award, you give up the right to a jury trial: a judge decides instead.';
  return `You give up the right to a jury trial: a judge${has(text, /arbitrat/i) ? ' or an arbitrator' : ''} decides any dispute instead.`;
}

// "asserting a federal claim within one (1) year", "a state law claim within two (2) years".
const CLAIM_KIND = /\b(federal|state[- ]law)\s+claims?\b/i;
const OTHER_THAN_KIND = /\b(?:other than|except(?: for)?|excluding)\s+(?:\w+\s+)?(?:federal|state[- ]law)\s+claims?\b/i;

const PLACE_CATEGORIES = new Set(['arbitration', 'jurisdiction', 'choice-of-law', 'class-action-waiver']);

// "If you use WeChat ... for any commercial or business purpose, ...": the clause binds business users only.
// (Dispute clauses state their own scopes, in translate-disputes.ts.)
const BUSINESS_USE_LEAD = /^if you use [^,]{1,80}?\bfor (?:any )?(?:commercial|business)(?: or (?:commercial|business))? purposes?\b/i;
const DISPUTE_CATEGORIES = new Set(['arbitration', 'jurisdiction', 'choice-of-law']);

/** The clause told in plain English; `context` is what earlier sentences of its paragraph said (scope, courts). */
export function translateClause(text: string, category: string, context?: SentenceContext): string {
  const specifics = findSpecifics(text);
  const told = core(category, text, specifics, context);
  const sentence =
    !DISPUTE_CATEGORIES.has(category) && BUSINESS_USE_LEAD.test(text.trim())
      ? `If you use the service for business: ${told.charAt(0).toLowerCase()}${told.slice(1)}`
      : told;
  // Whatever specific the sentence above did not carry is still worth telling.
  // Places matter where disputes go or which law applies; elsewhere a "place" is usually a name.
  const places = PLACE_CATEGORIES.has(category) ? specifics.places : [];
  // A renewal sentence already states its cycle and cancellation deadline in its own words.
  const periods = category === 'automatic-renewal' ? [] : specifics.periods;
  const missing = [...periods, ...specifics.amounts, ...places, ...specifics.bodies].filter((v) => !sentence.includes(v));
  return missing.length ? `${sentence} The clause mentions ${list(missing)}.` : sentence;
}

export function titleClause(text: string, category: string): string {
  const s = findSpecifics(text);
  const name = categoryTitle(text, category, s);
  // A place belongs in the title only of a clause about where disputes go or which law applies.
  const places =
    category === 'choice-of-law' ? s.lawPlaces : category === 'jurisdiction' ? s.courtPlaces : category === 'arbitration' ? arbitrationPlaces(text, s) : [];
  const detail = s.bodies[0] ?? s.amounts[0] ?? places[0] ?? (category === 'unilateral-change' || category === 'claim-time-limit' ? s.periods[0] : undefined);
  // "Distant" or "Foreign" only where the clause names the place.
  if (!detail && category === 'jurisdiction') return 'Where disputes are heard';
  if (!detail && category === 'choice-of-law') return 'Governing law';
  return detail ? `${name} (${detail})` : name;
}

/** The category's name, or a truer one where the clause is a variant of it. */
function categoryTitle(text: string, category: string, s: Specifics): string {
  if (category === 'unilateral-termination') return terminationTitle(text);
  if (category === 'class-action-waiver' && !has(text, GROUP_ACTION)) return 'Jury trial waiver';
  // A cap, excluded losses, a disclaimer, a penalty the user pays, the user's own responsibility...
  if (category === 'limitation-of-liability') return liabilityReading(text, s).title;
  if (category === 'unilateral-change') return changeTitle(text, s);
  if (category === 'automated-access') return agentTitle(text);
  // A licence to feedback (ideas, suggestions) is no licence to what the user posts.
  if (category === 'content-licence' && /\b(?:feedback|suggestions?|ideas)\b/i.test(text) && !/\bcontent\b/i.test(text)) return 'Licence to your feedback';
  return getCategory(category).name;
}
