// Handler types derived from the generated contract: a handler map must name every operationId
// of the document, and each handler's input and 200 reply are typed from it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { operations } from '../../generated/openapi.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { CallingAgent } from '../repositories/agents.js';
import type { OperationId } from './contract/document.js';
import type { RequestMeter } from './access/request-meter.js';
import type { AnalysisService } from '../analysis-pool/jobs.js';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type RequestBody<O extends OperationId> = operations[O] extends { requestBody: infer R } ? Json<NonNullable<R>> : undefined;
export type QueryOf<O extends OperationId> = NonNullable<operations[O]['parameters']['query']>;
export type PathOf<O extends OperationId> = NonNullable<operations[O]['parameters']['path']>;
export type SuccessBody<O extends OperationId> = Json<operations[O]['responses'][200]>;

/** Operations that take no key (their `security` is empty in the document). */
export type PublicOperation = 'registerAgent' | 'listOpinions';
/** Operations of the admin API (security `adminAuth`). A test checks both lists against the document. */
export type AdminOperation =
  | 'createProvider'
  | 'updateProvider'
  | 'submitDocument'
  | 'listProviderClausesForReview'
  | 'replaceProtections'
  | 'updateClause'
  | 'verifyClause'
  | 'listOpinionsForModeration'
  | 'removeOpinion'
  | TrackingOperation;
/** The admin operations of tracking (src/routes/tracking.ts). */
export type TrackingOperation = 'listTrackingStatus' | 'runTrackingPass' | 'seedDemoProviders';
type AgentOperation = Exclude<OperationId, PublicOperation | AdminOperation>;

export interface Services {
  readonly db: Kysely<Database>;
  /** Authenticates and meters keyed requests, batched (on DatabaseHandle.meteringDb). */
  readonly meter: RequestMeter;
  readonly config: Config;
  /** The analyzer: worker threads in the server (analysis-pool.ts), in process in the CLI. */
  readonly analyzer: AnalysisService;
}

export interface HandlerContext<O extends OperationId> {
  readonly body: RequestBody<O>;
  readonly query: QueryOf<O>;
  readonly params: PathOf<O>;
  /** The calling agent: present on every agent operation, null on the others. */
  readonly agent: O extends AgentOperation ? CallingAgent : null;
  /** Digest of the key this request was made with (agent operations). */
  readonly keyHash: O extends AgentOperation ? string : null;
  readonly services: Services;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export type Handler<O extends OperationId> = (ctx: HandlerContext<O>) => Promise<SuccessBody<O>>;

/** What an operation needs from any door (HTTP, MCP): its input, the caller and the services. */
export type OperationContext<O extends OperationId> = Omit<HandlerContext<O>, 'request' | 'reply'>;

/** An operation that every door can call: it does not touch the HTTP request or reply. */
export type Operation<O extends OperationId> = (ctx: OperationContext<O>) => Promise<SuccessBody<O>>;

export type Operations<O extends OperationId> = { [K in O]: Operation<K> };

export type Handlers<O extends OperationId = OperationId> = { [K in O]: Handler<K> };
