// GET /health answers while the process is up; GET /ready once the database is prepared and
// answers within READY_TIMEOUT_MS (503 otherwise, promptly: a load balancer's probe must not
// hang on a database that does not answer). While the server waits for its database at
// start-up, every other request that needs it answers 503 with Retry-After (the gate below).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unreachable.js';
import { pingDatabase } from '../repositories/content-version.js';
import { renderUnavailablePage } from '../site/index.js';
import { databaseUnavailable } from '../core/errors.js';

export const READY_TIMEOUT_MS = 2000;

export interface Readiness {
  readonly ready: boolean;
}

export function registerHealth(app: FastifyInstance, db: Kysely<Database>, readiness: Readiness): void {
  // Names the service, so that the CLI can tell one of our servers from whatever else listens on a port.
  app.get('/health', async () => ({ status: 'ok', service: 'tos-ratings' }));
  app.get('/ready', async (request, reply) => {
    if (!readiness.ready) return unavailable(reply, 'database not ready');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([pingDatabase(db), timeout]);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return unavailable(reply, 'database unavailable');
    } finally {
      clearTimeout(timer);
    }
  });
}

function unavailable(reply: FastifyReply, message: string): FastifyReply {
  return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ error: message });
}

// Paths that need no database: they answer while the server waits for it.
const WITHOUT_DATABASE = /^\/(health|ready|metrics|openapi\.json|docs|assets)(\/|\?|$)/;

/**
 * While the database is not prepared, requests that need it get 503 at once (a page for the
 * site's pages). A callback hook, not an async one: it runs on every request.
 */
export function registerDatabaseGate(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (readiness.ready || WITHOUT_DATABASE.test(request.url)) return done();
    const refusal = databaseUnavailable(DATABASE_RETRY_AFTER_SECONDS);
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    const page = !/^\/(api|mcp)(\/|\?|$)/.test(request.url) && !request.url.endsWith('.xml');
    if (page) return void reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderUnavailablePage());
    reply.status(503).send({ error: refusal.message });
  });
}
