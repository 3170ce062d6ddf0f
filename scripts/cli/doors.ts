// The two ways a CLI command reaches an operation of the admin API, with the same input and the
// same answer: over HTTP through a running server (TOS_RATINGS_URL and ADMIN_TOKEN, or the
// server that holds the embedded database, found through DATA_DIR), or directly on the database,
// calling the very handler the route calls after validating the input against the same
// OpenAPI schemas. So a command never repeats a route's logic, and works whether or not a server
// is running (PGlite's directory cannot be opened by two processes at once).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase } from '../../src/db/connect.js';
import { dataDirHolder } from '../../src/db/data-dir.js';
import { SERVER_FILE, type ServerFile } from '../../src/db/server-file.js';
import { compileParameters, compileRequestBody, describeValidationError, type RequestValidator } from '../../src/core/contract/validation.js';
import { HttpError } from '../../src/core/errors.js';
import { operationSpecs, type OperationId, type OperationSpec } from '../../src/core/contract/document.js';
import { RequestMeter } from '../../src/core/access/request-meter.js';
import { handlers } from '../../src/operations/index.js';
import { inProcessAnalyzer } from '../../src/analysis-pool/jobs.js';
import type { Services, SuccessBody } from '../../src/core/handler-types.js';

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

function spec(operationId: OperationId): OperationSpec {
  const found = operationSpecs().find((s) => s.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

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
      return httpDoor(server.url, adminToken(env, where));
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
      const { method, url } = spec(operationId);
      const pathname = url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(input.params?.[name] ?? '')));
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

const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silentLog } as unknown as FastifyBaseLogger;

export async function directDoor(config: Config): Promise<Door> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const services: Services = { db: database.db, meter: new RequestMeter(database.meteringDb), config, analyzer: inProcessAnalyzer };
  return {
    description: config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`,
    async call(operationId, input = {}) {
      const s = spec(operationId);
      const params = validated('path', s.paramsSchema, { ...input.params }, compileParameters);
      const query = validated('query', s.querySchema, { ...input.query }, compileParameters);
      const body = s.bodySchema ? validated('body', s.bodySchema, input.body, compileRequestBody) : undefined;
      const handler = handlers[operationId] as (ctx: unknown) => Promise<SuccessBody<typeof operationId>>;
      try {
        return await handler({ params, query, body, services, agent: null, keyHash: null, request: { log: silentLog }, reply: null });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) throw new CliError(error.message);
        throw error;
      }
    },
    close: () => database.close(),
  };
}

const compiled = new Map<object, RequestValidator>();

/** The HTTP API's own request validation (same conversions, same messages); returns the value as a handler gets it. */
function validated(part: string, schema: object | null, value: unknown, compile: (schema: object) => RequestValidator): any {
  if (!schema) return value;
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = compile(schema)));
  const result = validate(value);
  if (result === false) throw new CliError(describeValidationError(part, validate.errors?.[0]));
  return typeof result === 'object' ? result.value : value;
}
