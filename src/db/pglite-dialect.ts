// A Kysely dialect over PGlite. PGlite is a single connection, so the driver hands it to one
// holder at a time (a queue): a transaction's statements can never interleave with another's.
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { beginStatement, postgresDialect, savepointMethods, toQueryResult, unsupportedStream } from './dialect-base.js';
import type { PoolStats } from './pool-stats.js';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(query.sql, query.parameters as unknown[]);
    const command = query.sql.trimStart().split(/\s/, 1)[0];
    return toQueryResult(result.rows, command, result.affectedRows);
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    return unsupportedStream();
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private releaseHolder: (() => void) | null = null;

  constructor(
    pg: PGlite,
    private readonly stats: PoolStats,
  ) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    this.stats.inFlight++; // waiting for the one connection, then holding it
    await previous;
    this.releaseHolder = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(beginStatement(settings));
    this.stats.transactions++;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.stats.transactions--;
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.stats.transactions--;
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  savepoint = savepointMethods.savepoint;
  rollbackToSavepoint = savepointMethods.rollbackToSavepoint;
  releaseSavepoint = savepointMethods.releaseSavepoint;

  async releaseConnection(): Promise<void> {
    const release = this.releaseHolder;
    this.releaseHolder = null;
    if (release) this.stats.inFlight--;
    release?.();
  }

  async destroy(): Promise<void> {
    // The PGlite instance is closed by its owner (src/db/connect.ts), after the lock is released.
  }
}

export function pgliteDialect(pg: PGlite, stats: PoolStats) {
  return postgresDialect(() => new PGliteDriver(pg, stats));
}
