// The Fastify application itself, before any route: its limits against slow or oversized
// requests, its logger, JSON-only body parsing, the 404 of unknown paths, and connections closed
// while draining.
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { DomainError } from '../core/errors.js';
import { parseQueryString } from './query-string.js';
import { serverLimitOptions } from './server-limits.js';

/** Bodies of operations that set no `x-body-limit`. */
export const BODY_LIMIT = 16 * 1024;

export interface FastifyOptions {
  /** Where the JSON log lines go (tests read them); standard output otherwise. */
  readonly logStream?: { write(line: string): void };
}

/**
 * A request as logged: `remoteAddress` is the client address the budgets and limits used
 * (behind trusted proxies, from X-Forwarded-For), `socketAddress` the peer of the connection.
 */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: logUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    socketAddress: request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/** TRUST_PROXY for Fastify: a number of hops as proxy-addr reads one (the first `hops` hops from the socket are proxies). */
function trustedProxies(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

export function createFastify(config: Config, options: FastifyOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: { level: config.logLevel, serializers: { req: requestForLog }, ...(options.logStream && { stream: options.logStream }) },
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 300, querystringParser: parseQueryString },
    return503OnClosing: true,
    ...serverLimitOptions(config),
  });
  guardHeaders(app);
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
 * Every answer: no content sniffing; /docs may not be framed (clickjacking) and loads nothing
 * but itself. A request with two Authorization headers is refused (Node keeps the first one
 * silently, a proxy might keep the other): which key is meant cannot be known.
 * Callback hooks, not async ones: they run on every request, and an async hook costs each
 * request a promise and a turn of the microtask queue (docs/performance.md).
 */
function guardHeaders(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw.rawHeaders;
    let authorizations = 0;
    for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'authorization') authorizations++;
    if (authorizations > 1) return void reply.status(400).send({ error: 'more than one Authorization header: send one' });
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    reply.header('x-content-type-options', 'nosniff');
    if (request.url === '/docs' || request.url.startsWith('/docs/') || request.url.startsWith('/docs?')) {
      reply.header('x-frame-options', 'DENY');
      reply.header(
        'content-security-policy',
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'none'",
      );
    }
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

/** The URL as logged: a key sent in the query string (`api_key`, `key`, `token`) is not written down. */
export function logUrl(url: string): string {
  return url.replace(/([?&](?:api_key|apikey|key|access_token|token)=)[^&#]*/gi, '$1[redacted]');
}
