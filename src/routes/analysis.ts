// analyzeTerms: the analyzer run on terms text the agent brings; nothing is stored.
import { attribution } from '../http/attribution.js';
import { analyzeText } from '../pipeline/analyze-text.js';
import type { Operations } from './handler-types.js';

export const analysisHandlers = {
  async analyzeTerms({ body, services }) {
    return { ...analyzeText(body.text), attribution: attribution(services.config.baseUrl) };
  },
} satisfies Operations<'analyzeTerms'>;
