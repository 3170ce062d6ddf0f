// Runs db/migrations up to the latest. Kysely's migrator takes a database lock, so several
// processes starting at once on one PostgreSQL migrate once.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator, type Kysely } from 'kysely';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../db/migrations', import.meta.url));

/** A database that answers but cannot be brought to the schema (a missing role or database, a failed migration). */
export class DatabaseSetupError extends Error {
  override readonly name = 'DatabaseSetupError';
}

export interface MigrationOutcome {
  /** The first migration ran now: the database was new (it had no schema of ours). */
  readonly created: boolean;
}

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationOutcome> {
  const provider = new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR });
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // The cause is kept: a database that cannot be reached is waited for (src/db/wait-for-database.ts).
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    const message = failed ? `migration ${failed.migrationName} failed: ${reason}` : `the database could not be prepared: ${reason}`;
    throw new DatabaseSetupError(message, { cause: error });
  }
  const first = Object.keys(await provider.getMigrations()).sort()[0];
  return { created: results?.some((r) => r.migrationName === first && r.status === 'Success') ?? false };
}
