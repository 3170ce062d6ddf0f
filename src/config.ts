// The environment, parsed and validated once at start-up into a frozen Config.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  /**
   * Which proxies in front may say who the client is (TRUST_PROXY), as Fastify's `trustProxy`
   * takes it: false (none: the socket address), a number of hops (the client is that many
   * entries from the right of X-Forwarded-For), or the proxies' addresses and networks.
   */
  readonly trustProxy: false | number | readonly string[];
  /**
   * Seed the demo providers at start-up: `true` (default on the embedded database), `false`, or
   * `new-database` (default on PostgreSQL): only when this start made the schema, so that a new
   * database answers the README's walk-through and an existing one is never given demo data.
   */
  readonly seedDemo: boolean | 'new-database';
  readonly logLevel: string;
  readonly limits: Limits;
  /** Bearer token of the admin API; null turns the admin API off. */
  readonly adminToken: string | null;
  /** Memory for rendered responses of the hot read operations (RESPONSE_CACHE_MB); 0 turns the cache off. */
  readonly responseCacheBytes: number;
  /** Whether fetching a provider's tos_url may connect to internal addresses (FETCH_ALLOW_PRIVATE). */
  readonly fetchAllowPrivate: boolean;
  /** Seconds between two fetches of a provider's terms (TRACK_INTERVAL); 0 turns the server's tracking off. */
  readonly trackIntervalSeconds: number;
  /** The catalogue of real providers to track (CATALOGUE_FILE); null tracks only providers added by operators. */
  readonly catalogueFile: string | null;
  /**
   * The shipped snapshot of real terms taken in at start (SNAPSHOT: `on`, the default, reads
   * db/snapshot/manifest.json; `off`; or the path of another manifest, such as a smaller one for tests).
   */
  readonly snapshotFile: string | null;
  /** Where SIGUSR2 writes heap snapshots of the server and its analysis threads (HEAP_SNAPSHOT_DIR); null: no handler. */
  readonly heapSnapshotDir: string | null;
  /** Chromium for pages that need JavaScript (CHROMIUM_PATH); null: such pages are fetched without rendering. */
  readonly chromiumPath: string | null;
  /** Limits of the HTTP server against slow or oversized requests (src/http/server-limits.ts). */
  readonly http: HttpLimits;
  /** Bearer token of GET /metrics; null turns the endpoint off (404). */
  readonly metricsToken: string | null;
  /** Worker threads that analyse texts off the event loop, and their limits (ANALYSIS_*). */
  readonly analysis: AnalysisLimits;
}

export interface HttpLimits {
  /** Time for a request's headers to arrive (HTTP_HEADERS_TIMEOUT_MS). */
  readonly headersTimeoutMs: number;
  /** Time for a whole request, body included, to arrive (HTTP_REQUEST_TIMEOUT_MS). */
  readonly requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open (HTTP_KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveTimeoutMs: number;
  /** Largest request line plus headers, in bytes (HTTP_MAX_HEADER_BYTES). */
  readonly maxHeaderBytes: number;
}

export interface AnalysisLimits {
  /** Threads (ANALYSIS_WORKERS). */
  readonly workers: number;
  /** Agents' texts that may wait beyond those running before analyzeTerms answers 503 (ANALYSIS_QUEUE). */
  readonly maxQueued: number;
  /** Time limit of one analysis, in milliseconds (ANALYSIS_TIMEOUT, given in seconds). */
  readonly timeoutMs: number;
  /** Heap limit of each thread in MB (ANALYSIS_WORKER_MEMORY_MB). */
  readonly maxHeapMb: number;
}

export interface Limits {
  readonly requestsPerHour: number;
  readonly opinionsPerHour: number;
  readonly registrationsPerIpPerDay: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const databaseUrl = postgresUrl(nonEmpty(env.DATABASE_URL));
  const baseUrl = (nonEmpty(env.BASE_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(baseUrl)) throw new ConfigError(`BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  const logLevel = nonEmpty(env.LOG_LEVEL) ?? 'info';
  const adminToken = nonEmpty(env.ADMIN_TOKEN);
  if (adminToken !== null && adminToken.length < 24) throw new ConfigError('ADMIN_TOKEN must be at least 24 characters long');
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const metricsToken = nonEmpty(env.METRICS_TOKEN);
  if (metricsToken !== null && metricsToken.length < 24) throw new ConfigError('METRICS_TOKEN must be at least 24 characters long');
  const http = httpLimits(env);
  const snapshotFile = snapshot(env);
  return Object.freeze({
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    baseUrl,
    dataDir: nonEmpty(env.DATA_DIR) ?? './data',
    databaseUrl,
    trustProxy: trustProxy(env),
    // Demo providers only where nothing real would be shown: without the snapshot, on the embedded
    // database, and on a PostgreSQL database at the start that makes its schema.
    seedDemo: nonEmpty(env.SEED_DEMO) === null ? snapshotFile === null && (databaseUrl === null || 'new-database') : boolean(env, 'SEED_DEMO', false),
    logLevel,
    adminToken,
    fetchAllowPrivate: boolean(env, 'FETCH_ALLOW_PRIVATE', false),
    responseCacheBytes: integer(env, 'RESPONSE_CACHE_MB', 32, 0, 4096) * 1024 * 1024,
    trackIntervalSeconds: duration(env, 'TRACK_INTERVAL', 24 * 3600),
    catalogueFile: optionalPath(env, 'CATALOGUE_FILE', DEFAULT_CATALOGUE),
    snapshotFile,
    chromiumPath: optionalPath(env, 'CHROMIUM_PATH', '/usr/bin/chromium'),
    heapSnapshotDir: nonEmpty(env.HEAP_SNAPSHOT_DIR),
    http,
    metricsToken,
    analysis: Object.freeze({
      workers: integer(env, 'ANALYSIS_WORKERS', defaultAnalysisWorkers(), 1, 64),
      maxQueued: integer(env, 'ANALYSIS_QUEUE', 8, 0, 10_000),
      timeoutMs: integer(env, 'ANALYSIS_TIMEOUT', 30, 1, 3600) * 1000,
      maxHeapMb: integer(env, 'ANALYSIS_WORKER_MEMORY_MB', 512, 64, 65_536),
    }),
    limits: Object.freeze({
      requestsPerHour: integer(env, 'RATE_LIMIT_REQUESTS_PER_HOUR', 100, 1, 1e9),
      opinionsPerHour: integer(env, 'RATE_LIMIT_OPINIONS_PER_HOUR', 10, 1, 1e9),
      registrationsPerIpPerDay: integer(env, 'RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY', 1, 1, 1e9),
    }),
  });
}

function httpLimits(env: Env): HttpLimits {
  const limits = Object.freeze({
    headersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
    requestTimeoutMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 60_000, 100, 3_600_000),
    keepAliveTimeoutMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 600_000),
    maxHeaderBytes: integer(env, 'HTTP_MAX_HEADER_BYTES', 16_384, 1024, 1_048_576),
  });
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS must not be larger than HTTP_REQUEST_TIMEOUT_MS');
  return limits;
}

/** DATABASE_URL, if set, must be a PostgreSQL URL; the message never repeats a password. */
function postgresUrl(value: string | null): string | null {
  if (value === null) return null;
  let protocol: string | null = null;
  try {
    protocol = new URL(value).protocol;
  } catch {
    // not a URL: said below
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    const shown = protocol === null ? 'something that is not a URL' : `a ${protocol.replace(/:$/, '')}: URL`;
    throw new ConfigError(`DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@127.0.0.1:5432/tos, got ${shown}`);
  }
  return value;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

const DEFAULT_CATALOGUE = fileURLToPath(new URL('../db/catalogue/providers.json', import.meta.url));
const DEFAULT_SNAPSHOT = fileURLToPath(new URL('../db/snapshot/manifest.json', import.meta.url));

/** SNAPSHOT: `on` (or unset) is the shipped snapshot, `off` none, anything else a manifest's path. */
function snapshot(env: Env): string | null {
  const raw = nonEmpty(env.SNAPSHOT);
  if (raw === null || raw.toLowerCase() === 'on') return DEFAULT_SNAPSHOT;
  if (raw.toLowerCase() === 'off') return null;
  if (!raw.endsWith('.json')) throw new ConfigError(`SNAPSHOT must be on, off or the path of a snapshot manifest (.json), got "${raw}"`);
  return raw;
}

/** Seconds, or a number with a unit: `90`, `90s`, `30m`, `24h`, `7d`; `0` is off. */
function duration(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === null) return fallback;
  const match = /^(\d{1,9})(s|m|h|d)?$/.exec(raw);
  if (!match) throw new ConfigError(`${name} must be a duration such as 3600, 30m, 24h or 0, got "${raw}"`);
  const seconds = Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86400 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
  if (seconds !== 0 && (seconds < 60 || seconds > 365 * 86400)) throw new ConfigError(`${name} must be 0 (off) or from 1 minute to 365 days, got "${raw}"`);
  return seconds;
}

/** A path, or null when set to `none` (or empty). */
function optionalPath(env: Env, name: string, fallback: string): string | null {
  if (env[name] === undefined) return fallback;
  const raw = nonEmpty(env[name]);
  return raw === null || raw.toLowerCase() === 'none' ? null : raw;
}

/**
 * TRUST_PROXY: `false` or unset, a number of proxies (`1`), or their addresses and networks
 * (`10.0.0.1,10.1.0.0/16`). `true` would trust every hop, so that the left-most X-Forwarded-For
 * entry, which the client writes itself, became its address: refused.
 */
function trustProxy(env: Env): false | number | readonly string[] {
  const raw = nonEmpty(env.TRUST_PROXY);
  if (raw === null || raw.toLowerCase() === 'false' || raw === '0') return false;
  if (raw.toLowerCase() === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would take the client address from the left-most X-Forwarded-For entry, which the client itself writes: ' +
        'give the number of proxies in front of the server (TRUST_PROXY=1 for one) or their addresses or networks (TRUST_PROXY=10.0.0.1,10.1.0.0/16)',
    );
  }
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > 32) throw new ConfigError(`TRUST_PROXY must be a number of proxies from 1 to 32, got "${raw}"`);
    return Number(raw);
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 4 ? 32 : 128;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !validBits || rest.length > 0) {
      throw new ConfigError(
        `TRUST_PROXY must be false, a number of proxies, or addresses and networks separated by commas (10.0.0.1,10.1.0.0/16); "${entry}" is none of these`,
      );
    }
  }
  return Object.freeze(entries);
}

/**
 * Analysis threads by default: one core is left to the event loop and the database driver, and
 * at most 4 (each holds its own copy of the analyzer, about 60 MB). 1 on a machine of 2 cores.
 */
function defaultAnalysisWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}
