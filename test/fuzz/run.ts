// The fuzz run: for every operation of the served document, two fast-check properties over real
// HTTP. "valid": generated valid requests get what the oracle says (2xx, or the 4xx their state
// makes right). "refused": mutated requests get their documented 4xx. Always: no 5xx, every error
// is exactly {"error": "..."}, every answer matches the document, /health still answers, and
// content is unchanged by any request that was refused or only read (journal checked per case,
// digest of the content tables checked around all refused cases of an operation).
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import { compileStrict } from '../../src/core/contract/validation.js';
import { send, type FuzzRequest, type FuzzResponse } from './http.js';
import { expectationFor, type Expectation } from './oracle.js';
import { assemble, fuzzOperations, type FuzzOperation } from './operations.js';
import { mutate } from './mutations.js';
import { chooser } from './schema.js';
import { generatedParts, varied } from './valid-cases.js';
import type { World } from './world.js';

/** Operations that use up the caller's key when they succeed: each valid case gets a new agent. */
const KEY_CONSUMING = new Set(['regenerateKey', 'revokeKey']);

export type PropertyName = 'valid' | 'refused';

export interface RunOptions {
  /** Cases per operation (split: a third valid, the rest refused). */
  readonly runs: number;
  readonly seed: number;
  /** Only these operations (by operationId). */
  readonly operations?: readonly string[];
  readonly property?: PropertyName;
  /** fast-check's path of a failure, to replay that case alone (with seed, operation and property). */
  readonly path?: string;
  readonly log?: (line: string) => void;
}

export interface Failure {
  readonly operationId: string;
  readonly property: PropertyName;
  /** fast-check's seed for this property (derived from the run's seed). */
  readonly seed: number;
  readonly path: string;
  readonly message: string;
  readonly replay: string;
}

export interface OperationFigures {
  readonly operationId: string;
  readonly valid: number;
  readonly refused: number;
  readonly statuses: Record<string, number>;
  readonly ms: number;
}

export interface RunResult {
  readonly failures: Failure[];
  readonly figures: OperationFigures[];
  readonly operations: string[];
}

class CaseFailure extends Error {}

export async function runFuzz(world: World, options: RunOptions): Promise<RunResult> {
  const log = options.log ?? (() => {});
  const all = fuzzOperations(world.document);
  const selected = all.filter((op) => !options.operations || options.operations.includes(op.spec.operationId));
  const failures: Failure[] = [];
  const figures: OperationFigures[] = [];
  for (const op of selected) {
    const started = Date.now();
    const statuses: Record<string, number> = {};
    const ran = { valid: 0, refused: 0 };
    const counter = (property: PropertyName) => (status: number) => {
      ran[property]++;
      statuses[status] = (statuses[status] ?? 0) + 1;
    };
    const methodsOnPath = all.filter((o) => o.template === op.template).map((o) => o.spec.method);
    const validRuns = Math.ceil(options.runs / 3);
    const refusedRuns = options.runs - validRuns;
    for (const property of ['valid', 'refused'] as const) {
      if (options.property && options.property !== property) continue;
      const numRuns = property === 'valid' ? validRuns : refusedRuns;
      if (numRuns === 0) continue;
      const seed = derivedSeed(options.seed, `${op.spec.operationId}:${property}`);
      const digestBefore = property === 'refused' ? await world.digest() : null;
      const body = property === 'valid' ? validCase(world, op, counter(property)) : refusedCase(world, op, methodsOnPath, counter(property));
      const prop = fc.asyncProperty(fc.record({ seed: fc.integer({ min: 1, max: 2 ** 31 - 2 }), choice: fc.nat(1000), aux: fc.nat() }), body);
      const details = await fc.check(prop, { numRuns, seed, ...(options.path && { path: options.path }), endOnFailure: false });
      if (details.failed) {
        failures.push({
          operationId: op.spec.operationId,
          property,
          seed,
          path: details.counterexamplePath ?? '',
          message: describeError(details.errorInstance),
          replay: `npm run fuzz -- --seed ${options.seed} --operation ${op.spec.operationId} --property ${property} --path ${details.counterexamplePath}`,
        });
        log(`FAIL ${op.spec.operationId} ${property}: fast-check seed ${seed}, path ${details.counterexamplePath}`);
      } else if (digestBefore !== null) {
        const digestAfter = await world.digest();
        if (digestAfter !== digestBefore) {
          failures.push({
            operationId: op.spec.operationId,
            property,
            seed,
            path: '',
            message: 'the content digest changed across refused requests',
            replay: `npm run fuzz -- --seed ${options.seed} --operation ${op.spec.operationId} --property refused`,
          });
        }
      }
    }
    figures.push({ operationId: op.spec.operationId, valid: ran.valid, refused: ran.refused, statuses, ms: Date.now() - started });
    log(
      `${op.spec.operationId}: ${ran.valid} valid + ${ran.refused} refused cases in ${((Date.now() - started) / 1000).toFixed(1)} s ${JSON.stringify(statuses)}`,
    );
  }
  return { failures, figures, operations: all.map((op) => op.spec.operationId) };
}

type Case = { seed: number; choice: number; aux: number };

/**
 * A tracking pass answers when every provider it covers has been fetched (one fetch at a time
 * per host, and every fuzz provider's terms URL is on the one loopback host) and analysed: with
 * the hundreds of providers a long run creates, minutes. The 30 s of other requests would give
 * up while the pass goes on writing, and the next case would see that as its own doing.
 */
const ANSWER_WITHIN_MS: Partial<Record<string, number>> = { runTrackingPass: 900_000 };
const answerWithin = (op: FuzzOperation) => ANSWER_WITHIN_MS[op.spec.operationId] ?? 30_000;

function validCase(world: World, op: FuzzOperation, count: (status: number) => void) {
  return async ({ seed, aux }: Case): Promise<void> => {
    const c = chooser(aux);
    // A new agent for operations that use up the key, and for a fifth of the others (state of its own: first opinions, first votes).
    const fresh = op.spec.caller === 'agent' && (KEY_CONSUMING.has(op.spec.operationId) || c.chance(0.2));
    const key = fresh ? await world.freshKey() : world.key;
    const { label, parts } = varied(op, await generatedParts(op, world, seed, c, key), c);
    const request = assemble(op, parts);
    const expectation: Expectation =
      request.body !== undefined && Buffer.byteLength(request.body) > op.bodyLimit
        ? { statuses: [413], why: 'the body is over the operation limit' }
        : await expectationFor(op.spec, parts, world.db);
    const before = await world.changes();
    const response = await send(world.port, request, answerWithin(op));
    count(response.status);
    const readOnly = response.status >= 400 || request.method === 'GET';
    if (!readOnly) world.written();
    await judge(world, op, `valid request (${label}); ${expectation.why}`, request, response, expectation, readOnly ? before : null);
  };
}

function refusedCase(world: World, op: FuzzOperation, methodsOnPath: string[], count: (status: number) => void) {
  return async ({ seed, choice, aux }: Case): Promise<void> => {
    const c = chooser(aux);
    const parts = await generatedParts(op, world, seed, c, world.key);
    const mutation = mutate({ op, parts, c, agentKey: world.key, revokedKey: world.revokedKey, operationsOnPath: methodsOnPath }, choice);
    fc.pre(mutation !== null);
    const before = await world.changes();
    const response = await send(world.port, mutation!.request, answerWithin(op));
    count(response.status);
    await judge(world, op, `mutated request (${mutation!.label})`, mutation!.request, response, { statuses: mutation!.statuses, why: '' }, before);
  };
}

const validators = new Map<string, ValidateFunction>();

function responseValidator(op: FuzzOperation, status: number): ValidateFunction | null {
  const schema = op.spec.responseSchemas[String(status)];
  if (!schema) return null;
  const key = `${op.spec.operationId}:${status}`;
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = compileStrict(schema)));
  return validate;
}

async function judge(
  world: World,
  op: FuzzOperation,
  what: string,
  request: FuzzRequest,
  response: FuzzResponse,
  expected: Expectation,
  unchangedSince: Record<string, number> | null,
): Promise<void> {
  const problems: string[] = [];
  const error = (response.json as { error?: unknown } | undefined)?.error;
  if (response.status >= 500) problems.push(`a ${response.status}`);
  if (!expected.statuses.includes(response.status)) problems.push(`status ${response.status}, expected ${expected.statuses.join(' or ')}`);
  const messageRule = expected.messages?.[response.status];
  if (messageRule && !(typeof error === 'string' && messageRule.test(error))) problems.push(`message ${JSON.stringify(error)} does not match ${messageRule}`);
  if (response.status >= 400) {
    const json = response.json as Record<string, unknown> | undefined;
    const shaped = json && typeof json === 'object' && !Array.isArray(json) && Object.keys(json).length === 1 && typeof error === 'string' && error.length > 0;
    if (!shaped) problems.push(`the error body is not {"error": "..."}: ${response.text.slice(0, 200)}`);
    if (!String(response.headers['content-type']).startsWith('application/json')) problems.push(`error content type ${response.headers['content-type']}`);
  }
  const routed = request.method === op.spec.method;
  if (routed) {
    const validate = responseValidator(op, response.status);
    if (!validate) problems.push(`status ${response.status} is not documented for ${op.spec.operationId}`);
    else if (!validate(response.json)) problems.push(`the body does not match the document: ${JSON.stringify(validate.errors).slice(0, 300)}`);
  }
  if (unchangedSince) {
    const after = await world.changes();
    const changed = Object.keys(after).filter((t) => after[t] !== (unchangedSince[t] ?? 0));
    if (changed.length > 0) problems.push(`content changed (${changed.join(', ')}) by a request that was ${response.status >= 400 ? 'refused' : 'a read'}`);
  }
  const health = await send(world.port, { method: 'GET', path: '/health', query: [], headers: {} }).catch((e: Error) => ({ status: 0, text: e.message }));
  if (health.status !== 200) problems.push(`the server is not healthy afterwards: ${health.status} ${health.text}`);
  if (problems.length > 0)
    throw new CaseFailure(
      `${shortened(what)}\n  ${problems.map(shortened).join('\n  ')}\n  request: ${describe(request)}\n  response: ${response.status} ${response.text.slice(0, 300)}`,
    );
}

/** Long runs of one character (bound tests) shown as a count. */
function shortened(text: string): string {
  return text.replace(/(.)\1{19,}/gu, (run, char: string) => `${char}x${[...run].length}`).slice(0, 600);
}

/** A case's own verdict as it is; anything else thrown (a bug of the suite, or a broken connection) with its stack. */
function describeError(error: unknown): string {
  if (error instanceof CaseFailure) return error.message;
  return error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 8).join('\n') : String(error);
}

function describe(request: FuzzRequest): string {
  const target = request.query.length ? `${request.path}?${request.query.map(([k, v]) => `${k}=${v}`).join('&')}` : request.path;
  const headers = Object.entries(request.headers)
    .map(([k, v]) => `${k}: ${v.length > 80 ? `${v.slice(0, 80)}...` : v}`)
    .join('; ');
  const body = request.body === undefined ? '' : ` body(${Buffer.byteLength(request.body)} bytes): ${JSON.stringify(request.body.slice(0, 300))}`;
  return shortened(`${request.method} ${JSON.stringify(target)} [${headers}]${body}`);
}

/** A per-property seed from the run's seed, so that any property can be replayed on its own. */
export function derivedSeed(seed: number, name: string): number {
  let h = seed >>> 0;
  for (const ch of name) h = (Math.imul(h ^ ch.charCodeAt(0), 0x9e3779b1) + 0x7f4a7c15) >>> 0;
  return h % 2147483647;
}
