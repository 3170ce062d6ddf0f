// Authentication, metering and budgets of keyed operations. A keyed request is authenticated
// before anything else about it is judged: a bad key gets 401 even when the body is bad too.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { CallingAgent } from '../../repositories/agents.js';
import { keyHashFromHeader } from './api-keys.js';
import { budgetRule } from './budgets.js';
import { HttpError, tooManyRequests } from '../errors.js';
import { adminFailure, digest } from './bearer-token.js';
import type { OperationSpec } from '../contract/document.js';
import type { RequestMeter } from './request-meter.js';
import type { MeteredRequest } from '../../repositories/metering.js';
import type { BudgetRule } from '../../repositories/rate-limits.js';

declare module 'fastify' {
  interface FastifyRequest {
    agent: CallingAgent | null;
    keyHash: string | null;
    /** Set once the key has been judged, so that it is never judged (and counted) twice. */
    authChecked: boolean;
    /** content_version read by the statement that metered this request (null when not metered). */
    contentVersion: number | null;
  }
}

const MISSING = 'missing or malformed API key: send "Authorization: Bearer svc_ak_<64 hex>"';
const INVALID = 'invalid API key (unknown, replaced or revoked)';

/**
 * Any door's authentication of a keyed call: the key in an Authorization header is checked by
 * the database, the call counted, and one unit of `rule` spent (see MeteredRequest.budget);
 * a missing, unknown, replaced or revoked key is a 401.
 */
export async function meterKey(meter: RequestMeter, authorization: string | undefined, rule: BudgetRule | null): Promise<MeteredRequest & { keyHash: string }> {
  const keyHash = wellFormedKeyHash(authorization);
  return { ...admitted(await meter.meter(keyHash, rule)), keyHash };
}

function wellFormedKeyHash(authorization: string | undefined): string {
  const keyHash = keyHashFromHeader(authorization);
  if (!keyHash) throw new HttpError(401, MISSING);
  return keyHash;
}

function admitted(result: MeteredRequest | null): MeteredRequest {
  if (!result) throw new HttpError(401, INVALID);
  return result;
}

/** preHandler of keyed operations: authenticate, count, spend one unit of the budget. */
export function authorizer(meter: RequestMeter, config: Config, spec: OperationSpec) {
  const rule = spec.budget ? budgetRule(spec.budget, config.limits) : null;
  return async function authorize(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    request.authChecked = true;
    // meterKey's steps without its result object: this runs on every keyed request.
    const keyHash = wellFormedKeyHash(request.headers.authorization);
    const result = admitted(await meter.meter(keyHash, rule));
    request.agent = result.agent;
    request.keyHash = keyHash;
    request.contentVersion = result.contentVersion;
    const budget = result.budget;
    if (!budget) return;
    reply.header('ratelimit-limit', budget.limit);
    reply.header('ratelimit-remaining', budget.remaining);
    reply.header('ratelimit-reset', budget.resetSeconds);
    if (!budget.admitted) throw tooManyRequests(budget.resetSeconds);
  };
}

/**
 * For a request refused before its preHandler ran (bad JSON, invalid body, wrong content
 * type...): the 401 that takes precedence, or null when the caller may call the operation (an
 * agent's request is then counted, as every request with a valid key is).
 */
export async function authenticationFailure(meter: RequestMeter, config: Config, request: FastifyRequest): Promise<HttpError | null> {
  const caller = request.routeOptions.config.operation?.caller;
  if (request.authChecked || caller === undefined || caller === 'anyone') return null;
  request.authChecked = true;
  if (caller === 'admin') return adminFailure(digest(config.adminToken ?? ''), request.headers.authorization);
  return meterKey(meter, request.headers.authorization, null).then(
    () => null,
    (error) => (error instanceof HttpError ? error : Promise.reject(error)),
  );
}
