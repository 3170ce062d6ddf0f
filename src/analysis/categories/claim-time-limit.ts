// Shortened time to sue: Claims must be brought within a period shorter than the law would normally allow.
import type { CategoryDefinition } from './category.js';

export const claimTimeLimit = {
  slug: 'claim-time-limit',
  name: 'Shortened time to sue',
  description: 'Claims must be brought within a period shorter than the law would normally allow.',
  baseSeverity: 'high',
  baseRating: 6.5,
} as const satisfies CategoryDefinition;
