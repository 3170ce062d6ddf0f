// A Kysely dialect over postgres.js. Plain queries go to the pool with prepared statements on
// (kysely-postgres-js turns them off); a transaction reserves one connection until it ends.
// A pooled connection that died with a database restart fails its next statement: that
// statement runs once more on a fresh connection when it is safe (a read; a write the server
// refused before running it; a transaction's BEGIN), so that a restart costs no failed request.
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import type { ReservedSql, Sql } from 'postgres';
import { beginStatement, postgresDialect, savepointMethods, toQueryResult, unsupportedStream } from './dialect-base.js';
import type { PoolStats } from './pool-stats.js';
import { failedBeforeRunning, isDatabaseUnreachable } from './unreachable.js';

/** Whether a statement only reads, so that running it again changes nothing. */
function isRead(query: CompiledQuery): boolean {
  return query.query.kind === 'SelectQueryNode' || /^\s*select\b/i.test(query.sql);
}

/** Whether a statement that failed with `error` outside a transaction may run once more. */
export function mayRetry(query: CompiledQuery, error: unknown): boolean {
  return isDatabaseUnreachable(error) && (isRead(query) || failedBeforeRunning(error));
}

class PostgresJsConnection implements DatabaseConnection {
  reserved: ReservedSql | null = null;

  constructor(
    private readonly pool: Sql,
    private readonly stats: PoolStats,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.reserved ?? this.pool;
    // A query outside a transaction uses a pool connection for its own time (a transaction counts once, in the driver).
    if (!this.reserved) this.stats.inFlight++;
    try {
      const run = () => target.unsafe(query.sql, query.parameters as any[], { prepare: true });
      // Inside a transaction the statement is not retried alone: its connection and transaction are gone.
      const result = await run().catch((error: unknown) => {
        if (target !== this.pool || !mayRetry(query, error)) throw error;
        return run();
      });
      return toQueryResult(Array.from(result) as R[], result.command, result.count);
    } finally {
      if (target === this.pool) this.stats.inFlight--;
    }
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    return unsupportedStream();
  }
}

class PostgresJsDriver implements Driver {
  constructor(
    private readonly pool: Sql,
    private readonly stats: PoolStats,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PostgresJsConnection(this.pool, this.stats);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const conn = connection as PostgresJsConnection;
    this.stats.inFlight++;
    this.stats.transactions++;
    try {
      await this.reserveAndBegin(conn, settings).catch(async (error: unknown) => {
        // Nothing ran yet: a connection that died with a restart is dropped and BEGIN tried once more.
        if (!isDatabaseUnreachable(error)) throw error;
        return this.reserveAndBegin(conn, settings);
      });
    } catch (error) {
      this.stats.inFlight--;
      this.stats.transactions--;
      throw error;
    }
  }

  private async reserveAndBegin(conn: PostgresJsConnection, settings: TransactionSettings): Promise<void> {
    conn.reserved = await this.pool.reserve();
    try {
      await conn.executeQuery(beginStatement(settings));
    } catch (error) {
      conn.reserved.release();
      conn.reserved = null;
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.unreserve(connection as PostgresJsConnection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
    this.unreserve(connection as PostgresJsConnection);
  }

  savepoint = savepointMethods.savepoint;
  rollbackToSavepoint = savepointMethods.rollbackToSavepoint;
  releaseSavepoint = savepointMethods.releaseSavepoint;

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.unreserve(connection as PostgresJsConnection);
  }

  private unreserve(conn: PostgresJsConnection): void {
    if (!conn.reserved) return;
    conn.reserved.release();
    conn.reserved = null;
    this.stats.inFlight--;
    this.stats.transactions--;
  }

  async destroy(): Promise<void> {
    await this.pool.end({ timeout: 5 });
  }
}

export function postgresJsDialect(pool: Sql, stats: PoolStats) {
  return postgresDialect(() => new PostgresJsDriver(pool, stats));
}
