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
import { dataDirHolder } from '../../src/db/data-dir.js';
import { SERVER_FILE, type ServerFile } from '../../src/db/server-file.js';
import { readAdminTokenFile } from '../../src/db/admin-token-file.js';
import { RequestMeter } from '../../src/core/access/request-meter.js';
import type { SuccessBody } from '../../src/core/handler-types.js';
import { createInvoker } from '../../src/core/invoke.js';
import { operationSpec, type OperationId } from '../../src/core/operation-table.js';
import type { Caller, Logger, Services } from '../../src/core/services.js';
import { inProcessAnalyzer } from '../../src/analysis-pool/index.js';
import { handlers } from '../../src/operations/index.js';

export interface OperationInput {
  readonly params?: Record<string, string | number>;
  readonly query?: Record<string, string | number | boolean>;
  readonly body?: unknown;
}

export interface Door {
  /** Where the operations run, for messages. */
  readonly description: string;
  call<O extends OperationId>(operationId: O, input?: OperationInput): Promise<SuccessBody<O>>;
  close(): Promise<void>;
}

/** A failure to report as one line (the operation's own error message, or why it could not run). */
export class CliError extends Error {}

/** Picks the door: an explicit server, the server holding the embedded database, or the database itself. */
export async function openDoor(env: NodeJS.ProcessEnv = process.env): Promise<Door> {
  const config = loadConfig(env);
  const url = env.TOS_RATINGS_URL?.trim();
  if (url) return httpDoor(url, adminToken(env, `the server at ${url}`));
  if (config.databaseUrl === null) {
    const holder = dataDirHolder(config.dataDir);
    if (holder !== null) {
      const server = readServerFile(config.dataDir, holder);
      const where = `DATA_DIR ${path.resolve(config.dataDir)} is held by a running server (pid ${holder}${server ? `, ${server.url}` : ''})`;
      if (!server) throw new CliError(`${where}; set TOS_RATINGS_URL to its address and ADMIN_TOKEN to its admin token, or stop it`);
      // The server's own token (DATA_DIR/admin-token) when it was started without ADMIN_TOKEN.
      return httpDoor(server.url, readAdminTokenFile(config.dataDir) ?? adminToken(env, where));
    }
  }
  return directDoor(config);
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

export async function directDoor(config: Config): Promise<Door> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const services: Services = { db: database.db, meter: new RequestMeter(database.meteringDb), config, analyzer: inProcessAnalyzer };
  const core = createInvoker(services, handlers);
  return {
    description: config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`,
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
