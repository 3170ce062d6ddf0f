// Handler types derived from the generated contract: a handler map must name every operationId
// of the document, and each handler's input and 200 answer are typed from it. Who may call an
// operation comes from the document too (generated/operations.ts): an agent operation's
// handler is given the calling agent.
import type { operations } from '../../generated/openapi.js';
import type { OperationAccess } from '../../generated/operations.js';
import type { CallingAgent } from '../repositories/agents.js';
import type { OperationId } from './contract/document.js';
import type { Caller, Services } from './services.js';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type RequestBody<O extends OperationId> = operations[O] extends { requestBody: infer R } ? Json<NonNullable<R>> : undefined;
export type QueryOf<O extends OperationId> = NonNullable<operations[O]['parameters']['query']>;
export type PathOf<O extends OperationId> = NonNullable<operations[O]['parameters']['path']>;
export type SuccessBody<O extends OperationId> = Json<operations[O]['responses'][200]>;

type AgentOperation = { [K in OperationId]: OperationAccess[K] extends 'agent' ? K : never }[OperationId];

export interface HandlerContext<O extends OperationId> {
  readonly body: RequestBody<O>;
  readonly query: QueryOf<O>;
  readonly params: PathOf<O>;
  /** The calling agent: present on every agent operation, null on the others. */
  readonly agent: O extends AgentOperation ? CallingAgent : null;
  /** Digest of the key this call was made with (agent operations). */
  readonly keyHash: O extends AgentOperation ? string : null;
  readonly services: Services;
  readonly caller: Caller;
}

/** An operation's logic, the same for every door: it knows nothing of HTTP, MCP or the CLI. */
export type Handler<O extends OperationId> = (ctx: HandlerContext<O>) => Promise<SuccessBody<O>>;

export type Handlers<O extends OperationId = OperationId> = { [K in O]: Handler<K> };
