// Class action waiver: You give up the right to join class actions, class arbitrations or jury trials.
import type { CategoryDefinition } from './category.js';

export const classActionWaiver = {
  slug: 'class-action-waiver',
  name: 'Class action waiver',
  description: 'You give up the right to join class actions, class arbitrations or jury trials.',
  baseSeverity: 'high',
  baseRating: 7,
} as const satisfies CategoryDefinition;
