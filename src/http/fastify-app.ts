// The Fastify application itself, before any route: its limits against slow or oversized
// requests, its logger, JSON-only body parsing, the 404 of unknown paths, and connections closed
// while draining.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { DomainError } from '../core/errors.js';
import { parseQueryString } from './query-string.js';
import { serverLimitOptions } from './server-limits.js';

/** Bodies of operations that set no `x-body-limit`. */
export const BODY_LIMIT = 16 * 1024;

export function createFastify(config: Config): FastifyInstance {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 300, querystringParser: parseQueryString },
    return503OnClosing: true,
    ...serverLimitOptions(config),
  });
  closeConnectionsWhenDraining(app);
  registerBodyParsers(app);
  app.setNotFoundHandler(async (request, reply) => {
    return reply.status(404).send({ error: `no such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });
  return app;
}

/**
 * Fastify closes the keep-alive connections that are idle when closing starts; a request still
 * in flight then would leave its connection open (and close() waiting for the keep-alive
 * timeout). Answers sent while draining therefore close their connection.
 */
function closeConnectionsWhenDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // A callback hook, not an async one: it runs on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * JSON only, parsed by Fastify's own safe parser (no prototype poisoning). An empty body is no
 * body. Operations that take no body ignore whatever is sent; the others refuse non-JSON (415).
 */
function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  app.addContentTypeParser('*', (request, payload, done) => {
    if (request.routeOptions.config.operation?.bodySchema) {
      return done(new DomainError('unsupported-media-type', 'request body must be application/json'), undefined);
    }
    payload.on('error', (error) => done(error, undefined));
    payload.on('end', () => done(null, undefined));
    payload.resume();
  });
}
