// The budget rules in force, from the configured limits (spec section 8), and what a refusal
// says: which budget ran out, its size, and when it frees (in seconds and as a time).
import type { Limits } from '../../config.js';
import type { BudgetRule, BudgetState } from '../../repositories/rate-limits.js';
import { rateLimited, type DomainError } from '../errors.js';
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

/** When a spent budget frees: "in 1234 s, at 2026-11-27T12:34:56Z". */
function freesAt(state: BudgetState, now: number): string {
  return `it frees in ${state.resetSeconds} s, at ${new Date(now + state.resetSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 429 for an agent whose data or opinion budget is spent. */
export function budgetSpent(budget: Budget, state: BudgetState, now = Date.now()): DomainError {
  const what =
    budget === 'opinion'
      ? `opinion budget spent: ${plural(state.limit, 'opinion or clause rating', 'opinions and clause ratings')} an hour per agent`
      : `data budget spent: ${plural(state.limit, 'request', 'requests')} an hour per agent`;
  return rateLimited(state.resetSeconds, `${what}; ${freesAt(state, now)}`);
}

/** 429 for an address whose registrations are spent; names the setting a local user can raise. */
export function registrationsSpent(state: BudgetState, now = Date.now()): DomainError {
  return rateLimited(
    state.resetSeconds,
    `registration budget spent: ${plural(state.limit, 'registration', 'registrations')} per client address per 24 hours; ${freesAt(state, now)}. ` +
      'On a server of your own, raise RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY',
  );
}
