// The HTTP door's public face. createHttpApp: the Fastify application with its limits and
// logger, before any route. openHttpDoor: everything it serves (the operations of the document,
// /openapi.json and /docs, /health and /ready, the public pages and feeds, MCP at /mcp,
// /metrics), and the background work that runs while it listens.
import type { FastifyInstance } from 'fastify';
import type { AnalysisPool } from '../analysis-pool/index.js';
import type { Invoker } from '../core/invoke.js';
import type { Services } from '../core/services.js';
import { registerDocs } from './docs.js';
import { createFastify } from './fastify-app.js';
import { registerDatabaseGate, registerHealth, type Readiness } from './health.js';
import { registerMcp } from './mcp-route.js';
import { registerMetrics } from './metrics-route.js';
import { registerOperationRoutes } from './operation-routes.js';
import { registerSite } from './site-routes.js';

export type HttpApp = FastifyInstance;
export { BODY_LIMIT } from './fastify-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's analyzer (its worker pool), for its state. */
    analyzer: AnalysisPool;
  }
}

export interface HttpDoorParts {
  readonly core: Invoker;
  readonly services: Services;
  readonly analyzer: AnalysisPool;
  /** Work that starts once the server listens and stops before it closes (the tracking schedule). */
  readonly background: { start(): void; stop(): Promise<void> } | null;
  /** Whether the database is prepared; until then, what needs it answers 503. */
  readonly readiness: Readiness;
}

export const createHttpApp = createFastify;

export async function openHttpDoor(app: FastifyInstance, { core, services, analyzer, background, readiness }: HttpDoorParts): Promise<void> {
  const { config } = services;
  app.decorate('analyzer', analyzer);
  registerDatabaseGate(app, readiness);
  registerMetrics(app, config);
  registerOperationRoutes(app, core, { adminApi: config.adminToken !== null });
  await registerDocs(app, config);
  registerHealth(app, services.db, readiness);
  registerSite(app, services);
  registerMcp(app, { core, db: services.db, config });
  if (background) {
    app.addHook('onListen', async () => background.start());
    app.addHook('preClose', () => background.stop());
  }
  await app.ready();
}
