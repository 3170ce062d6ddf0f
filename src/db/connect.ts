// Opens the database the configuration names: PostgreSQL through postgres.js when DATABASE_URL
// is set, otherwise PGlite in DATA_DIR. Both run the same migrations and the same Kysely queries.
import { Kysely, type KyselyConfig } from 'kysely';
import postgres from 'postgres';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from './schema.js';
import { pgliteDialect } from './pglite-dialect.js';
import { postgresJsDialect } from './postgres-dialect.js';
import { lockDataDir, preparePgdata } from './data-dir.js';
import { migrateToLatest } from './migrate.js';
import { unpackShippedCluster } from './shipped-cluster.js';
import { forgetPool, trackPool } from './pool-stats.js';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  /**
   * For the one statement every keyed request runs (authenticate, count, spend a budget unit).
   * On PostgreSQL its connections commit without waiting for the WAL flush
   * (synchronous_commit=off): atomicity, row locks and so exact budgets are unchanged, nothing
   * is lost on a clean shutdown or when this server dies, and only a crash of PostgreSQL itself
   * can forget the last fraction of a second of counts. Every other write stays synchronous.
   * The embedded database has one connection: there it is `db`.
   */
  readonly meteringDb: Kysely<Database>;
  readonly kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** postgres.js pool size. */
  poolSize?: number;
  /** Kysely's query log (benchmarks record each statement to explain the slow ones). */
  log?: KyselyConfig['log'];
  /** A new embedded database starts from the shipped cluster (src/db/shipped-cluster.ts); false runs initdb (to remake it). */
  shippedCluster?: boolean;
}

// int8 (counts) and numeric come back as numbers: our values stay far below 2^53.
const INT8 = 20;
const NUMERIC = 1700;
const JSON_OID = 114;
const JSONB_OID = 3802;
// A string sent to a json column is JSON text already, as PGlite takes it (postgres.js would
// encode it a second time).
const serializeJson = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = await connectDatabase(options);
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * The handle without running the migrations. On PostgreSQL nothing is connected yet (postgres.js
 * connects on the first query), so this succeeds while the database is down; the server then
 * waits for it (src/app.ts).
 */
export async function connectDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.log)
    : await openPglite(options.dataDir, options.log, options.shippedCluster ?? true);
}

function openPostgres(url: string, max: number, log: KyselyConfig['log']): DatabaseHandle {
  const meteringMax = Math.max(2, Math.ceil(max / 2));
  const [mainStats, meteringStats] = [trackPool('main', max), trackPool('metering', meteringMax)];
  const db = new Kysely<Database>({ dialect: postgresJsDialect(postgresPool(url, max, {}), mainStats), log });
  const meteringDb = new Kysely<Database>({
    dialect: postgresJsDialect(postgresPool(url, meteringMax, { synchronous_commit: 'off' }), meteringStats),
  });
  return {
    db,
    meteringDb,
    kind: 'postgres',
    close: async () => {
      forgetPool(mainStats);
      forgetPool(meteringStats);
      await Promise.all([db.destroy(), meteringDb.destroy()]);
    },
  };
}

function postgresPool(url: string, max: number, connection: Record<string, string>) {
  return postgres(url, {
    max,
    connection,
    // After a restart, reconnect within a second: postgres.js's own backoff grows with every
    // failed attempt of any connection of the pool, to 20 s, and requests wait that long.
    backoff: () => 0.25 + Math.random() * 0.5,
    // A database that takes the TCP connection but does not answer fails the request in 10 s, not 30.
    connect_timeout: 10,
    onnotice: () => {},
    types: {
      int8: { to: INT8, from: [INT8], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
      numeric: { to: NUMERIC, from: [NUMERIC], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
      json: { to: JSONB_OID, from: [JSON_OID, JSONB_OID], serialize: serializeJson, parse: (v: string) => JSON.parse(v) },
    } as any,
  });
}

// PostgreSQL's default 128 MB of shared buffers live inside the server process when the database is
// embedded (PGlite's WebAssembly memory): most of its resident memory at rest. 32 MB holds the
// embedded database's working set (one process, a catalogue of hundreds of providers) and took
// about 100 MB off the process's resident memory (docs/resilience.md, "Memory").
export const EMBEDDED_SHARED_BUFFERS = '32MB';

async function openPglite(dataDir: string, log: KyselyConfig['log'], shippedCluster: boolean): Promise<DatabaseHandle> {
  const unlock = lockDataDir(dataDir);
  try {
    const pgdata = await preparePgdata(dataDir, async (scratch) => {
      // A copy of the shipped cluster when it fits this PGlite and these migrations; initdb otherwise.
      if (shippedCluster && unpackShippedCluster(scratch)) return;
      const fresh = await PGlite.create({ dataDir: scratch });
      await fresh.close();
    });
    // pg_trgm: trigram indexes for provider searches (db/migrations/2026-11-26T00-00-00_trigram-search.ts).
    const pg = await PGlite.create({
      dataDir: pgdata,
      parsers: { [NUMERIC]: Number },
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    });
    const stats = trackPool('embedded', 1);
    const db = new Kysely<Database>({ dialect: pgliteDialect(pg, stats), log });
    let closed = false;
    return {
      db,
      meteringDb: db,
      kind: 'pglite',
      async close() {
        if (closed) return;
        closed = true;
        forgetPool(stats);
        await db.destroy();
        await pg.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
