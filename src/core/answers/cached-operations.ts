// The read operations whose answers are kept in memory (ResponseCache), keyed by operation and
// validated parameters, and tagged with content_version. Keyed reads take the version read by
// their own metering statement; public reads read it, batched, after they arrive. The body is
// checked against the contract once, when rendered, then served as bytes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContentVersion } from './content-version.js';
import type { OperationId, OperationSpec } from '../contract/document.js';
import type { ResponseCache } from './answer-cache.js';

export const CACHED_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>(['listProviders', 'getProvider', 'listOpinions']);

type Render = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type Check = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

export function cachedHandler(spec: OperationSpec, cache: ResponseCache, versions: ContentVersion, render: Render, check: Check) {
  const names = [...propertyNames(spec.paramsSchema), ...propertyNames(spec.querySchema)];
  const keyOf = (request: FastifyRequest) => {
    const params = request.params as Record<string, unknown> | undefined;
    const query = request.query as Record<string, unknown> | undefined;
    return JSON.stringify([spec.operationId, ...names.map((name) => query?.[name] ?? params?.[name] ?? null)]);
  };
  const send = (reply: FastifyReply, body: Buffer) => reply.type('application/json; charset=utf-8').send(body);
  async function renderAndSend(request: FastifyRequest, reply: FastifyReply, key: string, version: number): Promise<FastifyReply> {
    const body = await cache.get(key, version, async () => {
      const payload = await check(request, reply, await render(request, reply));
      return Buffer.from(JSON.stringify(payload));
    });
    return send(reply, body);
  }
  async function afterVersionRead(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const version = await versions.read();
    const key = keyOf(request);
    const hit = cache.peek(key, version);
    return hit ? send(reply, hit) : renderAndSend(request, reply, key, version);
  }
  // Not async: a keyed request (whose metering read the version) that hits the cache is answered
  // at once, without another turn of the microtask queue (a synchronous Fastify handler that has
  // sent its reply returns nothing).
  return function serveCached(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined {
    const version = request.contentVersion;
    if (version === null) return afterVersionRead(request, reply);
    const key = keyOf(request);
    const hit = cache.peek(key, version);
    if (!hit) return renderAndSend(request, reply, key, version);
    send(reply, hit);
    return undefined;
  };
}

function propertyNames(schema: object | null): string[] {
  return Object.keys((schema as { properties?: object } | null)?.properties ?? {}).sort();
}
