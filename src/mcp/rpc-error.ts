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
