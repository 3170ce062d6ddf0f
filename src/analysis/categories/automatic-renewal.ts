// Automatic renewal: Subscriptions renew and charge you automatically until you cancel.
import type { CategoryDefinition } from './category.js';

export const automaticRenewal = {
  slug: 'automatic-renewal',
  name: 'Automatic renewal',
  description: 'Subscriptions renew and charge you automatically until you cancel.',
  baseSeverity: 'medium',
  baseRating: 4.5,
} as const satisfies CategoryDefinition;
