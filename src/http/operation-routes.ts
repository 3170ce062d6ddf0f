// One route per operation of the document (the admin ones only while ADMIN_TOKEN is set), each
// translating between HTTP and the core: the request becomes invoke()'s input and caller, the
// outcome becomes the answer (its status from the error's code, RateLimit-* headers from the
// budget it spent, Retry-After when waiting helps). A request Fastify could not read (not JSON,
// too large, another media type) still goes through the core, which judges the key first.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Invoker, Outcome } from '../core/invoke.js';
import { operationSpecs, type OperationSpec } from '../core/operation-table.js';
import type { Caller } from '../core/services.js';
import { asDomainError, httpAnswer } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: OperationSpec;
  }
}

export function registerOperationRoutes(app: FastifyInstance, core: Invoker, options: { adminApi: boolean }): void {
  app.setErrorHandler(async (error, request, reply) => {
    const spec = request.routeOptions.config.operation;
    const refused = asDomainError(error, request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0);
    if (!spec) {
      const answer = httpAnswer(refused);
      if (answer.status >= 500 && refused.code !== 'unavailable') request.log.error({ err: error }, 'request failed');
      return reply.status(answer.status).headers(answer.headers).send({ error: answer.message });
    }
    return send(request, reply, spec, await core.refuse(spec.operationId, callerOf(request), refused));
  });
  for (const spec of operationSpecs()) {
    if (spec.caller === 'admin' && !options.adminApi) continue; // the admin API is off: its paths are 404
    app.route({
      method: spec.method,
      url: spec.url,
      config: { operation: spec },
      ...(spec.bodyLimit && { bodyLimit: spec.bodyLimit }),
      handler: async (request, reply) => {
        const input = { params: request.params as Record<string, unknown>, query: request.query as Record<string, unknown>, body: request.body };
        return send(request, reply, spec, await core.invoke(spec.operationId, input, callerOf(request)));
      },
    });
  }
}

function callerOf(request: FastifyRequest): Caller {
  return { authorization: request.headers.authorization, address: request.ip, log: request.log, parameters: 'text' };
}

function send(request: FastifyRequest, reply: FastifyReply, spec: OperationSpec, outcome: Outcome): FastifyReply {
  const { budget } = outcome;
  if (budget) reply.header('ratelimit-limit', budget.limit).header('ratelimit-remaining', budget.remaining).header('ratelimit-reset', budget.resetSeconds);
  if (outcome.ok) return reply.type('application/json; charset=utf-8').send(outcome.body);
  const { error } = outcome;
  const answer = httpAnswer(error);
  if (answer.status < 500 && !spec.responseSchemas[String(answer.status)]) {
    // An error the document does not give this operation is a fault of ours, not the caller's.
    request.log.error(
      { status: String(answer.status), operationId: spec.operationId, errors: 'status not in the contract' },
      'response does not match the contract',
    );
    return reply.status(500).send({ error: 'internal server error' });
  }
  if (error.code === 'unavailable') request.log.warn({ reason: error.message }, 'refused for lack of capacity');
  return reply.status(answer.status).headers(answer.headers).send({ error: answer.message });
}
