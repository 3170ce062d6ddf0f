// The composition root: configuration -> database -> core (services and invoke) -> doors. The
// HTTP door serves the operations, the pages, MCP and metrics; the tracking schedule and the
// re-analysis of stored versions run beside it while it listens. buildApp(config) is what `npm start` and the tests run.
// A database that cannot be reached at start-up is waited for (src/db/wait-for-database.ts):
// the server listens meanwhile, /health up, /ready and the operations 503.
import type { Config } from './config.js';
import { connectDatabase, type DatabaseHandle } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { DatabaseReadiness } from './db/wait-for-database.js';
import { AnalysisPool } from './analysis-pool/index.js';
import { heapSnapshotsOnSignal } from './analysis-pool/heap-snapshots.js';
import { RequestMeter } from './core/access/request-meter.js';
import { createInvoker } from './core/invoke.js';
import type { Services } from './core/services.js';
import { createHttpApp, openHttpDoor, type HttpApp } from './http/index.js';
import { reanalysisAtStart, refreshAllProviderRatings, refreshStaleFacts, seedDemoData } from './ingest/index.js';
import { handlers } from './operations/index.js';
import { hasProviders } from './repositories/providers.js';
import { trackingSchedule } from './tracker/index.js';
import { syncCatalogueAtStart } from './tracker/catalogue-at-start.js';
import { Snapshot, snapshotTakeIn } from './snapshot/index.js';
import { votePromotion } from './votes/index.js';

export interface AppOptions {
  /** An already open and migrated database (tests, benchmarks); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Where the log lines go (tests read them); standard output otherwise. */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<HttpApp> {
  const database = options.database ?? (await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const app = createHttpApp(config, { logStream: options.logStream });
  // Analysis runs in worker threads, started by the first job (so tests that analyse nothing start none).
  const analyzer = new AnalysisPool({ ...config.analysis, log: app.log });
  const stopSnapshots = config.heapSnapshotDir ? heapSnapshotsOnSignal(analyzer, config.heapSnapshotDir, app.log) : () => {};
  const readiness = new DatabaseReadiness(async () => {
    const { created } = options.database ? { created: false } : await migrateToLatest(database.db);
    if (config.seedDemo === true || (config.seedDemo === 'new-database' && created)) await seedDemoData(database.db);
    // The catalogue's providers exist from the first answer (each with a page, "not read yet" until its terms are in).
    await syncCatalogueAtStart(database.db, config, app.log);
    if (!(await hasProviders(database.db))) {
      app.log.warn(
        "the database has no providers yet: `npm run seed` adds the demo providers (or start with SEED_DEMO=true); the tracker adds the catalogue's as it fetches them",
      );
    }
    // Stored overall ratings follow the current formula.
    await refreshAllProviderRatings(database.db);
  }, app.log);
  // Contract facts of versions stored before the current fact readers, read again in the background.
  const refreshing = new AbortController();
  let factsRefresh: Promise<unknown> = Promise.resolve();
  app.addHook('onClose', async () => {
    readiness.stop();
    stopSnapshots();
    refreshing.abort();
    await factsRefresh;
    await analyzer.close();
    await database.close();
  });
  try {
    await readiness.start();
    const services: Services = { db: database.db, meter: new RequestMeter(database.meteringDb), config, analyzer };
    const tracking = trackingSchedule({ db: database.db, config, analyzer, log: app.log });
    // Stored analyses made by an older analyzer are brought up to date once the server listens.
    const reanalysis = reanalysisAtStart({ db: database.db, analyzer, log: app.log });
    // The shipped snapshot of real terms, analysed after everything else (SNAPSHOT).
    const snapshot = openSnapshot(config, app.log);
    const takeIn = snapshot && snapshotTakeIn({ db: database.db, analyzer, snapshot, log: app.log, concurrency: config.analysis.workers + 1 });
    // Waiting votes of agents that gained standing start to count (every hour).
    const promotion = votePromotion({ db: database.db, log: app.log });
    let stopping = false;
    // Background work starts once the database is ready (at once, unless the server is waiting for it).
    const background = {
      start: () => void readiness.whenReady.then(() => stopping || [reanalysis, tracking, takeIn, promotion].forEach((work) => work?.start())),
      stop: async () => {
        stopping = true;
        await Promise.all([reanalysis.stop(), tracking?.stop(), takeIn?.stop(), promotion.stop()]);
      },
    };
    // Only with a database at hand: a server that waits for its database leaves it to the next start.
    if (readiness.ready) {
      factsRefresh = refreshStaleFacts(database.db, refreshing.signal)
        .then((n) => n > 0 && app.log.info({ versions: n }, 'contract facts read again'))
        .catch((error) => app.log.error({ err: error }, 'reading contract facts again failed'));
    }
    await openHttpDoor(app, { core: createInvoker(services, handlers), services, analyzer, background, readiness });
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** The configured snapshot, or null (SNAPSHOT=off, or a snapshot that cannot be read: said in the log, and the server goes on). */
function openSnapshot(config: Config, log: { error(obj: object, msg: string): void }): Snapshot | null {
  if (!config.snapshotFile) return null;
  try {
    return Snapshot.open(config.snapshotFile);
  } catch (error) {
    log.error({ err: error }, 'the snapshot of real terms cannot be read; starting without it');
    return null;
  }
}
