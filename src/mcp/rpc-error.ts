// JSON-RPC errors as clients should see them.
// A JSON-RPC error answered with its message as written. The SDK's McpError puts "MCP error
// <code>: " before the message it sends, and clients put it before the message they receive, so a
// client showed "MCP error -32602: MCP error -32602: unknown tool ...". The SDK sends any thrown
// error's `code` and `message` as they are.
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

type Handler = (request: unknown, extra: unknown) => Promise<unknown>;

/**
 * Requests whose params the SDK's schemas refuse answer -32602 (invalid params) with what is wrong,
 * not -32603 (internal error) with zod's issue list: the SDK parses a request against the method's
 * schema before its handler runs and sends the ZodError as an internal error. Call after every
 * handler is registered. The handler table is the SDK's own (private) map: checked, so an SDK that
 * renames it fails at once rather than silently answering -32603 again.
 */
export function answerBadParamsAsInvalidParams(server: object): void {
  const handlers = (server as { _requestHandlers?: unknown })._requestHandlers;
  if (!(handlers instanceof Map)) throw new Error('the MCP SDK no longer keeps _requestHandlers: see rpc-error.ts');
  for (const [method, handler] of handlers as Map<string, Handler>) {
    handlers.set(method, async (request: unknown, extra: unknown) => {
      try {
        return await handler(request, extra);
      } catch (error) {
        throw isZodError(error) ? new RpcError(INVALID_PARAMS, `invalid ${method} request: ${describe(error.issues)}`) : error;
      }
    });
  }
}

const INVALID_PARAMS = -32602;

interface Issue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
}

function isZodError(error: unknown): error is Error & { issues: Issue[] } {
  return error instanceof Error && (error.name === 'ZodError' || error.name === '$ZodError') && Array.isArray((error as { issues?: unknown }).issues);
}

/** "arguments: expected record, received string", from the params down. */
function describe(issues: readonly Issue[]): string {
  return issues
    .slice(0, 5)
    .map(({ path, message }) => {
      const where = path
        .filter((part, i) => !(i === 0 && part === 'params'))
        .map(String)
        .join('.');
      const what = message.replace(/^Invalid input: /, '').replace('expected record', 'expected an object');
      return where ? `${where}: ${what}` : what;
    })
    .join('; ');
}
