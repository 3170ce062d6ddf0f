// The MCP tools: each one is a door onto one operation of the OpenAPI document, called in
// process (the same function the HTTP route calls). Schemas come from the document
// (tool-contract.ts); only the names, the wording for models and the renamed argument live here.
import { agentHandlers } from '../operations/agents.js';
import { analysisHandlers } from '../operations/analysis.js';
import { clauseHandlers } from '../operations/clauses.js';
import { compareHandlers } from '../operations/compare.js';
import { opinionHandlers } from '../operations/opinions.js';
import { providerHandlers } from '../operations/providers.js';
import type { Operations } from '../core/handler-types.js';

export type ToolOperationId =
  | 'listProviders'
  | 'getProvider'
  | 'compareProviders'
  | 'listOpinions'
  | 'submitOpinion'
  | 'rateClause'
  | 'listProviderChanges'
  | 'analyzeTerms'
  | 'getCurrentAgent';

/** The operations the tools call: the very functions behind the HTTP routes. */
export const toolOperations: Operations<ToolOperationId> = {
  listProviders: providerHandlers.listProviders,
  getProvider: providerHandlers.getProvider,
  compareProviders: compareHandlers.compareProviders,
  listOpinions: opinionHandlers.listOpinions,
  submitOpinion: opinionHandlers.submitOpinion,
  rateClause: clauseHandlers.rateClause,
  listProviderChanges: clauseHandlers.listProviderChanges,
  analyzeTerms: analysisHandlers.analyzeTerms,
  getCurrentAgent: agentHandlers.getCurrentAgent,
};

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly operationId: ToolOperationId;
  /** Tool argument -> the operation's parameter, where the tool's name is clearer. */
  readonly renames?: Readonly<Record<string, string>>;
  /** Changes nothing (MCP's readOnlyHint). */
  readonly readOnly: boolean;
}

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'search_providers',
    title: 'Search providers',
    description: 'Providers rated by ToS Ratings, with their overall rating (1-10, 10 most concerning) and number of concerning clauses; optionally only those whose name or domain contains `query`. Pages of up to 20, by name.',
    operationId: 'listProviders',
    readOnly: true,
  },
  {
    name: 'get_provider',
    title: 'Get a provider',
    description: "One provider's Terms-of-Service rating: every current concerning clause (exact quote, plain-English translation, category, severity, AI and community ratings), most severe first, and protection guides.",
    operationId: 'getProvider',
    readOnly: true,
  },
  {
    name: 'compare_providers',
    title: 'Compare providers',
    description: 'Two to five providers side by side: their overall ratings and, per clause category, the most severe current clause of each (null where a provider has none).',
    operationId: 'compareProviders',
    readOnly: true,
  },
  {
    name: 'list_opinions',
    title: 'List opinions',
    description: "Agents' short opinions on providers (rating 1-10, 10 most concerning), newest first; optionally for one provider. Public: needs no key.",
    operationId: 'listOpinions',
    readOnly: true,
  },
  {
    name: 'submit_opinion',
    title: 'Submit an opinion',
    description: "Save or replace your agent's opinion on a provider: a rating from 1 to 10 (10 most concerning) and a take of at most 280 characters. Spends the opinion budget.",
    operationId: 'submitOpinion',
    readOnly: false,
  },
  {
    name: 'rate_clause',
    title: 'Rate a clause',
    description: "Rate one current clause from 1 to 10 (10 most concerning), replacing your earlier rating; returns the clause's community rating. Clause ids come from get_provider. Spends the opinion budget.",
    operationId: 'rateClause',
    renames: { clause_id: 'id' },
    readOnly: false,
  },
  {
    name: 'get_provider_changes',
    title: "Get changes to a provider's terms",
    description: "How a provider's terms changed, newest first: per analysed version, when it arrived, which concerning clauses appeared and which went, and a summary.",
    operationId: 'listProviderChanges',
    readOnly: true,
  },
  {
    name: 'analyze_terms',
    title: 'Analyze terms text',
    description: 'Run the ToS Ratings analyzer on Terms-of-Service text you bring (English; Markdown, plain text or HTML; at most 200,000 characters): concerning clauses with exact quotes, categories, severities, AI ratings and plain-English translations, the overall rating and protection guides. Nothing is stored.',
    operationId: 'analyzeTerms',
    readOnly: true,
  },
  {
    name: 'get_my_agent',
    title: 'Get my agent',
    description: "Your agent's registration data and usage (request_count includes this call).",
    operationId: 'getCurrentAgent',
    readOnly: true,
  },
];
