// Entry point of `npm start`: config -> buildApp -> listen; SIGTERM/SIGINT drain in-flight
// requests, then close the database.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirError } from './db/data-dir.js';
import { advertiseServer, localUrl } from './db/server-file.js';
import { makeLocalAdminToken, removeAdminTokenFile, writeAdminTokenFile } from './db/admin-token-file.js';

async function main(): Promise<void> {
  const configured = loadConfig();
  // On the embedded database without ADMIN_TOKEN: a token of our own for the CLI beside us.
  const localToken = configured.databaseUrl === null && configured.adminToken === null ? makeLocalAdminToken() : null;
  const config = localToken ? { ...configured, adminToken: localToken } : configured;
  const app = await buildApp(config);
  let unadvertise = () => {};
  let forgetToken = () => {};
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    unadvertise();
    forgetToken();
  });
  await app.listen({ port: config.port, host: config.host });
  // On the embedded database, the CLI reaches this server's admin API instead of the directory.
  if (!config.databaseUrl) unadvertise = advertiseServer(config.dataDir, localUrl(config.host, (app.server.address() as { port: number }).port));
  if (localToken) forgetToken = writeAdminTokenFile(config.dataDir, localToken);
  else if (!config.databaseUrl) removeAdminTokenFile(config.dataDir);
  app.log.info(`ToS Ratings serving ${config.baseUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : `embedded, ${config.dataDir}`})`);
}

main().catch((error) => {
  // Configuration and data-directory problems are the operator's to fix: say so plainly.
  if (error instanceof ConfigError || error instanceof DataDirError) console.error(`tos-ratings: ${error.message}`);
  else console.error('tos-ratings: failed to start:', error);
  process.exit(1);
});
