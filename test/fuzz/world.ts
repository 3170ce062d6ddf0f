// The world a fuzz run works in: the real application listening on loopback, on a fresh
// database (PGlite, or PostgreSQL when DATABASE_URL is set), with demo data, the admin API on and
// budgets raised so that 429s do not hide validation; a loopback server of terms documents for
// `fetch: true` (no request ever leaves the machine); a journal of content changes kept by
// triggers; a digest of the content tables; and pools of existing slugs and ids to aim at.
// This process connects to loopback only while it runs (loopback-only.ts).
import http from 'node:http';
import type net from 'node:net';
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { freshDatabase } from '../helpers/database.js';
import { send } from './http.js';
import { connectToLoopbackOnly } from './loopback-only.js';

export const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef';

/**
 * Tables whose rows are no content: budgets' windows (agents' are METERING_COLUMNS); content_version and content_changes, the
 * response cache's tag and its per-transaction marker (a statement that changes no row, such as
 * an insert refused by ON CONFLICT or a delete of nothing, still bumps the tag: a harmless cache
 * refresh, not a change of data); migrations' bookkeeping; this journal.
 */
const NOT_CONTENT = new Set(['rate_windows', 'content_version', 'content_changes', 'kysely_migration', 'kysely_migration_lock', 'fuzz_changes']);
/** Columns every request with a valid key updates, refused or not (documented: "every request with a valid key counts"). */
const METERING_COLUMNS: Record<string, string[]> = {
  agents: ['request_count', 'last_used_at', ...['data', 'opinion'].flatMap((b) => [`${b}_window_start`, `${b}_used`, `${b}_last_admitted`])],
};

export interface World {
  readonly port: number;
  readonly app: FastifyInstance;
  readonly db: Kysely<any>;
  readonly document: any;
  /** Base URL of the loopback terms server (tos_url values point there). */
  readonly termsUrl: string;
  /** A key of an agent kept for the whole run. */
  readonly key: string;
  /** A key that was valid once (its agent is revoked). */
  readonly revokedKey: string;
  /** A new agent's key (for operations that use up the caller's key). */
  freshKey(): Promise<string>;
  /** Counts of content rows inserted, updated or deleted so far, per table. */
  changes(): Promise<Record<string, number>>;
  /** MD5 over the content tables (metering columns left out). */
  digest(): Promise<string>;
  /** Existing values of `table.column` (e.g. providers.slug), read again after `written()`. */
  pool(table: string, column: string): Promise<string[]>;
  /** Says that a request may have written content (pools are read again). */
  written(): void;
  /** Whether the database has this table (so that a path segment names a resource). */
  hasTable(table: string): boolean;
  close(): Promise<void>;
}

interface Teardown {
  teardown(fn: () => unknown): void;
}

export async function openWorld(): Promise<World> {
  const teardowns: Array<() => unknown> = [];
  const collector: Teardown = { teardown: (fn) => teardowns.push(fn) };
  const close = async () => {
    for (const fn of teardowns.reverse()) await fn();
  };
  try {
    return await build(collector, close);
  } catch (error) {
    await close();
    throw error;
  }
}

async function build(t: Teardown, close: () => Promise<void>): Promise<World> {
  connectToLoopbackOnly();
  const terms = await startTermsServer();
  t.teardown(() => new Promise((resolve) => terms.server.close(resolve)));
  const database = await freshDatabase(t);
  const config = loadConfig({
    ...database.env,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    ADMIN_TOKEN,
    FETCH_ALLOW_PRIVATE: 'true',
    RATE_LIMIT_REQUESTS_PER_HOUR: '1000000000',
    RATE_LIMIT_OPINIONS_PER_HOUR: '1000000000',
    RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY: '1000000000',
    // No background work that would write content between cases, fetch from the web or start a
    // browser: the tracker's schedule, catalogue and Chromium (names of the tracker's settings;
    // unknown names are ignored by a configuration without them).
    TRACK_INTERVAL: '0',
    CATALOGUE_FILE: 'none',
    CHROMIUM_PATH: 'none',
  });
  const app = await buildApp(config, { database: database.handle });
  t.teardown(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  const db = database.handle.db as Kysely<any>;

  // Demo providers point at .example sites: aim them at the loopback terms server instead.
  await sql`update providers set tos_url = ${terms.url} || '/terms/' || slug`.execute(db);
  const tables = await contentTables(db);
  await installJournal(db, tables);

  const document = (await send(port, { method: 'GET', path: '/openapi.json', query: [], headers: {} })).json as any;
  const register = async (): Promise<string> => {
    const body = JSON.stringify({ name: 'Fuzz agent', accept_terms: true });
    const res = await send(port, { method: 'POST', path: '/api/agents/register', query: [], headers: { 'content-type': 'application/json' }, body });
    if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${res.text}`);
    return (res.json as { api_key: string }).api_key;
  };
  const key = await register();
  const revokedKey = await register();
  await send(port, { method: 'POST', path: '/api/agents/me/revoke', query: [], headers: { authorization: `Bearer ${revokedKey}` } });

  const pools = new Map<string, string[]>();
  return {
    port,
    app,
    db,
    document,
    key,
    revokedKey,
    freshKey: register,
    termsUrl: terms.url,
    changes: async () => {
      const rows = (await sql<{ table_name: string; n: string }>`select table_name, n::text from fuzz_changes`.execute(db)).rows;
      return Object.fromEntries(rows.map((r) => [r.table_name, Number(r.n)]));
    },
    digest: () => contentDigest(db, tables),
    pool: async (table, column) => {
      const key = `${table}.${column}`;
      let values = pools.get(key);
      if (!values) {
        values = (await sql<{ v: string }>`select ${sql.ref(column)}::text as v from ${sql.table(table)} order by 1`.execute(db)).rows.map((r) => r.v);
        pools.set(key, values);
      }
      return values;
    },
    written: () => pools.clear(),
    hasTable: (table) => tables.includes(table),
    close,
  };
}

async function contentTables(db: Kysely<any>): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.rows.map((r) => r.table_name).filter((name) => !NOT_CONTENT.has(name));
}

/** Row triggers that count every change to content (metering columns excepted) in fuzz_changes. */
async function installJournal(db: Kysely<any>, tables: string[]): Promise<void> {
  await sql`create table fuzz_changes (table_name text primary key, n bigint not null)`.execute(db);
  await sql`
    create function fuzz_note_change() returns trigger language plpgsql as $$
    begin
      insert into fuzz_changes as f values (tg_table_name, 1) on conflict (table_name) do update set n = f.n + 1;
      return null;
    end $$`.execute(db);
  for (const table of tables) {
    const ignored = METERING_COLUMNS[table] ?? [];
    const minus = ignored.map((c) => ` - '${c}'`).join('');
    await sql.raw(`create trigger fuzz_journal_write after insert or delete on ${table} for each row execute function fuzz_note_change()`).execute(db);
    await sql
      .raw(
        `create trigger fuzz_journal_update after update on ${table} for each row
      when ((to_jsonb(old)${minus}) is distinct from (to_jsonb(new)${minus})) execute function fuzz_note_change()`,
      )
      .execute(db);
  }
}

async function contentDigest(db: Kysely<any>, tables: string[]): Promise<string> {
  const hash = createHash('md5');
  for (const table of tables) {
    const minus = (METERING_COLUMNS[table] ?? []).map((c) => ` - '${c}'`).join('');
    const row = await sql
      .raw<{ d: string | null; n: string }>(
        `select md5(string_agg(r, E'\\n' order by r)) as d, count(*)::text as n from (select (to_jsonb(t)${minus})::text as r from ${table} t) s`,
      )
      .execute(db);
    hash.update(`${table}:${row.rows[0]!.n}:${row.rows[0]!.d ?? ''}\n`);
  }
  return hash.digest('hex');
}

const TERMS_TEXT = [
  '# Terms of Service',
  'By using the service you agree to these terms. We may change these terms at any time without notice.',
  'Any dispute will be resolved by binding arbitration, and you waive any right to a class action.',
  'We may suspend or terminate your account at any time for any reason.',
].join('\n\n');

/** Terms documents on loopback: /terms/<anything> answers a short English text, /missing/... 404. */
async function startTermsServer(): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/terms/')) {
      res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' });
      res.end(`${TERMS_TEXT}\n\nDocument ${req.url}\n`);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not here');
    }
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}` };
}
