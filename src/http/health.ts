// GET /health answers while the process is up; GET /ready once the database answers (503 otherwise).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { pingDatabase } from '../repositories/content-version.js';

export function registerHealth(app: FastifyInstance, db: Kysely<Database>): void {
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (request, reply) => {
    try {
      await pingDatabase(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      return reply.status(503).send({ error: 'database unavailable' });
    }
  });
}
