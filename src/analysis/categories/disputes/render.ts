// Translation of arbitration clauses. An arbitration section has many sentences, and each says
// something different: that disputes go to an arbitrator, who runs it, where, who decides what
// is arbitrable, what is carved out (small claims, intellectual property), how to opt out. The
// translation says what this sentence says, with the specifics it names.
import { has, HOME_COURTS, list, negatedBefore, withoutWhereverYouLive } from '../../phrases.js';
import type { SentenceContext } from '../../sentence-context.js';
import { quietPlaceCase, scopeOf, SHOUTED_PLACES } from '../../dispute-scope.js';

import { findSpecifics, isNamedCourt, type Specifics } from '../../specifics.js';
import { clauseStructure, withoutExceptions } from '../../clause-structure.js';

const SHORT_NAMES: Record<string, string> = {
  'American Arbitration Association': 'AAA',
  'International Chamber of Commerce': 'ICC',
  'London Court of International Arbitration': 'LCIA',
  'Singapore International Arbitration Centre': 'SIAC',
  'Hong Kong International Arbitration Centre': 'HKIAC',
  'International Centre for Dispute Resolution': 'ICDR',
};

/** "the American Arbitration Association (AAA)" once, whether the clause names it in full, short or both. */
function bodyNames(bodies: string[]): string[] {
  const names: string[] = [];
  for (const [full, short] of Object.entries(SHORT_NAMES)) {
    if (bodies.includes(full)) names.push(`the ${full} (${short})`);
    else if (bodies.includes(short)) names.push(short);
  }
  for (const b of bodies) if (!(b in SHORT_NAMES) && !Object.values(SHORT_NAMES).includes(b)) names.push(b.includes(' ') ? `the ${b}` : b);
  return names;
}

export function arbitrationSentence(text: string, s: Specifics, context?: SentenceContext): string {
  return scoped(text, arbitrationCore(text, s), context?.scope);
}

/** Where an arbitration is held: the places the clause names, less those of its scope and named courts. */
export function arbitrationPlaces(text: string, s: Specifics): string[] {
  // Places in the scope ("IF YOU ARE IN THE UNITED STATES OR CANADA") say who, not where.
  const scope = scopeOf(text)?.toLowerCase() ?? '';
  // A court named in full is where a dispute would otherwise go, not where the arbitration is held.
  return s.courtPlaces.filter((p) => !scope.includes(p.toLowerCase()) && !isNamedCourt(p));
}

// Quora: "submit to the personal jurisdiction of any ... court in Santa Clara County, California, in order to
// compel arbitration, ... or to confirm, modify, vacate or enter judgment on the award": courts that oversee it.
const OVERSEEING_COURTS = /\bjurisdiction of\b[^.;]{0,80}\bcourts?\b/i;
const ABOUT_THE_ARBITRATION = /\bto compel arbitration\b|\b(?:confirm|vacate|enforce|enter judgment on)\b[^.;]{0,60}\baward\b/i;
// The clause itself sends disputes to arbitration ("resolved by final and binding arbitration").
const ARBITRATION_PROMISE =
  /\b(?:resolved|settled|decided|determined|submitted)\s+(?:exclusively\s+|solely\s+)?(?:by|through|in|to)\s+(?:[\w-]+\s+){0,4}arbitration\b|\bbinding\b[^.;]{0,30}\barbitration\b|\bagree to arbitrate\b/i;

function overseeingCourts(text: string, s: Specifics): string {
  if (!OVERSEEING_COURTS.test(text) || !ABOUT_THE_ARBITRATION.test(text)) return '';
  const places = arbitrationPlaces(text, s);
  const where = places.length ? ` in ${list(places, 'or')}` : '';
  const waives = has(text, /\bwaive\b[^.;]{0,40}\b(?:venue|jurisdictional)\b/i) ? ', and you give up any objection to those courts' : '';
  return `Court cases about the arbitration itself (to force it, pause other cases for it, or confirm or overturn its award) go to the courts${where}${waives}.`;
}

/** What the clause says of arbitration, and of the courts that oversee it when it names them. */
function arbitrationCore(text: string, s: Specifics): string {
  const oversight = overseeingCourts(text, s);
  if (oversight && !ARBITRATION_PROMISE.test(text)) return oversight;
  const promise = arbitrationPromise(text, s);
  return oversight ? `${promise} ${oversight}` : promise;
}

function arbitrationPromise(text: string, s: Specifics): string {
  const by = s.bodies.length ? ` run by ${list(bodyNames(s.bodies))}` : '';
  const atHome = HOME_COURTS.test(withoutWhereverYouLive(text));
  const places = arbitrationPlaces(text, s);
  const where = !atHome && places.length ? ` in ${list(places, 'or')}` : '';
  const period = s.periods[0];
  if (has(text, /\bopt[ -]?out\b/i) && !negatedBefore(text, /opt[ -]?out/)) {
    return `You can opt out of arbitration${period ? ` within ${period}` : ''} by following the steps in the terms; otherwise disputes go to a private arbitrator${by} instead of a court.`;
  }
  if (has(text, /\bsmall claims?\b/i))
    return `Disputes go to private arbitration${by} instead of a court, except that small-claims court stays open for claims it can hear.`;
  if (
    has(text, /\b(?:does|shall|will) not apply\b|\bexcept for\b|\bexcluded from\b/i) &&
    has(text, /\bintellectual property|\bcopyright|\btrademark|\binjunctive/i)
  ) {
    return 'Most disputes go to private arbitration, but some (such as intellectual-property claims or requests to stop misuse) can still go to court, which mainly helps the provider.';
  }
  if (has(text, /\barbitrability|\b(?:exclusive|sole) (?:authority|power)\b|\benforceability\b/i) && has(text, /\barbitrator\b/i)) {
    return 'The arbitrator, not a court, decides even whether a dispute has to go to arbitration and whether this arbitration agreement is valid.';
  }
  // "Parler may require arbitration" — but not "You may elect" or "Either party may elect".
  const providerChooses =
    has(text, /\b(?:sole|absolute) discretion\b/i) || /\b(?!(?:You|Either|Each|Both|Users?)\b)(?:we|We|[A-Z][\w']+) may (?:require|elect|choose)\b/.test(text);
  const lead = providerChooses ? 'The provider can choose to send disputes to private arbitration' : 'Disputes go to private arbitration';
  const final = has(text, /\bbinding\b|\bfinal(?:ly)?\b/i) ? ", and the arbitrator's decision is final" : '';
  const alone = has(text, /\bclass|\bindividual (?:basis|arbitration)|\bindividually\b/i)
    ? '; you can only bring claims on your own, not in a class action'
    : '';
  const rules = !by && has(text, /\bFederal Arbitration Act\b|\bFAA\b/) ? ' under the US Federal Arbitration Act' : '';
  return `${lead}${by}${rules}${where} instead of a court${atHome ? ', held where you live' : ''}${final}${alone}.`;
}

// "If you are a U.S. federal government entity, ...": the clause applies to some users only.
// "If you are a consumer in the EEA, Switzerland or the UK, ...": the clause applies to some users only.
// A list of places after the first comma belongs to the scope ("..., Switzerland or the UK,"); place
// names are capitalised, so the list is matched case-sensitively.
/** The sentence, led by the clause's scope when it applies to some users or disputes only. */
export function scoped(text: string, sentence: string, fallback?: string): string {
  const own = scopeOf(text);
  // "For any actions not subject to Section 11 (Arbitration)": told without the cross-reference.
  const found = own && /\bnot subject to\b/i.test(own) && NOT_ARBITRATED.test(text) ? 'For disputes that do not go to arbitration' : (own ?? fallback);
  if (!found) return sentence;
  // A shouted scope ("IF YOU ARE IN THE UNITED STATES") is told in sentence case.
  const scope = found === found.toUpperCase() ? found.toLowerCase().replace(SHOUTED_PLACES, quietPlaceCase) : found;
  return `${scope.charAt(0).toUpperCase()}${scope.slice(1)}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
}

const DEPENDING_ON_WHERE_YOU_LIVE = /\bdepending on where you live\b/i;
// "unless prohibited by the laws of the country in which you reside"
// "unless this is prohibited by the laws of the country where you reside"
const LOCAL_LAW_EXCEPTION =
  /\bunless (?:(?:this|it|that) is )?(?:prohibited|forbidden|not permitted) by the laws? of the (?:country|state|place) (?:in which|where) you (?:reside|live)\b/i;
// "(except for small claims court actions which may be brought in the county where you reside)"
const SMALL_CLAIMS_AT_HOME = /\bsmall claims?\b[^.;]{0,80}?\bwhere you (?:live|reside)\b/i;
// "those courts", "such California courts", "both courts": courts named in an earlier sentence.
const EARLIER_COURTS = /\b(?:those|these|such|both) (?:\w+ )?courts\b/i;

/** Whether the clause keeps the user's home courts, beyond a local-law exception or small claims. */
function keepsHomeCourts(text: string): boolean {
  return HOME_COURTS.test(withoutWhereverYouLive(text).replace(LOCAL_LAW_EXCEPTION, '').replace(SMALL_CLAIMS_AT_HOME, ''));
}

/** A forum clause that only keeps the courts where the user lives: a protection, not a concern. */
export function homeCourtsOnly(text: string): boolean {
  return keepsHomeCourts(text) && findSpecifics(text).courtPlaces.length === 0 && !EARLIER_COURTS.test(text);
}

// "exclusive jurisdiction", "solely in", not "non-exclusive jurisdiction".
const EXCLUSIVE_FORUM = /(?<!non-)\bexclusive|\bsolely\b|\bonly in\b/i;
// "may be brought in the courts of England", "submit to the non-exclusive jurisdiction": a forum allowed, not imposed.
const PERMITTED_FORUM = /\bnon-exclusive\b|\bmay (?:also )?be (?:brought|filed|heard|litigated|commenced)\b|\bmay (?:also )?(?:bring|file)\b/gi;

/**
 * The clause allows a forum rather than imposing one; "a claim that may be brought in small claims court"
 * is no such allowance, nor an exception's ("except that consumers may bring claims at home").
 */
function permittedForum(clause: string): boolean {
  const text = withoutExceptions(clause);
  return [...text.matchAll(PERMITTED_FORUM)].some((m) => !/\bsmall claims?\b/i.test(text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 60)));
}

/** "have to be brought before X and nowhere else", or "can be brought before X" where the clause only allows it. */
function forumPhrase(text: string, forum: string): string {
  if (permittedForum(text)) return `can be brought before ${forum}`;
  return `have to be brought before ${forum}${EXCLUSIVE_FORUM.test(withoutExceptions(text)) ? ' and nowhere else' : ''}`;
}

/** "the United States District Court for ..." for a court named in full, "the courts in X or Y" for places. */
function forumsOf(courts: readonly string[]): string[] {
  const named = courts.filter(isNamedCourt);
  const places = courts.filter((p) => !isNamedCourt(p));
  return [...named.map((p) => `the ${p.replace(/^the /, '')}`), ...(places.length ? [`the courts in ${list(places, 'or')}`] : [])];
}

export function jurisdictionSentence(text: string, s: Specifics, context?: SentenceContext): string {
  const earlier = EARLIER_COURTS.test(text);
  const named = earlier && !s.courtPlaces.length ? (context?.courtPlaces ?? []) : [];
  const courts = s.courtPlaces.length ? s.courtPlaces : named.length ? [...named] : s.places;
  const forums = forumsOf(courts);
  const home = keepsHomeCourts(text);
  const forum = forums.length
    ? list(forums, 'or')
    : earlier
      ? 'the courts named just before'
      : home
        ? 'the courts where you live'
        : 'courts the provider chooses';
  if (has(text, /\bbrought by us against you\b/i)) return `The provider can sue you before ${forum}, and you cannot object to that court.`;
  const permitted = permittedForum(text);
  let sentence: string;
  if (home && !forums.length) sentence = 'You can bring disputes before the courts where you live';
  else
    sentence = `Disputes ${forumPhrase(text, forum)}${home ? '; where the clause says so, you can still use the courts where you live' : has(text, DEPENDING_ON_WHERE_YOU_LIVE) || permitted ? '' : LOCAL_LAW_EXCEPTION.test(text) ? ', unless the law where you live forbids it' : ', even if you live somewhere else'}${SMALL_CLAIMS_AT_HOME.test(text) ? '; small claims can still go to the court where you live' : ''}`;
  // One law for each of several forums ("California courts using California law, Dublin, Ireland courts using Irish law"): name them all.
  const law = courts.length > 1 ? s.lawPlaces : s.lawPlaces.filter((p) => !courts.includes(p));
  if (law.length) sentence += `, and the law of ${list(law, 'or')} applies`;
  return scoped(text, `${sentence}.`, forumScope(text) || context?.scope);
}

// Scopes stated after the start of the sentence: "to resolve any Dispute that is not subject to
// mandatory arbitration", "any Dispute relating to ... intellectual property rights shall be
// brought in", "the courts of England & Wales (for disputes with TikTok Information Technologies UK Limited)".
const NOT_ARBITRATED = /\bnot subject to (?:mandatory )?arbitration|\bnot subject to (?:section|article|clause) [\w.]+ \(arbitration\)/i;
const INTELLECTUAL_PROPERTY_DISPUTES = /\b(?:any|all) (?:disputes?|claims?)\b[^,.;]{0,60}\b(?:intellectual property|infringement)\b/i;
const OTHER_THAN_IP = /\b(?:other than|except(?: for)?|excluding|not involving)\b[^,.;]{0,40}\b(?:intellectual property|infringement)\b/i;
const BUSINESS_USE = /\bfor a business or commercial purpose\b/i;
// "If, however, that court would lack original jurisdiction over the litigation, then ...": a fallback forum.
const FALLBACK_FORUM = /\b(?:that|this|the federal) court (?:would|does|will|should) (?:lack|not have) (?:original |subject[- ]matter )?jurisdiction\b/i;
const PARENTHESISED_SCOPE = /\((for (?:disputes?|claims?) (?:with|against) [^()]{3,80})\)/i;

// "must be resolved in a competent court in Ireland", "shall be brought ... before a competent court in Ireland".
const FORUM_NAMED = /\b(?:resolved|brought|proceed|heard|litigated|filed)\b[^.;]{0,60}\bcourts?\b/i;

export function lawSentence(text: string, s: Specifics, context?: SentenceContext): string {
  const laws = s.lawPlaces.length ? s.lawPlaces : s.places;
  // A governing-law sentence that also names where disputes go tells both.
  const forums = s.lawPlaces.length && FORUM_NAMED.test(text) ? forumsOf(s.courtPlaces) : [];
  const home = forums.length && keepsHomeCourts(text) ? ', or before the courts where you live' : '';
  const forum = forums.length ? `, and disputes ${forumPhrase(text, list(forums, 'or'))}${home}` : '';
  return scoped(
    text,
    `The contract is governed by ${laws.length ? `the law of ${list(laws, 'or')}` : 'a law the provider chose'}, not necessarily the law where you live${forum}.`,
    forumScope(text) || context?.scope,
  );
}

function forumScope(text: string): string {
  // A fallback applies only when what it falls back from fails (clause-structure.ts): told as such.
  const fallback = clauseStructure(text).fallback;
  if (has(text, NOT_ARBITRATED) || fallback === 'arbitration') return 'For disputes that do not go to arbitration';
  if (fallback === 'waiver') return 'If the waiver before is not enforced';
  if (fallback === 'provision') return 'Where the provision before does not apply';
  if (has(text, FALLBACK_FORUM)) return 'Where the court named before cannot hear the case';
  if (has(text, BUSINESS_USE)) return 'For disputes about business use';
  if (has(text, DEPENDING_ON_WHERE_YOU_LIVE)) return 'Depending on where you live';
  if (has(text, INTELLECTUAL_PROPERTY_DISPUTES) && !has(text, OTHER_THAN_IP)) return 'For intellectual-property disputes';
  return PARENTHESISED_SCOPE.exec(text)?.[1] ?? '';
}
