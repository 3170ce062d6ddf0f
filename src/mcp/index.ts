// The MCP door's public face: the server behind POST /mcp (serve-request.ts, mounted by the HTTP
// door), its DNS-rebinding check, the tools derived from the operation table, and the stdio relay
// that `tos-ratings mcp` runs on an agent's machine.
export { jsonRpcError, MCP_PATH, serveMcpRequest } from './serve-request.js';
export { hostCheck } from './origin-check.js';
export { toolContracts } from './tool-contract.js';
export { runStdioProxy } from './stdio-proxy.js';
export type { McpContext } from './context.js';
