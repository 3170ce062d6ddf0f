// Entry point of `npm start`: config -> buildApp -> listen; SIGTERM/SIGINT drain in-flight
// requests, then close the database. A database error is never a reason to stop: the driver's
// connection errors that escape as uncaught exceptions (a restart of PostgreSQL) are logged and
// the server goes on (src/db/unreachable.ts); any other uncaught error still shuts it down.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirError } from './db/data-dir.js';
import { isDatabaseUnreachable } from './db/unreachable.js';
import { DatabaseSetupError } from './db/migrate.js';
import { shownDatabaseUrl } from './db/database-url.js';
import { advertiseServer, localUrl } from './db/server-file.js';
import { makeLocalAdminToken, removeAdminTokenFile, writeAdminTokenFile } from './db/admin-token-file.js';

async function main(): Promise<void> {
  const configured = loadConfig();
  // On the embedded database without ADMIN_TOKEN: a token of our own for the CLI beside us.
  const localToken = configured.databaseUrl === null && configured.adminToken === null ? makeLocalAdminToken() : null;
  const config = localToken ? { ...configured, adminToken: localToken } : configured;
  const app = await buildApp(config);
  let unadvertise = () => {};
  let fatal: unknown = null;
  let forgetToken = () => {};
  // close-with-grace shuts down on SIGUSR2 too; with HEAP_SNAPSHOT_DIR that signal asks for heap snapshots instead.
  const skip: Array<'uncaughtException' | 'unhandledRejection' | 'SIGUSR2'> = ['uncaughtException', 'unhandledRejection'];
  if (config.heapSnapshotDir) skip.push('SIGUSR2');
  const grace = closeWithGrace({ delay: 10_000, skip }, async ({ signal }) => {
    if (fatal) app.log.error({ err: fatal }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    unadvertise();
    forgetToken();
  });
  const onError = (error: unknown) => {
    if (isDatabaseUnreachable(error)) return app.log.warn({ err: error }, 'database connection error (the server goes on)');
    if (fatal) {
      app.log.error({ err: error }, 'second error, exiting');
      process.exit(1);
    }
    fatal = error;
    process.exitCode = 1;
    void grace.close();
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  await app.listen({ port: config.port, host: config.host });
  // On the embedded database, the CLI reaches this server's admin API instead of the directory.
  if (!config.databaseUrl) unadvertise = advertiseServer(config.dataDir, localUrl(config.host, (app.server.address() as { port: number }).port));
  if (localToken) forgetToken = writeAdminTokenFile(config.dataDir, localToken);
  else if (!config.databaseUrl) removeAdminTokenFile(config.dataDir);
  app.log.info(`ToS Ratings serving ${config.baseUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : `embedded, ${config.dataDir}`})`);
}

main().catch((error) => {
  // Configuration, data-directory and database problems are the operator's to fix: one plain line.
  if (error instanceof ConfigError || error instanceof DataDirError) console.error(`tos-ratings: ${error.message}`);
  else if (error instanceof DatabaseSetupError) console.error(`tos-ratings: cannot start on ${databaseNamed()}: ${error.message}`);
  else console.error('tos-ratings: failed to start:', error);
  process.exit(1);
});

function databaseNamed(): string {
  const url = process.env.DATABASE_URL?.trim();
  return url ? `the PostgreSQL database ${shownDatabaseUrl(url)}` : 'the embedded database';
}
