// The protection guides a provider gets: those its clauses' categories call for (categories/<slug>.ts
// `guides`), deduplicated, in the library's order (guides.ts), each written for its terms: a
// sentence about what these terms allow only with the fact or clause it rests on (`evidence`).
import { CATEGORY_DEFINITIONS, type CategorySlug } from './categories/index.js';
import { GuideContext, GUIDES, type GuideClause, type GuideId, type Impact, type Protection, type ProtectionEvidence } from './guides.js';
import type { ContractFacts } from './facts/types.js';

export { IMPACTS, GUIDES, type GuideClause, type GuideId, type Impact, type Protection, type ProtectionEvidence } from './guides.js';

export interface ProtectionGuide {
  readonly id: GuideId;
  readonly title: string;
  readonly impact: Impact;
  /** The categories that call for this guide (their `guides`), in the registry's order. */
  readonly categories: readonly CategorySlug[];
}

export const PROTECTION_GUIDES: readonly ProtectionGuide[] = (Object.keys(GUIDES) as GuideId[]).map((id) => ({
  id,
  title: GUIDES[id].title,
  impact: GUIDES[id].impact,
  categories: CATEGORY_DEFINITIONS.filter((d) => (d.guides as readonly string[]).includes(id)).map((d) => d.slug),
}));

/** The guides the listed clauses call for, written from these clauses and facts. */
export function protectionsFor(clauses: readonly GuideClause[], facts: ContractFacts | null): Protection[] {
  const wanted = new Set(clauses.flatMap((c) => [c.category, ...c.categories]));
  const ctx = new GuideContext(clauses, facts);
  return PROTECTION_GUIDES.filter((g) => g.categories.some((c) => wanted.has(c))).map(({ id, impact }) => {
    const text = GUIDES[id].text(ctx);
    const statements = text.statements.filter((s) => s !== null);
    const evidence = unique(statements.map((s) => s.evidence));
    return {
      title: text.title,
      description: [...statements.map((s) => s.text), text.general].join(' '),
      impact,
      steps: [...text.steps],
      evidence,
    };
  });
}

function unique(evidence: ProtectionEvidence[]): ProtectionEvidence[] {
  const seen = new Set<string>();
  return evidence.filter((e) => {
    const key = `${e.fact}\u0000${e.clause_id}\u0000${e.category}\u0000${e.quote}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
