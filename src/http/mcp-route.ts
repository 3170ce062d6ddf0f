// POST /mcp on the service's own Fastify server, handed to the MCP door (src/mcp) on the raw
// request; GET and DELETE answer 405 (the server is stateless). Whatever goes wrong before the
// SDK has the message (the Host or Origin of another site, a body that is not JSON or too large)
// is answered as JSON-RPC too, never as a 5xx for bad input.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { DomainError } from '../core/errors.js';
import { hostCheck, jsonRpcError, MCP_PATH, serveMcpRequest, toolContracts, type McpContext } from '../mcp/index.js';
import { asDomainError, statusOf } from './errors.js';

/** Room for the JSON-RPC envelope around the largest operation body a tool takes. */
const ENVELOPE_BYTES = 16 * 1024;

export function registerMcp(app: FastifyInstance, context: McpContext): void {
  const bodyLimit = Math.max(...[...toolContracts().values()].map(({ spec }) => spec.bodyLimit ?? app.initialConfig.bodyLimit ?? 0)) + ENVELOPE_BYTES;
  const refusal = hostCheck(context.config.baseUrl);
  app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
      if (body === '') return done(new DomainError('invalid-input', 'request body is empty'), undefined);
      parseJson(request, body as string, done);
    });
    scope.addContentTypeParser('*', (_request, _payload, done) =>
      done(new DomainError('unsupported-media-type', 'request body must be application/json'), undefined),
    );
    scope.addHook('onRequest', async (request, reply) => {
      const refused = refusal(request.headers.host, request.headers.origin);
      if (refused) return sendJsonRpcError(reply, 403, ErrorCode.InvalidRequest, `Forbidden: ${refused} (DNS rebinding protection)`);
    });
    scope.setErrorHandler(async (error, request, reply) => {
      const refused = asDomainError(error, bodyLimit);
      const status = statusOf(refused);
      if (status >= 500) request.log.error({ err: error }, 'MCP request failed');
      const code = status === 400 ? ErrorCode.ParseError : status >= 500 ? ErrorCode.InternalError : ErrorCode.InvalidRequest;
      return sendJsonRpcError(reply, status, code, status >= 500 ? 'internal server error' : refused.message);
    });

    scope.post(MCP_PATH, { bodyLimit }, async (request, reply) => {
      reply.hijack(); // the transport writes the answer on the raw response
      const info = { raw: request.raw, authorization: request.headers.authorization, body: request.body, address: request.ip, log: request.log };
      await serveMcpRequest(context, info, reply.raw);
    });
    for (const method of ['GET', 'DELETE'] as const) {
      scope.route({
        method,
        url: MCP_PATH,
        handler: async (_request, reply) => {
          reply.header('allow', 'POST');
          return sendJsonRpcError(reply, 405, ErrorCode.InvalidRequest, 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages');
        },
      });
    }
  });
}

function sendJsonRpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply.status(status).type('application/json').send(jsonRpcError(code, message));
}
