// The server's own tracking: a pass over what is due as soon as the server listens, then again
// every few minutes (what is due is what has not been fetched for TRACK_INTERVAL, or failed
// long enough ago). Several server processes may all run it: leases in the database split the
// work. On close, fetches in flight are cancelled and their leases given back.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { releaseLeases } from '../repositories/tracking.js';
import type { Analyzer } from '../analysis-pool/jobs.js';
import { leaseOwner, runPass } from './pass.js';

/** How often the schedule looks for due work (at most; never more often than the interval). */
const TICK_SECONDS = 300;

export function registerTracking(app: FastifyInstance, services: { db: Kysely<Database>; config: Config; analyzer: Analyzer }): void {
  const { config, db, analyzer } = services;
  if (config.trackIntervalSeconds === 0) return;
  const owner = leaseOwner();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const tick = () => {
    timer = null;
    running = runPass({ db, config, analyzer, owner, signal: controller.signal, log: app.log }, { kind: 'scheduled' })
      .then((report) => {
        const failed = report.providers.filter((p) => p.outcome === 'failed').length;
        if (report.providers.length > 0) app.log.info({ fetched: report.providers.length, failed }, 'tracking pass done');
      })
      .catch((error) => app.log.error({ err: error }, 'tracking pass failed'))
      .finally(() => {
        running = null;
        if (!controller.signal.aborted) timer = setTimeout(tick, Math.min(TICK_SECONDS, config.trackIntervalSeconds) * 1000).unref();
      });
  };

  app.addHook('onListen', async () => {
    if (!timer && !running) timer = setTimeout(tick, 0).unref();
  });
  app.addHook('preClose', async () => {
    controller.abort();
    if (timer) clearTimeout(timer);
    await running;
    await releaseLeases(db, owner).catch(() => {});
  });
}
