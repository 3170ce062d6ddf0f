// claim_time_limit: claims must be brought within a period ("any cause of action ... must be commenced
// within one (1) year after the claim arises", "No action ... may be brought ... more than one (1) year
// after", "You waive the right to assert a claim ... more than twelve (12) months after"; twelve months is
// a year). Not deadlines for appeals, refunds, payments or an informal negotiation.
import { periodDays } from './numbers.js';
import { byPreference, evidenceOf, type FactSentence } from './sentences.js';
import type { ClaimTimeLimit } from './types.js';

const CLAIM = /\b(?:claims?|causes? of action|actions?|proceedings?|lawsuits?|suits?)\b/i;
const DEADLINE =
  /\bmust (?:be )?(?:commence|commenced|file|filed|brought|bring|initiate|initiated|instituted|asserted|assert)\b|\bin no event\b[^.;]{0,200}?\b(?:brought|instituted|commenced|filed|asserted)\b[^.;]{0,60}\bmore than\b|\b(?:forever|permanently) barred\b|\btime[- ]barred\b|\bmay be (?:brought|commenced|filed)\b[^.;]{0,120}\bmore than\b|\bno (?:action|claim)\b[^.;]{0,160}\bmore than\b|\bwaive\w*\b[^.;]{0,60}\b(?:assert|bring|file|commence)\b[^.;]{0,120}\bmore than\b/i;
const NOT_A_CLAIM = /\bappeals?\b|\brefund|\bmediat|\binformal\b|\bnotice of dispute\b|\bcancel/i;
const AFTER = /\b(?:\d+|[a-z]+)(?:\s*\(\d+\))?\s*(?:years?|months?|days?)\s+after\b/i;
const WITHIN = /\b(?:within|more than|after)\s+(?:\d+|[a-z-]+)(?:\s*\(\d+\))?\s*(?:years?|months?|days?)\b/i;

export function readClaimTimeLimit(sentences: readonly FactSentence[]): ClaimTimeLimit | null {
  for (const s of byPreference(sentences)) {
    if (!/year|month|day|week/.test(s.lower) || !CLAIM.test(s.text) || !DEADLINE.test(s.text) || NOT_A_CLAIM.test(s.text)) continue;
    // "within one (1) year", or "one (1) year after" the facts ("must be filed within the statute of limitations or, if earlier, one (1) year after ...").
    const within = WITHIN.exec(s.text);
    const after = within ? null : AFTER.exec(s.text);
    if (!within && !after) continue;
    const days = periodDays(within ? within[0].replace(/^\w+\s+/, '') : after![0].replace(/\s+after$/i, ''));
    if (days) return { days, evidence: evidenceOf(s) };
  }
  return null;
}
