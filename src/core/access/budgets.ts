// The budget rules in force, from the configured limits (spec section 8).
import type { Limits } from '../../config.js';
import type { BudgetRule } from '../../repositories/rate-limits.js';
import type { Budget } from '../operation-table.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

export function budgetRule(budget: Budget, limits: Limits): BudgetRule {
  return budget === 'opinion'
    ? { bucket: 'opinion', limit: limits.opinionsPerHour, windowSeconds: HOUR }
    : { bucket: 'data', limit: limits.requestsPerHour, windowSeconds: HOUR };
}

export function registrationRule(limits: Limits): BudgetRule {
  return { bucket: 'registration', limit: limits.registrationsPerIpPerDay, windowSeconds: DAY };
}
