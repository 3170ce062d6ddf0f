// A fresh database per test file (tap runs files in parallel): a new PostgreSQL database when
// DATABASE_URL is set, otherwise PGlite in a new temporary directory. Dropped at teardown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';

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

/** Creates an empty database (or data directory) and returns the environment naming it. */
export async function freshDatabaseEnv(t: Teardown): Promise<Record<string, string>> {
  const baseUrl = process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-test-'));
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (!baseUrl) return { DATA_DIR: dataDir };
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
