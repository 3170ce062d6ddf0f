// The contract as served: GET /openapi.json (the document with this server's BASE_URL) and the
// Swagger UI at /docs, themed as ours (docs-theme.ts; not to be framed, nothing sniffed: headers in fastify-app.ts).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { openapiDocument } from '../core/contract/document.js';
import { DOCS_UI_OPTIONS, foldedDescription } from './docs-theme.js';

export async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  const full = openapiDocument();
  // While the admin API is off, its paths answer 404: the served document does not list them.
  const paths =
    config.adminToken === null ? Object.fromEntries(Object.entries(full.paths ?? {}).filter(([path]) => !path.startsWith('/api/admin/'))) : full.paths;
  const document = { ...full, paths: paths as typeof full.paths, servers: [{ url: config.baseUrl }] };
  // Swagger UI renders its own copy, with the long description folded into sections.
  const forUi = { ...document, info: { ...document.info, description: foldedDescription(document.info.description ?? '') } };
  await app.register(swagger, { mode: 'static', specification: { document: forUi } });
  await app.register(swaggerUi, DOCS_UI_OPTIONS);
  app.get('/openapi.json', { schema: { hide: true } }, async () => document);
}
