// GET /metrics (Prometheus text format) and the per-request recording behind it. Off unless
// METRICS_TOKEN is set: then nothing is recorded per request and /metrics is an unknown path
// (404), so nothing is exposed by default. On, /metrics wants `Authorization: Bearer
// <METRICS_TOKEN>` (compared in constant time) and each answer costs one counter and one
// histogram observation, through label children cached per operation and status.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, type Counter, type Histogram } from 'prom-client';
import type { Config } from '../config.js';
import { bearerTokenMatches, digest } from '../core/access/bearer-token.js';
import { metrics, registry } from '../metrics/metrics.js';

let processMetricsOn = false;

export function registerMetrics(app: FastifyInstance, config: Config): void {
  if (config.metricsToken === null) return;
  if (!processMetricsOn) {
    // CPU, memory, event-loop delay, GC of this process (once per process: the registry is shared).
    collectDefaultMetrics({ register: registry, prefix: 'tos_' });
    processMetricsOn = true;
  }
  const expected = digest(config.metricsToken);
  app.addHook('onResponse', recordResponse);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerTokenMatches(expected, request.headers.authorization)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'missing or wrong metrics token' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

interface Children {
  readonly requests: Counter.Internal;
  readonly duration: Histogram.Internal<'operation'>;
}

const children = new Map<string, Children>();

// A callback hook, not an async one: it runs on every answer.
function recordResponse(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const operation = operationLabel(request);
  const status = reply.statusCode;
  const key = `${operation} ${request.method} ${status}`;
  let child = children.get(key);
  if (!child) {
    child = {
      requests: metrics.httpRequests.labels(operation, request.method, String(status)),
      duration: metrics.httpDuration.labels(operation),
    };
    children.set(key, child);
  }
  child.requests.inc();
  child.duration.observe(reply.elapsedTime / 1000);
  if (status === 429) metrics.budgetRefusals.inc({ budget: budgetLabel(request) });
  done();
}

/** The operationId; `route:<url>` for the routes that are not operations (pages, docs, health); `unmatched` for no route. */
function operationLabel(request: FastifyRequest): string {
  const operation = request.routeOptions.config?.operation;
  if (operation) return operation.operationId;
  // The not-found handler has no url: an unmatched path must not become a label of its own.
  return request.routeOptions.url ? `route:${request.routeOptions.url}` : 'unmatched';
}

/** Every budgeted operation names its budget in the document (x-budget); registration's is per client address. */
function budgetLabel(request: FastifyRequest): string {
  const operation = request.routeOptions.config?.operation;
  return operation?.budget ?? (operation?.operationId === 'registerAgent' ? 'registration' : 'other');
}
