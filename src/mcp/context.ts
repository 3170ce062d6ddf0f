// What the MCP door serves from: the core's invoke, the database (for the public directory of
// provider resources), and the configuration; and who calls, from what the SDK hands a handler.
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Invoker } from '../core/invoke.js';
import type { Caller, Logger } from '../core/services.js';
import type { Database } from '../db/schema.js';

export interface McpContext {
  readonly core: Invoker;
  readonly db: Kysely<Database>;
  readonly config: Config;
}

/** Where the MCP request came from: its network address and its log (the key comes as authInfo). */
export interface McpRequestInfo {
  readonly address: string;
  readonly log: Logger;
}

/**
 * The caller of one handler: the bearer credentials the HTTP route in front of the server read
 * (the SDK hands them over as `authInfo`, as in its bearer-auth example); the key itself is
 * judged, and the call counted, by the core, per call.
 */
export function callerFrom(extra: Pick<RequestHandlerExtra<any, any>, 'authInfo'>, request: McpRequestInfo): Caller {
  const token = extra.authInfo?.token;
  return { authorization: token ? `Bearer ${token}` : undefined, address: request.address, log: request.log, parameters: 'json' };
}
