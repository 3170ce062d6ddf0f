// `tos-ratings mcp`: the MCP server for desktop agents, over stdio. It runs where the agent
// runs, usually not where the service runs, so it holds no data and no logic of its own: each
// JSON-RPC message from stdin goes to the service's Streamable HTTP endpoint (TOS_RATINGS_URL,
// /mcp) with the key of TOS_RATINGS_API_KEY, and each answer comes back on stdout. Tools,
// schemas, budgets and errors are thus the server's own. stdout carries protocol messages and
// nothing else; every log line goes to stderr.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode, isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export const DEFAULT_URL = 'http://localhost:3000';

export interface ProxyOptions {
  readonly env: Record<string, string | undefined>;
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

/** Relays until stdin ends; resolves with the exit code. */
export async function runStdioProxy({ env, stdin, stdout, stderr }: ProxyOptions): Promise<number> {
  const log = (message: string) => stderr.write(`tos-ratings mcp: ${message}\n`);
  const base = (env.TOS_RATINGS_URL?.trim() || DEFAULT_URL).replace(/\/+$/, '');
  let endpoint: URL;
  try {
    endpoint = new URL(`${base}/mcp`);
    if (!/^https?:$/.test(endpoint.protocol)) throw new Error('not http(s)');
  } catch {
    log(`TOS_RATINGS_URL must be the http(s) URL of a ToS Ratings server, got "${base}"`);
    return 2;
  }
  const key = env.TOS_RATINGS_API_KEY?.trim();
  if (!key) log('TOS_RATINGS_API_KEY is not set: only the tools that need no key will work');
  const remote = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} } });
  const local = new StdioServerTransport(stdin as NodeJS.ReadStream, stdout as NodeJS.WriteStream);
  const initializeIds = new Set<string | number>();

  remote.onmessage = (message) => {
    // The protocol version agreed at initialisation goes on every later request, as a client's would.
    if (isJSONRPCResultResponse(message) && initializeIds.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') remote.setProtocolVersion(version);
    }
    void local.send(message);
  };
  let closing = false;
  remote.onerror = (error) => closing || log(describe(error));
  local.onerror = (error) => log(`bad input on stdin: ${error.message}`);
  const inFlight = new Set<Promise<void>>();
  local.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message) && message.method === 'initialize') initializeIds.add(message.id);
    const relayed = remote.send(message).catch(async (error: Error) => {
      if (!isJSONRPCRequest(message)) return; // remote.onerror has logged it
      await local.send({
        jsonrpc: '2.0',
        id: message.id,
        error: { code: ErrorCode.InternalError, message: `ToS Ratings server at ${base} did not answer: ${describe(error)}` },
      });
    });
    inFlight.add(relayed);
    void relayed.finally(() => inFlight.delete(relayed));
  };

  await remote.start();
  await local.start();
  log(`relaying to ${endpoint.href}`);
  await new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
  });
  // Requests already sent are answered before the relay closes.
  while (inFlight.size > 0) await Promise.all(inFlight);
  closing = true;
  await local.close();
  await remote.close();
  return 0;
}

/** fetch's own message ("fetch failed") with the reason beneath it (ECONNREFUSED...). */
function describe(error: Error): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause ? `${error.message} (${cause.code ?? cause.message})` : error.message;
}
