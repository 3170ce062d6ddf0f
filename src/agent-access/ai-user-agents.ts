// The AI crawlers and agents we know by name (ai-user-agents.json: facts after the MIT-licensed
// ai.robots.txt project, credited there), looked up the way robots.txt matches product tokens:
// without case, and without a "/version" suffix.
import data from './ai-user-agents.json' with { type: 'json' };
import type { Purpose } from './purposes.js';

export type AgentFunction = 'training' | 'search' | 'assistant' | 'agent';

export interface KnownAgent {
  readonly name: string;
  readonly operator: string;
  readonly function: AgentFunction;
}

export const AI_USER_AGENTS: readonly KnownAgent[] = data.agents as KnownAgent[];
export const AI_USER_AGENTS_CREDIT: string = data.about;
export const FUNCTION_LABEL: Record<AgentFunction, string> = data.functions;

/** The purpose an agent of this function fetches for. */
export const PURPOSE_OF_FUNCTION: Record<AgentFunction, Purpose> = {
  training: 'train-ai',
  search: 'search',
  assistant: 'ai-input',
  agent: 'agent-browse',
};

const BY_TOKEN = new Map(AI_USER_AGENTS.map((a) => [productToken(a.name), a]));

/** A user-agent name as robots.txt compares it: lower case, without "/version". */
export function productToken(name: string): string {
  const slash = name.indexOf('/');
  return (slash >= 0 ? name.slice(0, slash) : name).trim().toLowerCase();
}

export function knownAgent(name: string): KnownAgent | null {
  return BY_TOKEN.get(productToken(name)) ?? null;
}
