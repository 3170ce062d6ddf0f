// Normalised terms text -> concerning clauses: segment into sentences, classify each, and rate,
// title and translate those that are concerning by their primary (most confident) category. Every
// clause_text is text.slice(start, end).
import { classifySentence } from './classify.js';
import { rateClause } from './rate.js';
import { segmentSentences } from './segment.js';
import { homeCourtsOnly } from './translate-disputes.js';
import { liabilityKind } from './translate-liability.js';
import { userRemoves } from './translate-powers.js';
import { terminationActor } from './translate-termination.js';
import type { Severity } from './taxonomy.js';
import { titleClause, translateClause } from './translate.js';

export { OVERALL_RATING_FORMULA, overallRating } from './overall-rating.js';

export interface AnalyzedClause {
  title: string;
  clause_text: string;
  plain_english: string;
  severity: Severity;
  /** The primary category: the one the classifier is most confident of (categories[0]). */
  category: string;
  categories: string[];
  ai_rating: number;
  start: number;
  end: number;
}

const MAX_CLAUSE_CHARS = 3000;

/**
 * The sentence's categories, less those it states as a protection rather than a concern: a
 * liability "limit" that keeps the provider fully liable ("these limits do not apply to death or
 * personal injury") or limits what the user owes, and the user's own right to end the contract or remove their content.
 */
// A copyright counter-notice must state that its sender accepts a court's jurisdiction (17 U.S.C.
// 512(g)(3)(D)): the law's requirement, not a forum the provider imposes.
const COUNTER_NOTICE = /\ba statement that you consent to the jurisdiction\b/i;

// A termination clause says that something may end; a pointer to a help page whose address reads
// ".../suspended-x-accounts" does not.
const TERMINATION_VERB = /\b(?:suspen|terminat|clos|disabl|delet|restrict|ban|block|discontinu|deactivat|end|cancel|revok|withdraw|stop|shut|remov|lock|limit|refus|cease)\w*/i;

function withoutLinks(sentence: string): string {
  return sentence.replace(/\b(?:https?:\/\/|www\.)\S+/gi, '');
}

function concerningCategories(sentence: string): string[] {
  const { categories } = classifySentence(sentence);
  return categories.filter((c) => {
    if (c === 'limitation-of-liability') return !['provider-liable', 'user-protected'].includes(liabilityKind(sentence));
    if (c === 'unilateral-termination') return terminationActor(sentence) !== 'user' && TERMINATION_VERB.test(withoutLinks(sentence));
    if (c === 'content-removal') return !userRemoves(sentence);
    if (c === 'jurisdiction') return !COUNTER_NOTICE.test(sentence) && !homeCourtsOnly(sentence);
    return true;
  });
}

/**
 * A clause that may end the user's access or contract is told as a termination even where the
 * classifier is surer of content removal ("to terminate this agreement ... to block your future
 * access ... (including to post User Content)"): losing the account is the larger loss.
 */
function primaryFirst(sentence: string, categories: string[]): string[] {
  if (categories[0] !== 'content-removal' || !categories.includes('unilateral-termination')) return categories;
  if (!/\bterminat\w*\b[^.;]{0,40}\b(?:agreement|account|license|licence|access)\b|\b(?:suspend|close|disable|delete)\w* (?:your|the user['’]s) account\b/i.test(sentence)) return categories;
  return ['unilateral-termination', ...categories.filter((c) => c !== 'unilateral-termination')];
}

export function analyzeDocument(text: string): AnalyzedClause[] {
  const clauses: AnalyzedClause[] = [];
  for (const { start, end } of segmentSentences(text)) {
    if (end - start > MAX_CLAUSE_CHARS) continue; // a run-on block is no quotable clause
    const sentence = text.slice(start, end);
    const categories = primaryFirst(sentence, concerningCategories(sentence));
    if (categories.length === 0) continue;
    const primary = { category: categories[0], ...rateClause(sentence, categories[0]) };
    clauses.push({
      title: titleClause(sentence, primary.category),
      clause_text: sentence,
      plain_english: translateClause(sentence, primary.category),
      severity: primary.severity,
      category: primary.category,
      categories,
      ai_rating: primary.ai_rating,
      start,
      end,
    });
  }
  return clauses;
}
