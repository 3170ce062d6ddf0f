// analyzeTerms: the analyzer run on terms text the agent brings, in an analysis worker thread
// (503 with Retry-After when the analyzer is full); nothing is stored.
import { attribution } from '../core/attribution.js';
import type { Handlers } from '../core/handler-types.js';

export const analysisHandlers = {
  async analyzeTerms({ body, agent, services }) {
    // One text per agent at a time in the analyzer: its other texts wait while others' run.
    const owner = agent ? `agent:${agent.id}` : null;
    return { ...(await services.analyzer.analyzeText(body.text, owner, body.format ?? null)), attribution: attribution(services.config.baseUrl) };
  },
} satisfies Handlers<'analyzeTerms'>;
