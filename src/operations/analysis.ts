// analyzeTerms: the analyzer run on terms text the agent brings, in an analysis worker thread
// (503 with Retry-After when the analyzer is full); nothing is stored.
import { attribution } from '../core/attribution.js';
import type { Handlers } from '../core/handler-types.js';

export const analysisHandlers = {
  async analyzeTerms({ body, services }) {
    return { ...(await services.analyzer.analyzeText(body.text)), attribution: attribution(services.config.baseUrl) };
  },
} satisfies Handlers<'analyzeTerms'>;
