// Runs db/migrations up to the latest. Kysely's migrator takes a database lock, so several
// processes starting at once on one PostgreSQL migrate once.
import fsSync, { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator, sql, type Kysely } from 'kysely';

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
  // A database that cannot be read (no such role, unreachable) is left to the migrator, whose error says why.
  if (await everyMigrationApplied(db).catch(() => false)) return { created: false };
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

/** The migrations of MIGRATIONS_DIR (file names without extension, in Kysely's order). */
export function migrationNames(): string[] {
  return fsSync
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /\.(?:ts|js)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => f.replace(/\.(?:ts|js)$/, ''))
    .sort((a, b) => a.localeCompare(b));
}

// The migrator imports every migration and introspects the whole catalogue before it finds
// nothing to do: 1-6 s on the embedded database on busy cores. Its own table says as much in one
// query. (With nothing to run there is nothing to lock either: another process that migrates
// meanwhile only adds what this one's files do not name, which the migrator would refuse too.)
async function everyMigrationApplied(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return false;
  const applied = new Set((await db.selectFrom('kysely_migration').select('name').execute()).map((r: { name: string }) => r.name));
  const files = migrationNames();
  return applied.size === files.length && files.every((name) => applied.has(name));
}
