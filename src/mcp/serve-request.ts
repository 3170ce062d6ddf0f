// One MCP request over Streamable HTTP, on the raw Node request and response: a new server and
// transport each time (stateless: JSON responses, no sessions, no server-sent streams), so any
// process behind a load balancer can answer any request. The bearer credentials are read in
// front of the server and handed to it as `authInfo`, as the SDK's bearer-auth middleware does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { McpContext, McpRequestInfo } from './context.js';
import { createMcpServer } from './server.js';

export const MCP_PATH = '/mcp';
const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

export async function serveMcpRequest(
  context: McpContext,
  request: McpRequestInfo & { raw: IncomingMessage; authorization: string | undefined; body: unknown },
  response: ServerResponse,
): Promise<void> {
  const token = request.authorization ? BEARER.exec(request.authorization)?.[1] : undefined;
  const raw = request.raw as IncomingMessage & { auth?: AuthInfo };
  if (token) raw.auth = { token, clientId: 'agent', scopes: [] };
  const server = createMcpServer(context, request);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(raw, response, request.body);
  } catch (error) {
    request.log.error({ err: error }, 'MCP request failed');
    if (!response.headersSent) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(jsonRpcError(ErrorCode.InternalError, 'internal server error')));
    }
  }
}

export function jsonRpcError(code: number, message: string) {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}
