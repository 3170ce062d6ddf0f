// Bots and scraping forbidden: You may not use bots, scrapers, crawlers or other automated means to access the service or collect its content, or use its content to train AI.
import type { CategoryDefinition } from './category.js';

export const automatedAccess = {
  slug: 'automated-access',
  name: 'Bots and scraping forbidden',
  description:
    'You may not use bots, scrapers, crawlers or other automated means to access the service or collect its content, or use its content to train AI.',
  baseSeverity: 'high',
  baseRating: 6.5,
} as const satisfies CategoryDefinition;
