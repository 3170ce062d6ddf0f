// The read operations whose answers are kept in memory (ResponseCache), keyed by operation and
// validated parameters, and tagged with content_version. Keyed reads take the version read by
// their own metering statement; public reads read it, batched, after they arrive. The body is
// checked against the contract once, when rendered, then served as bytes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContentVersion } from './content-version.js';
import type { OperationId, OperationSpec } from './openapi.js';
import type { ResponseCache } from './response-cache.js';

export const CACHED_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>(['listProviders', 'getProvider', 'listOpinions']);

type Render = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type Check = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

export function cachedHandler(spec: OperationSpec, cache: ResponseCache, versions: ContentVersion, render: Render, check: Check) {
  const names = [...propertyNames(spec.paramsSchema), ...propertyNames(spec.querySchema)];
  return async function serveCached(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const version = request.contentVersion ?? (await versions.read());
    const values = { ...(request.params as object), ...(request.query as object) } as Record<string, unknown>;
    const key = JSON.stringify([spec.operationId, ...names.map((name) => values[name] ?? null)]);
    const body = await cache.get(key, version, async () => {
      const payload = await check(request, reply, await render(request, reply));
      return Buffer.from(JSON.stringify(payload));
    });
    return reply.type('application/json; charset=utf-8').send(body);
  };
}

function propertyNames(schema: object | null): string[] {
  return Object.keys((schema as { properties?: object } | null)?.properties ?? {}).sort();
}
