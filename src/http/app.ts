// buildApp(config): the Fastify application, its routes built from the OpenAPI document.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/connect.js';
import { describeValidationError } from '../core/contract/validation.js';
import { authenticationFailure, authorizer } from '../core/access/authenticate.js';
import { adminAuthorizer } from '../core/access/bearer-token.js';
import { responseValidator, validatorCompiler } from './response-check.js';
import { HttpError, publicMessage } from '../core/errors.js';
import { openapiDocument, operationSpecs, type OperationSpec } from '../core/contract/document.js';
import { handlers } from '../operations/index.js';
import type { Services } from '../core/handler-types.js';
import { seedDemoData } from '../db/seed-demo.js';
import { registerSite } from './site-routes.js';
import { RequestMeter } from '../core/access/request-meter.js';
import { ContentVersion } from '../core/answers/content-version.js';
import { ResponseCache } from '../core/answers/answer-cache.js';
import { CACHED_OPERATIONS, cachedHandler } from '../core/answers/cached-operations.js';
import { registerMcp } from './mcp-route.js';
import { registerTracking } from '../tracker/schedule.js';
import { serverLimitOptions } from './server-limits.js';
import { registerMetrics } from './metrics-route.js';
import { AnalysisPool } from '../analysis-pool/pool.js';
import { ANALYSIS_OPERATIONS, registerAnalysisAdmission, reserveAnalysis, servicesFor } from '../core/analysis-admission.js';
import { ServiceUnavailable } from '../core/errors.js';
import { parseQueryString } from './query-string.js';

export const BODY_LIMIT = 16 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: OperationSpec;
  }
}

export interface AppOptions {
  /** An already open database (tests, benchmarks); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 300, querystringParser: parseQueryString },
    return503OnClosing: true,
    ...serverLimitOptions(config),
  });
  app.addHook('onClose', async () => database.close());
  // Analysis runs in worker threads, started by the first job (so tests that analyse nothing start none).
  const analyzer = new AnalysisPool({ ...config.analysis, log: app.log });
  app.addHook('onClose', async () => analyzer.close());
  closeConnectionsWhenDraining(app);
  try {
    if (config.seedDemo) await seedDemoData(database.db);
    const services: Services = { db: database.db, meter: new RequestMeter(database.meteringDb), config, analyzer };
    app.decorateRequest('agent', null);
    app.decorateRequest('keyHash', null);
    app.decorateRequest('authChecked', false);
    app.decorateRequest('contentVersion', null);
    registerBodyParsers(app);
    registerMetrics(app, config);
    registerAnalysisAdmission(app, analyzer);
    registerErrorHandling(app, services);
    app.setValidatorCompiler(validatorCompiler);
    await registerDocs(app, config);
    registerOperations(app, services);
    registerHealth(app, services);
    registerSite(app, services);
    registerMcp(app, services);
    registerTracking(app, services);
    await app.ready();
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
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

function registerOperations(app: FastifyInstance, services: Services): void {
  const { adminToken } = services.config;
  const cache = new ResponseCache(services.config.responseCacheBytes);
  const versions = new ContentVersion(services.db);
  for (const spec of operationSpecs()) {
    if (spec.caller === 'admin' && adminToken === null) continue; // the admin API is off: its paths are 404
    const handler = handlers[spec.operationId] as (ctx: unknown) => Promise<unknown>;
    const checkResponse = responseValidator(spec);
    const handle = async (request: FastifyRequest, reply: FastifyReply) =>
      handler({
        body: request.body,
        query: request.query,
        params: request.params,
        agent: request.agent,
        keyHash: request.keyHash,
        services: servicesFor(request, services),
        request,
        reply,
      });
    app.route({
      method: spec.method,
      url: spec.url,
      config: { operation: spec },
      schema: {
        ...(spec.querySchema && { querystring: spec.querySchema }),
        ...(spec.paramsSchema && { params: spec.paramsSchema }),
        ...(spec.bodySchema && { body: spec.bodySchema }),
      },
      ...(spec.bodyLimit && { bodyLimit: spec.bodyLimit }),
      ...(ANALYSIS_OPERATIONS.has(spec.operationId) && { preValidation: reserveAnalysis(services) }),
      preHandler:
        spec.caller === 'agent'
          ? authorizer(services.meter, services.config, spec)
          : spec.caller === 'admin'
            ? adminAuthorizer(adminToken!)
            : undefined,
      preSerialization: checkResponse,
      handler: CACHED_OPERATIONS.has(spec.operationId) ? cachedHandler(spec, cache, versions, handle, checkResponse) : handle,
    });
  }
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
      return done(new HttpError(415, 'request body must be application/json'), undefined);
    }
    payload.on('error', (error) => done(error, undefined));
    payload.on('end', () => done(null, undefined));
    payload.resume();
  });
}

function registerErrorHandling(app: FastifyInstance, services: Services): void {
  app.setNotFoundHandler(async (request, reply) => {
    return reply.status(404).send({ error: `no such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    let status = error.statusCode ?? 500;
    let message = error.validation
      ? describeValidationError(validationPart(error.validationContext), error.validation[0] as any)
      : publicMessage(error as FastifyError, request.routeOptions.bodyLimit);
    let headers = error instanceof HttpError ? error.headers : {};
    if (status >= 400 && status < 500) {
      const authError = await authenticationFailure(services.meter, services.config, request).catch((e) => e as Error);
      if (authError instanceof HttpError) [status, message, headers] = [authError.statusCode, authError.message, {}];
      else if (authError) [status, error] = [500, authError as FastifyError];
    }
    if (error instanceof ServiceUnavailable) {
      request.log.warn({ reason: error.message }, 'refused for lack of capacity'); // its message is ours, for the caller
    } else if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      message = status === 503 ? 'service unavailable' : 'internal server error';
    }
    return reply.status(status).headers(headers).send({ error: message });
  });
}

function validationPart(context: string | undefined): string {
  return context === 'querystring' ? 'query' : context === 'params' ? 'path' : (context ?? 'request');
}

async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  const document = { ...openapiDocument(), servers: [{ url: config.baseUrl }] };
  await app.register(swagger, { mode: 'static', specification: { document } });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => document);
}

function registerHealth(app: FastifyInstance, services: Services): void {
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (request, reply) => {
    try {
      await sql`select 1`.execute(services.db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      return reply.status(503).send({ error: 'database unavailable' });
    }
  });
}
