// The verdicts as the doors show them, from what the repositories load: one answer for a user
// agent and a purpose (the API and MCP), the verdict per purpose for any agent (pages, compare),
// and the named AI agents a site's robots.txt addresses (the provider page).
import { knownAgent, type KnownAgent } from './ai-user-agents.js';
import { PURPOSES, type Purpose } from './purposes.js';
import { namedAgents, robotsGroups } from './robots-file.js';
import type { SiteSignals } from './signals.js';
import type { TermsSide } from './terms-side.js';
import { judge, type Judgement, type Verdict } from './verdict.js';

export interface AccessInputs {
  /** analysed: null without an analysed version, false when it could not be read (not English). */
  readonly terms: { readonly analysed: boolean | null; readonly clauses: readonly { title: string; clause_text: string }[] };
  /** The latest reading of the site's signals, if any. */
  readonly version: { readonly signals: unknown; readonly checked_at: Date } | undefined;
  /** Where the terms clauses can be seen: the provider's page. */
  readonly termsWhere: string;
}

export interface AccessAnswer extends Judgement {
  readonly known_agent: KnownAgent | null;
  readonly checked_at: string | null;
  readonly llms_txt: SiteSignals['llmsTxt'] | null;
}

/** Most named agents a provider page lists. */
const MAX_NAMED = 40;

export function termsSideOf(terms: AccessInputs['terms']): TermsSide {
  if (terms.analysed === null) return { state: 'none', detail: 'no analysed version of the terms' };
  if (!terms.analysed) return { state: 'none', detail: 'the terms are not in a language the analyzer reads' };
  return { state: 'analysed', clauses: terms.clauses.map((c) => ({ title: c.title, text: c.clause_text })) };
}

export function accessAnswer(inputs: AccessInputs, purpose: Purpose, userAgent: string | null): AccessAnswer {
  const signals = (inputs.version?.signals as SiteSignals | undefined) ?? null;
  return {
    ...judge({ purpose, userAgent, terms: termsSideOf(inputs.terms), signals, termsWhere: inputs.termsWhere }),
    known_agent: userAgent ? knownAgent(userAgent) : null,
    checked_at: inputs.version?.checked_at.toISOString() ?? null,
    llms_txt: signals?.llmsTxt ?? null,
  };
}

export type Verdicts = Record<Purpose, Verdict>;

export function verdictsFor(inputs: AccessInputs, userAgent: string | null): Verdicts {
  return Object.fromEntries(PURPOSES.map((p) => [p, accessAnswer(inputs, p, userAgent).verdict])) as Verdicts;
}

/** The AI agents we know by name that the site's robots.txt gives a group of their own, with their verdicts. */
export function addressedAgents(inputs: AccessInputs): { agent: KnownAgent; written: string; verdicts: Verdicts }[] {
  const signals = inputs.version?.signals as SiteSignals | undefined;
  if (!signals || signals.robots.state !== 'read' || !signals.robots.text) return [];
  return namedAgents(robotsGroups(signals.robots.text))
    .map((written) => ({ written, agent: knownAgent(written) }))
    .filter((a): a is { written: string; agent: KnownAgent } => a.agent !== null)
    .slice(0, MAX_NAMED)
    .map(({ written, agent }) => ({ agent, written, verdicts: verdictsFor(inputs, written) }));
}
