// The contract as served: GET /openapi.json (the document with this server's BASE_URL) and the
// Swagger UI at /docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { openapiDocument } from '../core/contract/document.js';

export async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  const document = { ...openapiDocument(), servers: [{ url: config.baseUrl }] };
  await app.register(swagger, { mode: 'static', specification: { document } });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => document);
}
