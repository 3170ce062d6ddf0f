// Runs the rule-based detectors of the categories the annotated corpus does not cover (class-action
// waiver, content licence, automatic renewal, data sharing, indemnification, claim time limits,
// automated access): each category's `rule` lives in its file (categories/<slug>.ts). They aim at
// precision: each needs the topic AND a sign that the clause takes something from the user, and
// none fires on a negated statement such as "we do not sell your data".
import { CATEGORY_DEFINITIONS, type CategorySlug } from '../categories/index.js';
import { canon } from './canon.js';

interface Rule {
  slug: CategorySlug;
  /** `s`: canonical text with quoted passages blanked; `unquoted`: the same with them kept. */
  test: (s: string, unquoted: string) => boolean;
}

// "the 'Governing law, jurisdiction, and jury trial waiver' section": a quoted section name is a
// cross-reference, not the clause itself.
const QUOTED = /"[^"]{1,160}"|“[^”]{1,160}”/g;
// "If this class action waiver is found unenforceable, ...": what happens when the clause fails.
const SEVERABILITY = /^(?:if|in the event|should)\b(?:[^.]|\.(?=\d)){0,220}\b(?:unenforceable|invalid(?:ated)?|void|illegal|limited|not enforceable)\b/;
// "4. Waiver of Class Actions." / "Jury Trial Waiver.": a caption, every word capitalised.
// Words are separated by white space, so a run of capitals is one word (no backtracking blow-up).
const CAPTION = /^(?:[\d.()a-z]{1,6}\s+)?(?:(?:[A-Z][\w'’-]*|of|and|or|the|to|for|in|on|by|a|an|&)[.:]?(?:\s+|$)){1,10}$/;

/**
 * The categories' rules, in the registry's order but those marked `ruleFirst` first: the order in
 * which a sentence's rule-based categories are reported (the first may be its primary category).
 */
export const RULES: readonly Rule[] = [
  ...CATEGORY_DEFINITIONS.filter((d) => 'ruleFirst' in d),
  ...CATEGORY_DEFINITIONS.filter((d) => !('ruleFirst' in d)),
].flatMap((d) => ('rule' in d ? [{ slug: d.slug, test: d.rule }] : []));

export function ruleCategories(sentence: string): CategorySlug[] {
  const trimmed = sentence.trim();
  const caption = trimmed.length <= 120 && /[a-z]/.test(trimmed) && !/\b[a-z]{5,}\b/.test(trimmed) && CAPTION.test(trimmed);
  if (caption) return []; // a caption binds no one
  const unquoted = canon(sentence);
  const s = unquoted.replace(QUOTED, '""');
  if (SEVERABILITY.test(s.replace(/^\s*\(?[a-z0-9]{1,4}\)\s*/, ''))) return [];
  return RULES.filter((r) => r.test(s, unquoted)).map((r) => r.slug);
}
