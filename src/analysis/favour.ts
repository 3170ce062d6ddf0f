// A clause in the user's favour is no concern, whatever its keywords: the user's own right (to
// cancel, to opt out, to sue at home), the provider's duty or promise (to notify, to refund), and a
// consumer-law carve-out ("Some provinces do not allow the exclusion of liability", "Nothing in these
// terms limits your statutory rights"). Listing them as concerns tells an agent the opposite of the
// terms; they are told apart as what the terms give the user.
import { clauseParty, mainClause } from './party.js';

// "You may cancel", "you have the right to withdraw", "you can opt out": a right, not a burden
// ("you may not", "you may only", "you may be charged", "you may lose").
const USER_RIGHT =
  /^(?:you|(?:the |any |each )?(?:user|buyer|customer|consumer|member|subscriber|claimant|party|parties)s?(?: who [^,;]{1,80}?)?)\b(?:\s*,[^,]{1,40},)?\s+(?:(?:also|always|still)\s+)?(?:may|can|could|will be able to|are (?:entitled|free|allowed|permitted) to|have (?:the|a) right to|retain|keep)(?:\s*,[^,]{1,30},)?\s+(?!not\b|only\b|be\b|lose\b|need\b|have to\b|incur\b|owe\b|pay\b|no longer\b|also be\b)/i;
// "We will notify you", "Twitch will give you notice", "we must refund": the provider's duty.
const PROVIDER_DUTY =
  /^(?:we|the (?:company|provider)|[A-Z][\w&.'’-]*)(?:['’]ll|\s+(?:will|shall|must|agrees? to|undertakes? to|promises? to|commits? to))\s+(?:(?:always|also|first|promptly|then|normally|usually|generally|try to|use (?:commercially )?reasonable efforts to|make (?:commercially )?reasonable efforts to)\s+)*(?:notify|tell|inform|give (?:you|users)|provide (?:you|users)(?! with (?:no|any))|refund|reimburse|ensure|protect|honou?r|comply|let you know|send you|post (?:a )?notice|explain|respond)\b/i;
const PROVIDER_LIABLE =
  /^(?:we|[A-Z][\w&.'’-]*)\s+(?:is|are|will be|shall be|remains?|shall remain|will remain)\s+(?:(?:fully|also|always|still|nevertheless|however|nonetheless)\s+)*liable\b/i;
// A provider power anywhere in the sentence makes it more than a promise.
const PROVIDER_POWER =
  /\b(?:[Ww]e|(?!You\b|Your\b|Users?\b|If\b|When\b)[A-Z][\w'’-]+)\s+(?:may|can|reserves? the right|is entitled to|has the right to)\b(?!\s+not\b)/;

// Consumer law that the terms say they keep.
const CARVE_OUT = [
  /^(?:this|that|these|which) (?:includes?|covers?|means|extends? to) (?:our |its |the provider['’]s )?liability for\b[^.]{0,80}\b(?:death|personal injury|fraud)/i,
  /\bnothing in (?:these|this|the)\b[^.;]{0,80}\b(?:limits?|excludes?|affects?|restricts?|prevents?|waives?|deprives?|removes?|prejudices?)\b/i,
  /\bsome (?:states|jurisdictions|countries|provinces|territories|laws)\b[^.;]{0,80}\bdo(?:es)? not (?:allow|permit|provide)\b/i,
  /\bsome (?:states|jurisdictions|countries|provinces|territories)\b[^.;]{0,80}\b(?:prohibit|forbid|restrict)\b/i,
  /\b(?:does|do|will|shall|is|are) not (?:intended to )?(?:affect|limit|exclude|restrict|prejudice|deprive you of)\b[^.;]{0,60}\b(?:statutory|mandatory|consumer|legal|non-waivable) rights\b/i,
  /\byour (?:statutory|mandatory|consumer|legal) rights\b[^.;]{0,40}\b(?:are|remain|will be|will remain|stay) (?:not )?(?:affected|unaffected)\b/i,
  /\b(?:these|the above|such|this) (?:limitations?|exclusions?|disclaimers?|waivers?)\b[^.;]{0,40}\b(?:do|does|may|might|will|shall) not apply to you\b/i,
  /\bnotwithstanding\b[^.;]{0,80}\blimitation of liability\b[^.;]{0,160}\bthe following (?:will|shall) apply\b/i,
  /\b(?:the same|this) (?:shall )?appl(?:y|ies)\b[^.;]{0,120}\b(?:injury to life|personal injury|death|fraud|gross negligence|intent)/i,
  // "Either party may bring an action in court for injunctive relief": a way out of arbitration.
  /\b(?:either party|each party|both parties|you or we|either of us|you and we)\b[^.;]{0,40}\bmay\b[^.;]{0,80}\b(?:court|injunct)/i,
  /\bin the (?:state|country|courts?) (?:where|in which) you (?:are )?(?:habitually )?(?:resident|reside|live)\b/i,
  /\b(?:courts|court) of (?:your|the) (?:home|habitual residence|country (?:where|in which) you live)\b/i,
];

/** What a clause in the user's favour gives: the user's own right, a duty the provider takes on, or consumer law kept. */
export type FavourKind = 'right' | 'duty' | 'consumer-law';

/** What the sentence gives the user, if it gives rather than takes; undefined otherwise. */
export function favourKind(sentence: string): FavourKind | undefined {
  if (CARVE_OUT.some((re) => re.test(sentence))) return 'consumer-law';
  const main = mainClause(sentence);
  const party = clauseParty(sentence);
  if (party === 'user' && USER_RIGHT.test(main.replace(/^you\s*(?:,|—|–)\s*(?:and\s+)?not\s+[^,—–]{1,40}(?:,|—|–)\s*/i, 'you ')))
    return PROVIDER_POWER.test(sentence) ? undefined : 'right';
  // "Airbnb is liable for any negligent breaches of essential contractual obligations": liability kept.
  if (party === 'provider' && PROVIDER_LIABLE.test(main)) return 'duty';
  if (party === 'provider' && PROVIDER_DUTY.test(main)) return PROVIDER_POWER.test(sentence.slice(20)) ? undefined : 'duty';
  return undefined;
}

/** Whether the sentence gives the user something rather than taking it: no concern of any category. */
export function inYourFavour(sentence: string): boolean {
  return favourKind(sentence) !== undefined;
}
