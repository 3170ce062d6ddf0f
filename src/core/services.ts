// What every operation runs on, whichever door it was called through: the database, the request
// meter, the configuration and the analyzer; and who is calling (Caller).
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { AnalysisService } from '../analysis-pool/index.js';
import type { RequestMeter } from './access/request-meter.js';

export interface Services {
  readonly db: Kysely<Database>;
  /** Authenticates and meters keyed calls, batched (on DatabaseHandle.meteringDb). */
  readonly meter: RequestMeter;
  readonly config: Config;
  /** The analyzer: worker threads in the server (analysis-pool), in process in the CLI. */
  readonly analyzer: AnalysisService;
}

/** The log lines the core writes (pino's shape, which Fastify's logger has). */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Who is calling an operation, as its door saw them. */
export interface Caller {
  /** The Authorization header the call came with (a key, or the admin token), if any. */
  readonly authorization: string | undefined;
  /** The caller's network address, as the limits count it (the registration budget). */
  readonly address: string;
  readonly log: Logger;
  /**
   * How path and query values arrive: `text` from a URL or a command line (converted to the
   * declared types, strictly), `json` as typed JSON values (MCP arguments, never converted).
   */
  readonly parameters: 'text' | 'json';
  /** The operator at the database itself (the CLI without a server): admin operations need no token. */
  readonly operator?: boolean;
}
