// invoke(operationId, input, caller): the steps of one call, in one place, for every door.
//   1. An analysis operation holds a place in the bounded analyzer first, so that a call refused
//      as busy (503) costs the caller nothing.
//   2. The input is checked against the document, but not reported yet.
//   3. The caller is authenticated (a bad key or admin token wins over a bad input); an agent's
//      call is counted, and spends one unit of its operation's budget only if its input is valid.
//   4. A spent budget refuses the call (429); then a bad input does (400).
//   5. The handler runs; its answer is checked against the 200 response schema before it leaves,
//      and is kept in the answer cache when the operation is cached (x-cache).
// Every failure comes back as an outcome carrying a domain error, never as a throw; a database
// that cannot be reached becomes `unavailable` (503, Retry-After), any other unexpected one is
// logged with the caller's logger and becomes `internal`.
import { ContentVersion } from './answers/content-version.js';
import { providersNamed, ProviderVersions, versionSum } from './answers/provider-versions.js';
import { ResponseCache } from './answers/response-cache.js';
import { authenticate, type Identity } from './access/authenticate.js';
import type { BudgetState } from '../repositories/rate-limits.js';
import { compileStrict } from './contract/validation.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from '../db/unreachable.js';
import { databaseUnavailable, DomainError, internalError, isPublic, notFound } from './errors.js';
import { budgetSpent } from './access/budgets.js';
import type { HandlerContext, Handlers } from './handler-types.js';
import { checkInput, type CallInput, type CheckedInput } from './input.js';
import { operationTable, type OperationId, type OperationSpec } from './operation-table.js';
import type { Caller, Services } from './services.js';

export type Outcome =
  /** `body`: the answer as JSON bytes, already checked against the contract. */
  | { readonly ok: true; readonly body: Buffer; readonly budget: BudgetState | null }
  | { readonly ok: false; readonly error: DomainError; readonly budget: BudgetState | null };

export interface Invoker {
  invoke(operationId: OperationId, input: CallInput, caller: Caller): Promise<Outcome>;
  /**
   * A call whose door could not read its input (a body that is not JSON, too large, of another
   * media type; an argument no part of the operation takes): the caller is still authenticated
   * first and counted, as any call is, and then refused with `error`.
   */
  refuse(operationId: OperationId, caller: Caller, error: DomainError): Promise<Outcome>;
  /** The answer cache's size (tests, metrics). */
  readonly cache: ResponseCache;
}

type AnyHandler = (ctx: HandlerContext<OperationId>) => Promise<unknown>;

export function createInvoker(services: Services, handlers: Handlers): Invoker {
  const table = operationTable();
  const cache = new ResponseCache(services.config.responseCacheBytes);
  const versions = new ContentVersion(services.db);
  const providerVersions = new ProviderVersions(services.db);
  const outputCheck = new Map<OperationId, ReturnType<typeof compileStrict>>();

  function specOf(operationId: OperationId): OperationSpec {
    const spec = table.get(operationId);
    if (!spec) throw notFound(`no operation ${operationId}`);
    return spec;
  }

  /** The handler's answer as checked JSON bytes: a contract breach is a fault of ours, never sent. */
  async function render(spec: OperationSpec, ctx: HandlerContext<OperationId>): Promise<Buffer> {
    const result = await (handlers[spec.operationId] as AnyHandler)(ctx);
    let validate = outputCheck.get(spec.operationId);
    if (!validate) outputCheck.set(spec.operationId, (validate = compileStrict(spec.responseSchemas['200']!)));
    if (!validate(result)) {
      ctx.caller.log.error({ status: '200', operationId: spec.operationId, errors: validate.errors }, 'response does not match the contract');
      throw internalError(new Error(`the answer of ${spec.operationId} does not match the contract`));
    }
    return Buffer.from(JSON.stringify(result));
  }

  /**
   * The answer's bytes: the cached body when it is current, else rendered now (and kept when the
   * operation is cached). A hit whose version is known (a metered call) is found synchronously,
   * without another promise turn.
   */
  function answer(spec: OperationSpec, input: CheckedInput, identity: Identity, caller: Caller, scoped: Services, named: Named): Buffer | Promise<Buffer> {
    if (!spec.cache) return render(spec, contextOf(input, identity, caller, scoped));
    const key = cacheKey(spec, input);
    const version = versionOf(named, identity);
    if (typeof version === 'number') return cache.peek(key, version) ?? renderAndKeep(spec, key, version, contextOf(input, identity, caller, scoped));
    return version.then((v) => cache.peek(key, v) ?? renderAndKeep(spec, key, v, contextOf(input, identity, caller, scoped)));
  }

  function renderAndKeep(spec: OperationSpec, key: string, version: number, ctx: HandlerContext<OperationId>): Promise<Buffer> {
    return cache.get(key, version, () => render(spec, ctx));
  }

  /**
   * The version a cached answer must carry to be served, always read after the call arrived. An
   * answer about named providers follows their own versions (a write about another provider
   * leaves it current); any other follows the global version. A metered call has both from its
   * own metering statement; a public one reads them now (batched).
   */
  function versionOf(named: Named, identity: Identity): number | Promise<number> {
    if (named) return identity.providerVersions ? versionSum(named, identity.providerVersions) : providerVersions.read(named);
    return identity.contentVersion ?? versions.read();
  }

  function failure(error: unknown, budget: BudgetState | null, caller: Caller, operationId: OperationId): Outcome {
    if (isPublic(error)) return { ok: false, error, budget };
    if (isDatabaseUnreachable(error)) {
      caller.log.warn({ err: error, operationId }, 'database unreachable');
      return { ok: false, error: databaseUnavailable(DATABASE_RETRY_AFTER_SECONDS, error), budget };
    }
    const internal = error instanceof DomainError ? error : internalError(error);
    caller.log.error({ err: internal.cause ?? error, operationId }, 'operation failed');
    return { ok: false, error: internal, budget };
  }

  return {
    cache,
    async invoke(operationId, input, caller) {
      let budget: BudgetState | null = null;
      let reservation: ReturnType<Services['analyzer']['reserve']> | null = null;
      try {
        const spec = specOf(operationId);
        if (spec.analysis) reservation = services.analyzer.reserve();
        const checked = checkInput(spec, input, caller.parameters);
        const named = checked.ok && spec.cache ? providersNamed(checked.input) : null;
        const authenticated = authenticate(services, spec, caller, checked.ok, named);
        // Only a metered call waits for the database here; a public one goes on at once.
        const identity = authenticated instanceof Promise ? await authenticated : authenticated;
        budget = identity.budget;
        if (budget && !budget.admitted) throw budgetSpent(spec.budget ?? 'data', budget);
        if (!checked.ok) throw checked.error;
        const scoped = reservation ? { ...services, analyzer: reservation } : services;
        const body = answer(spec, checked.input, identity, caller, scoped, named);
        return { ok: true, body: body instanceof Promise ? await body : body, budget };
      } catch (error) {
        return failure(error, budget, caller, operationId);
      } finally {
        reservation?.release();
      }
    },
    async refuse(operationId, caller, error) {
      try {
        const identity = await authenticate(services, specOf(operationId), caller, false);
        return { ok: false, error, budget: identity.budget };
      } catch (authError) {
        return failure(authError, null, caller, operationId);
      }
    },
  };
}

type Named = readonly string[] | null;

function contextOf(input: CheckedInput, identity: Identity, caller: Caller, services: Services): HandlerContext<OperationId> {
  return { ...input, agent: identity.agent, keyHash: identity.keyHash, services, caller } as HandlerContext<OperationId>;
}

const keyNames = new WeakMap<OperationSpec, readonly string[]>();

/** The operation, its validated parameters in a fixed order, and its body: one entry per distinct answer. */
function cacheKey(spec: OperationSpec, input: CheckedInput): string {
  let names = keyNames.get(spec);
  if (!names) keyNames.set(spec, (names = [...propertyNames(spec.paramsSchema), ...propertyNames(spec.querySchema)]));
  const parts: unknown[] = [spec.operationId];
  for (const name of names) parts.push(input.query[name] ?? input.params[name] ?? null);
  parts.push(input.body ?? null);
  return JSON.stringify(parts);
}

function propertyNames(schema: object | null): string[] {
  return Object.keys((schema as { properties?: object } | null)?.properties ?? {}).sort();
}
