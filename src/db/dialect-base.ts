// Pieces shared by our two Kysely dialects (PGlite in-process and postgres.js over TCP):
// both speak PostgreSQL, so only the driver differs.
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

export function postgresDialect(createDriver: () => Driver): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver,
    createIntrospector: (db: Kysely<any>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

export function beginStatement(settings: TransactionSettings): CompiledQuery {
  let text = 'begin';
  if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
  if (settings.accessMode) text += ` ${settings.accessMode}`;
  return CompiledQuery.raw(text);
}

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

export function toQueryResult<R>(rows: R[], command: string | undefined, count: number | null | undefined): QueryResult<R> {
  if (command && COUNTED_COMMANDS.has(command.toUpperCase()) && count != null) {
    return { rows, numAffectedRows: BigInt(count) };
  }
  return { rows };
}

/** Savepoints are plain SQL on both drivers. */
export const savepointMethods = {
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  },
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  },
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  },
};

function quoteIdent(name: string): string {
  return '"' + name.replaceAll('"', '""') + '"';
}

export function unsupportedStream(): never {
  throw new Error('streaming queries are not supported by this dialect');
}
