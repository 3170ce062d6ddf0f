// Who may make a call: anyone, an agent with its key, or an operator with the admin token. A
// keyed call is authenticated before anything else about it is judged (a bad key wins over a bad
// input), counted in the agent's request_count, and spends one unit of its operation's budget
// when its input is valid (see MeteredRequest.budget).
import type { CallingAgent } from '../../repositories/agents.js';
import type { BudgetState } from '../../repositories/rate-limits.js';
import { unauthenticated } from '../errors.js';
import type { OperationSpec } from '../operation-table.js';
import type { Caller, Services } from '../services.js';
import { keyHashFromHeader } from './api-keys.js';
import { bearerTokenMatches, digest } from './bearer-token.js';
import { budgetRule } from './budgets.js';

export interface Identity {
  /** The calling agent (agent operations), else null. */
  readonly agent: CallingAgent | null;
  readonly keyHash: string | null;
  /** The budget this call spent from, when it spent one. */
  readonly budget: BudgetState | null;
  /** content_version read by the statement that metered the call (null when not metered). */
  readonly contentVersion: number | null;
  /** The content versions of the providers asked about (`named`), read by that same statement (null when not metered). */
  readonly providerVersions: ReadonlyMap<string, number> | null;
}

const NOBODY: Identity = { agent: null, keyHash: null, budget: null, contentVersion: null, providerVersions: null };
const MISSING = 'missing or malformed API key: send "Authorization: Bearer svc_ak_<64 hex>"';
const INVALID = 'invalid API key (unknown, replaced or revoked)';

/**
 * Throws (or rejects with) `unauthenticated` for a caller who may not call `spec`; `spend`: the
 * call's input is valid; `named`: providers whose content versions the answer will need (metered
 * calls read them in the metering statement). Only a metered call returns a promise: the others
 * are judged at once, without a turn of the microtask queue on every public request.
 */
export function authenticate(
  services: Services,
  spec: OperationSpec,
  caller: Caller,
  spend: boolean,
  named: readonly string[] | null = null,
): Identity | Promise<Identity> {
  if (spec.caller === 'anyone') return NOBODY;
  if (spec.caller === 'admin') {
    if (caller.operator) return NOBODY;
    const token = services.config.adminToken;
    if (token === null || !bearerTokenMatches(adminDigest(token), caller.authorization)) throw unauthenticated('missing or wrong admin token');
    return NOBODY;
  }
  const keyHash = keyHashFromHeader(caller.authorization);
  if (!keyHash) throw unauthenticated(MISSING);
  const rule = spend && spec.budget ? budgetRule(spec.budget, services.config.limits) : null;
  return services.meter.meter(keyHash, rule, named).then((metered) => {
    if (!metered) throw unauthenticated(INVALID);
    return { agent: metered.agent, keyHash, budget: metered.budget, contentVersion: metered.contentVersion, providerVersions: metered.providerVersions };
  });
}

let adminToken: { token: string; digest: Buffer } | null = null;

function adminDigest(token: string): Buffer {
  if (adminToken?.token !== token) adminToken = { token, digest: digest(token) };
  return adminToken.digest;
}
