// Forced arbitration: Disputes must go to a private arbitrator instead of a court.
import type { CategoryDefinition } from './category.js';

export const arbitration = {
  slug: 'arbitration',
  name: 'Forced arbitration',
  description: 'Disputes must go to a private arbitrator instead of a court.',
  corpusCode: 'a',
  baseSeverity: 'high',
  baseRating: 7,
} as const satisfies CategoryDefinition;
