// buildTestApp(t): the real application on its own fresh database, closed at teardown.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { freshDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly config: Config;
  readonly database: TestDatabase;
}

interface TapLike {
  teardown(fn: () => unknown): void;
}

/** `env` overrides the configuration; demo data is off unless SEED_DEMO=true is given, tracking unless TRACK_INTERVAL is, the snapshot unless SNAPSHOT is. */
export async function buildTestApp(t: TapLike, env: Record<string, string> = {}): Promise<TestApp> {
  const database = await freshDatabase(t);
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', TRACK_INTERVAL: '0', SNAPSHOT: 'off', ...database.env, ...env });
  const app = await buildApp(config, { database: database.handle });
  t.teardown(() => app.close());
  return { app, config, database };
}
