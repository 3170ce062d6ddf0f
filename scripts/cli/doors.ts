// The two ways a CLI command reaches an operation of the admin API, with the same input and the
// same answer: over HTTP through a running server (TOS_RATINGS_URL and ADMIN_TOKEN, or the
// server that holds the embedded database, found through DATA_DIR), or directly on the database,
// through the core's invoke() as the local operator: the same validation, handler and answer
// check as the route. So a command never repeats a route's logic, and works whether or not a
// server is running (PGlite's directory cannot be opened by two processes at once).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase } from '../../src/db/connect.js';
import { dataDirHolder, hasEmbeddedDatabase } from '../../src/db/data-dir.js';
import { shownDatabaseUrl } from '../../src/db/database-url.js';
import { localUrl, SERVER_FILE, type ServerFile } from '../../src/db/server-file.js';
import { readAdminTokenFile } from '../../src/db/admin-token-file.js';
import { RequestMeter } from '../../src/core/access/request-meter.js';
import type { SuccessBody } from '../../src/core/handler-types.js';
import { createInvoker } from '../../src/core/invoke.js';
import { operationSpec, type OperationId } from '../../src/core/operation-table.js';
import type { Caller, Logger, Services } from '../../src/core/services.js';
import { inProcessAnalyzer } from '../../src/analysis-pool/index.js';
import { handlers } from '../../src/operations/index.js';
import { CliError } from './input-file.js';

export interface OperationInput {
  readonly params?: Record<string, string | number>;
  readonly query?: Record<string, string | number | boolean>;
  readonly body?: unknown;
}

export interface Door {
  /** Where the operations run, for messages ("the server at ...", "the embedded database in ..."). */
  readonly description: string;
  call<O extends OperationId>(operationId: O, input?: OperationInput): Promise<SuccessBody<O>>;
  close(): Promise<void>;
}

export { CliError } from './input-file.js';

export interface DoorOptions {
  /** The command may make a new embedded database where there is none (it adds data: ingest, seed...). */
  readonly create?: boolean;
}

/**
 * Picks the door: an explicit server, the server holding the embedded database, or the database
 * itself. An embedded database is never made beside a running server (which uses another one),
 * nor without saying so.
 */
export async function openDoor(env: NodeJS.ProcessEnv = process.env, options: DoorOptions = {}): Promise<Door> {
  const config = loadConfig(env);
  const url = env.TOS_RATINGS_URL?.trim();
  if (url) return httpDoor(url, adminToken(env, `the server at ${url}`));
  if (config.databaseUrl !== null) return directDoor(config);
  const dataDir = path.resolve(config.dataDir);
  const holder = dataDirHolder(config.dataDir);
  if (holder !== null) {
    const server = readServerFile(config.dataDir, holder);
    const where = `DATA_DIR ${dataDir} is held by a running server (pid ${holder}${server ? `, ${server.url}` : ''})`;
    if (!server) throw new CliError(`${where}; set TOS_RATINGS_URL to its address and ADMIN_TOKEN to its admin token, or stop it`);
    // The server's own token (DATA_DIR/admin-token) when it was started without ADMIN_TOKEN.
    return httpDoor(server.url, readAdminTokenFile(config.dataDir) ?? adminToken(env, where));
  }
  if (hasEmbeddedDatabase(config.dataDir)) return directDoor(config);
  const running = await localServer(localUrl(config.host, config.port));
  if (running) {
    throw new CliError(
      `no database in DATA_DIR ${dataDir}, and a ToS Ratings server answers at ${running}: it uses another database. ` +
        `Set TOS_RATINGS_URL=${running} (and ADMIN_TOKEN) to work through it, or DATA_DIR or DATABASE_URL to the database it uses`,
    );
  }
  if (!options.create) {
    throw new CliError(
      `no database in DATA_DIR ${dataDir}: set DATA_DIR or DATABASE_URL to the database you use, or TOS_RATINGS_URL to a running server (npm start makes one)`,
    );
  }
  return directDoor(config, { created: true });
}

/** The URL of a ToS Ratings server answering on this machine's port, or null (nothing there, or something else). */
async function localServer(url: string): Promise<string | null> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
    const body = (await response.json()) as { service?: unknown };
    return body.service === 'tos-ratings' ? url : null;
  } catch {
    return null;
  }
}

/** The first line on stderr of a command that reaches a server or a database: which one. */
export function announce(door: Door): void {
  process.stderr.write(`tos-ratings: using ${door.description}\n`);
}

function adminToken(env: NodeJS.ProcessEnv, where: string): string {
  const token = env.ADMIN_TOKEN?.trim();
  if (!token) throw new CliError(`${where}: set ADMIN_TOKEN to the server's admin token to run this command through its admin API`);
  return token;
}

function readServerFile(dataDir: string, pid: number): ServerFile | null {
  try {
    const file = JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_FILE), 'utf8')) as ServerFile;
    return file.pid === pid && typeof file.url === 'string' ? file : null;
  } catch {
    return null;
  }
}

export function httpDoor(baseUrl: string, token: string): Door {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    description: `the server at ${base}`,
    async call(operationId, input = {}) {
      const { method, url } = operationSpec(operationId);
      const pathname = url.replace(/:(\w+)/g, (_: string, name: string) => encodeURIComponent(String(input.params?.[name] ?? '')));
      const query = new URLSearchParams(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
      let response: Response;
      try {
        response = await fetch(`${base}${pathname}${query ? `?${query}` : ''}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(input.body !== undefined && { 'content-type': 'application/json' }) },
          body: input.body === undefined ? undefined : JSON.stringify(input.body),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        throw new CliError(`cannot reach the server at ${base}${cause ? ` (${cause})` : ''}`);
      }
      const text = await response.text();
      let body: any = null;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        // not JSON: described below
      }
      if (response.status === 200 && body !== null) return body;
      if (response.status === 404 && body?.error?.startsWith('no such endpoint')) {
        throw new CliError(`the server at ${base} has no admin API (start it with ADMIN_TOKEN set)`);
      }
      throw new CliError(typeof body?.error === 'string' ? body.error : `the server at ${base} answered HTTP ${response.status}`);
    },
    async close() {},
  };
}

/** The operator's own logger: what goes wrong inside an operation is printed by main.ts, not logged. */
const silentLog: Logger = { info() {}, warn() {}, error() {} };
const OPERATOR: Caller = { authorization: undefined, address: 'local', log: silentLog, parameters: 'text', operator: true };

export async function directDoor(config: Config, options: { created?: boolean } = {}): Promise<Door> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const services: Services = { db: database.db, meter: new RequestMeter(database.meteringDb), config, analyzer: inProcessAnalyzer };
  const core = createInvoker(services, handlers);
  const embedded = `the embedded database in ${path.resolve(config.dataDir)}`;
  return {
    description: config.databaseUrl
      ? `the PostgreSQL database ${shownDatabaseUrl(config.databaseUrl)}`
      : options.created
        ? `${embedded} (new, made now)`
        : embedded,
    async call(operationId, input = {}) {
      const outcome = await core.invoke(operationId, input, OPERATOR);
      if (outcome.ok) return JSON.parse(outcome.body.toString('utf8'));
      // An operator sees what failed inside an operation: main.ts prints it as unexpected.
      if (outcome.error.code === 'internal' && outcome.error.cause !== undefined) throw outcome.error.cause;
      throw new CliError(outcome.error.message);
    },
    close: () => database.close(),
  };
}
