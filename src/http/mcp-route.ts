// MCP over Streamable HTTP at /mcp, on the service's own Fastify server. Stateless: every POST
// gets a new server and transport (JSON responses, no sessions, no server-sent streams), so any
// process behind a load balancer can answer any request; GET and DELETE answer 405. Whatever
// goes wrong before the SDK has the message is answered as JSON-RPC too, never as a 5xx for bad
// input. The key travels in the Authorization header of each request.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { HttpError, publicMessage } from '../core/errors.js';
import type { Services } from '../core/handler-types.js';
import { toolContracts } from '../core/invoke.js';
import { hostCheck } from '../mcp/origin-check.js';
import { createMcpServer } from '../mcp/server.js';

export const MCP_PATH = '/mcp';
/** Room for the JSON-RPC envelope around the largest operation body a tool takes. */
const ENVELOPE_BYTES = 16 * 1024;

export function registerMcp(app: FastifyInstance, services: Services): void {
  const bodyLimit = Math.max(...[...toolContracts().values()].map(({ contract }) => contract.spec.bodyLimit ?? app.initialConfig.bodyLimit ?? 0)) + ENVELOPE_BYTES;
  const refusal = hostCheck(services.config.baseUrl);
  app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
      if (body === '') return done(new HttpError(400, 'request body is empty'), undefined);
      parseJson(request, body as string, done);
    });
    scope.addContentTypeParser('*', (_request, _payload, done) => done(new HttpError(415, 'request body must be application/json'), undefined));
    scope.addHook('onRequest', async (request, reply) => {
      const refused = refusal(request.headers.host, request.headers.origin);
      if (refused) return sendJsonRpcError(reply, 403, ErrorCode.InvalidRequest, `Forbidden: ${refused} (DNS rebinding protection)`);
    });
    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'MCP request failed');
      const code = status === 400 ? ErrorCode.ParseError : status >= 500 ? ErrorCode.InternalError : ErrorCode.InvalidRequest;
      return sendJsonRpcError(reply, status, code, status >= 500 ? 'internal server error' : publicMessage(error, bodyLimit));
    });

    scope.post(MCP_PATH, { bodyLimit }, async (request, reply) => serve(services, request, reply));
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

async function serve(services: Services, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const server = createMcpServer(services, { authorization: request.headers.authorization, log: request.log });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  reply.hijack(); // the transport writes the answer on the raw response
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  } catch (error) {
    request.log.error({ err: error }, 'MCP request failed');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(JSON.stringify(jsonRpcError(ErrorCode.InternalError, 'internal server error')));
    }
  }
}

function sendJsonRpcError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply.status(status).type('application/json').send(jsonRpcError(code, message));
}

function jsonRpcError(code: number, message: string) {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}
