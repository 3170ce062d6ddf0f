// The contract as served: GET /openapi.json (the document with this server's BASE_URL) and the
// Swagger UI at /docs (not to be framed, nothing sniffed: headers in fastify-app.ts).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { openapiDocument } from '../core/contract/document.js';

export async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  const full = openapiDocument();
  // While the admin API is off, its paths answer 404: the served document does not list them.
  const paths =
    config.adminToken === null ? Object.fromEntries(Object.entries(full.paths ?? {}).filter(([path]) => !path.startsWith('/api/admin/'))) : full.paths;
  const document = { ...full, paths: paths as typeof full.paths, servers: [{ url: config.baseUrl }] };
  await app.register(swagger, { mode: 'static', specification: { document } });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => document);
}
