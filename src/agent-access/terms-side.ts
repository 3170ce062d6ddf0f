// What the terms say about automated access, from the clauses of the automated-access category
// in the provider's current analysed version. A clause is read as one of four kinds (the same
// distinctions the clause's translation makes, src/analysis/translate-agents.ts): a ban on
// automated access; a ban that makes public search engines the exception; a ban on training AI
// on the content only; or crawling allowed as far as robots.txt permits (the terms defer to it).
// Rules of conduct and on personal data that the category also holds say nothing of access.
import type { Purpose, Says } from './purposes.js';

export interface TermsClause {
  readonly title: string;
  readonly text: string;
}

export type TermsSide =
  | { readonly state: 'analysed'; readonly clauses: readonly TermsClause[] }
  /** No analysed version in English: whether the terms forbid automated access is not known. */
  | { readonly state: 'none'; readonly detail: string };

export type ClauseKind = 'ban' | 'ban-except-search' | 'ai-training' | 'robots-txt' | 'other';

const AI = /\b(?:artificial intelligence|machine[- ]learning|AI|large language|LLMs?|generative)\b/i;
const TOOLS = /\b(?:robots?|bots?|spiders?|crawl\w*|scrap\w*|automated|automatic|data[- ]min\w*|harvest\w*)\b/i;
const ROBOTS_TXT = /\brobots\.txt\b|\brobots? exclusion\b/i;
// "operators of public search engines may use spiders", "except search engines": an exception,
// not a ban that merely names search engines ("to index the site for a search engine").
const SEARCH_ENGINES = /\bpublic search engines?\b|\b(?:except|other than|excluding|apart from|with the exception of)\b[^.;]{0,60}\bsearch engines?\b/i;

// Rules of conduct that name bots among the ways to break them ("use the service in any manner,
// automated or otherwise, that could interfere with it") and rules on harvesting personal data
// are no rule on automated access as such.
const CONDUCT = /\b(?:in any manner|in a manner|in any way)\b[^.;]{0,80}\b(?:that|which) (?:could|would|may|might)\b/i;
const PERSONAL_DATA = /\binformation that (?:might|could|may|would) identify\b|\bpersonal (?:data|information)\b/i;
const ACCESS = /\baccess(?:ing)?\b[^.;]{0,40}\b(?:service|site|platform|website|content)s?\b/i;

export function clauseKind(text: string): ClauseKind {
  if ((CONDUCT.test(text) || PERSONAL_DATA.test(text)) && !ACCESS.test(text)) return 'other';
  if (AI.test(text) && !TOOLS.test(text)) return 'ai-training';
  // "except public search engines, as robots.txt allows": search engines are the exception.
  if (SEARCH_ENGINES.test(text)) return 'ban-except-search';
  if (ROBOTS_TXT.test(text)) return 'robots-txt';
  return 'ban';
}

export interface TermsFinding {
  readonly says: Says;
  readonly statement: string;
  readonly clause: TermsClause | null;
  /** The terms let robots.txt decide: robots.txt refusing is then no conflict with them. */
  readonly defersToRobots: boolean;
}

const STATEMENT: Record<Exclude<ClauseKind, 'other'>, string> = {
  ban: 'the terms forbid automated access',
  'ban-except-search': 'the terms forbid automated access except by public search engines',
  'ai-training': 'the terms forbid using the content to train AI',
  'robots-txt': 'the terms allow crawling only as far as robots.txt permits',
};

/** What the terms say about `purpose`: a refusal if any clause refuses it, else an allowance, else null. */
export function termsFinding(terms: TermsSide, purpose: Purpose): TermsFinding | null {
  if (terms.state === 'none')
    return { says: 'unreadable', statement: `the terms have not been analysed (${terms.detail})`, clause: null, defersToRobots: false };
  let allowance: TermsFinding | null = null;
  for (const clause of terms.clauses) {
    const kind = clauseKind(clause.text);
    if (kind === 'other') continue;
    const says = saysFor(kind, purpose);
    if (says === null) continue;
    const finding = { says, statement: STATEMENT[kind], clause, defersToRobots: kind === 'robots-txt' };
    if (says === 'refuses') return finding;
    allowance ??= finding;
  }
  return allowance;
}

function saysFor(kind: Exclude<ClauseKind, 'other'>, purpose: Purpose): Says | null {
  switch (kind) {
    case 'ban':
      return 'refuses';
    case 'ban-except-search':
      return purpose === 'search' ? 'allows' : 'refuses';
    case 'ai-training':
      return purpose === 'train-ai' ? 'refuses' : null;
    case 'robots-txt':
      return 'allows';
  }
}
