// A fresh database per test file (tap runs files in parallel): a new PostgreSQL database when
// DATABASE_URL is set, otherwise PGlite in a new temporary directory. Dropped at teardown.
// PGlite's first initialisation and migrations take 3-12 s of CPU (more on a busy machine) where
// copying a directory takes a fraction of a second, so an embedded database starts as a copy of
// one made once by the same code (a template, as PostgreSQL's CREATE DATABASE copies template1),
// unless a test is about the first initialisation itself (`empty`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface TestDatabase {
  readonly handle: DatabaseHandle;
  /** Environment that points a server process at this same database. */
  readonly env: Record<string, string>;
}

interface Teardown {
  teardown(fn: () => unknown): void;
}

export async function freshDatabase(t: Teardown): Promise<TestDatabase> {
  const env = await freshDatabaseEnv(t);
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL ?? null, dataDir: env.DATA_DIR });
  t.teardown(() => handle.close());
  return { handle, env };
}

/**
 * Creates a database (or data directory) with nothing in it and returns the environment naming
 * it: migrated, unless `empty` (an embedded directory never opened, for tests of the first start).
 */
export async function freshDatabaseEnv(t: Teardown, options: { empty?: boolean } = {}): Promise<Record<string, string>> {
  const baseUrl = process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-test-'));
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (!baseUrl) {
    if (!options.empty) fs.cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    return { DATA_DIR: dataDir };
  }
  const name = `tos_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // Registered before the handle's close, so it runs after it (tap tears down in reverse order).
  t.teardown(async () => {
    const cleanup = postgres(baseUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  return { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
}

/**
 * A migrated, empty embedded database made by openDatabase itself, shared by the test files: one
 * per set of migrations and PGlite version (its name is their digest), made once, renamed into
 * place whole so that a parallel test file never copies half of one.
 */
async function pgliteTemplate(): Promise<string> {
  const digest = createHash('sha256');
  digest.update(JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  const migrations = path.join(ROOT, 'db/migrations');
  for (const file of fs.readdirSync(migrations).sort()) digest.update(file).update(fs.readFileSync(path.join(migrations, file)));
  const template = path.join(os.tmpdir(), `tos-ratings-pglite-template-${digest.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(template)) return template;
  const scratch = fs.mkdtempSync(`${template}.making-`);
  try {
    const handle = await openDatabase({ databaseUrl: null, dataDir: scratch });
    await handle.close();
    fs.renameSync(scratch, template);
  } catch (error) {
    if (!fs.existsSync(template)) throw error; // another test file made it meanwhile: use theirs
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return template;
}
