// Shortened time to sue: claims must be brought within a short period. Detected by rule (the corpus
// does not annotate it).
import { has } from '../phrases.js';
import type { CategoryDefinition } from './category.js';
import { readClaimTimeLimit } from '../facts/claim-time-limit.js';

// "submit any complaints within six months": an appeal window, not a limit on suing.
const COMPLAINT_WINDOW = /\bcomplaints?\b|\bappeals?\b/;
// A time limit on claims, not a waiting period ("30 days to resolve informally before filing").
const TIME_LIMIT =
  /\bwithin\b|\bno later than\b|\bforever barred\b|\btime[- ]barred\b|\bstatute of limitations?\b|\bmust be (?:filed|brought|commenced|initiated)\b[^.;]{0,60}\b(?:years?|months?|days?)\b/i;
// "if you and we can not reach an agreement to resolve the claim within 30 days ..., either party may
// commence an arbitration": a period to wait before suing, not one after which claims are lost.
const WAITING_PERIOD =
  /\b(?:resolve|reach an agreement|settle|negotiat|informal)\w*\b[^.;]{0,80}\bwithin\b[^.;]{0,120}\b(?:may|can)\b[^.;]{0,40}\b(?:commence|start|initiate|file|bring|begin|proceed)/i;

// "asserting a federal claim within one (1) year", "a state law claim within two (2) years".
const CLAIM_KIND = /\b(federal|state[- ]law)\s+claims?\b/i;
const OTHER_THAN_KIND = /\b(?:other than|except(?: for)?|excluding)\s+(?:\w+\s+)?(?:federal|state[- ]law)\s+claims?\b/i;

export const claimTimeLimit = {
  slug: 'claim-time-limit',
  name: 'Shortened time to sue',
  description: 'Claims must be brought within a period shorter than the law would normally allow.',
  baseSeverity: 'high',
  baseRating: 6.5,
  guides: ['records', 'claim-deadline'],
  facts: { claim_time_limit: readClaimTimeLimit },
  isConcern: (sentence) => TIME_LIMIT.test(sentence) && !WAITING_PERIOD.test(sentence),
  rule: (s) =>
    !COMPLAINT_WINDOW.test(s) &&
    /\b(?:claims?|causes? of action|proceedings?|actions? (?:at law|against|arising))\b/.test(s) &&
    /\bwithin (?:one|two|three|six|1|2|3|6|\d+) (?:\(\d+\) )?(?:years?|months?|days?)\b[^.]{0,160}\b(?:after|of|from)\b|\b(?:permanently|forever) barred\b|\bmust be (?:commenced|filed|brought) within\b/.test(
      s,
    ),
  render: (text, s) => {
    const kind = has(text, OTHER_THAN_KIND) ? undefined : CLAIM_KIND.exec(text)?.[1].toLowerCase();
    return `You must bring ${kind ? `${kind} ` : ''}claims within ${s.periods[0] ?? 'a short period'}.`;
  },
  periodInTitle: true,
} as const satisfies CategoryDefinition;
