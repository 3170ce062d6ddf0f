// A Kysely dialect over postgres.js. Plain queries go to the pool with prepared statements on
// (kysely-postgres-js turns them off); a transaction reserves one connection until it ends.
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import type { ReservedSql, Sql } from 'postgres';
import { beginStatement, postgresDialect, savepointMethods, toQueryResult, unsupportedStream } from './dialect-base.js';
import type { PoolStats } from './pool-stats.js';

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
      const result = await target.unsafe(query.sql, query.parameters as any[], { prepare: true });
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
      conn.reserved = await this.pool.reserve();
    } catch (error) {
      this.stats.inFlight--;
      this.stats.transactions--;
      throw error;
    }
    await conn.executeQuery(beginStatement(settings));
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
