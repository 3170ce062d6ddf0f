// The server's own tracking: a pass over what is due as soon as the server listens, then again
// every few minutes (what is due is what has not been fetched for TRACK_INTERVAL, or failed
// long enough ago). Several server processes may all run it: leases in the database split the
// work. On stop, fetches in flight are cancelled and their leases given back.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Logger } from '../core/services.js';
import type { Database } from '../db/schema.js';
import type { Analyzer } from '../analysis-pool/index.js';
import { releaseLeases } from '../repositories/tracking.js';
import { leaseOwner, runPass } from './pass.js';

/** How often the schedule looks for due work (at most; never more often than the interval). */
const TICK_SECONDS = 300;

export interface TrackingSchedule {
  /** Runs a first pass at once, then keeps going; a second call does nothing. */
  start(): void;
  /** Cancels what is in flight, waits for it, and gives its leases back. */
  stop(): Promise<void>;
}

/** Null when tracking is off (TRACK_INTERVAL=0). */
export function trackingSchedule(services: { db: Kysely<Database>; config: Config; analyzer: Analyzer; log: Logger }): TrackingSchedule | null {
  const { config, db, analyzer, log } = services;
  if (config.trackIntervalSeconds === 0) return null;
  const owner = leaseOwner();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const tick = () => {
    timer = null;
    running = runPass({ db, config, analyzer, owner, signal: controller.signal, log }, { kind: 'scheduled' })
      .then((report) => {
        const failed = report.providers.filter((p) => p.outcome === 'failed').length;
        if (report.providers.length > 0) log.info({ fetched: report.providers.length, failed }, 'tracking pass done');
      })
      .catch((error) => log.error({ err: error }, 'tracking pass failed'))
      .finally(() => {
        running = null;
        if (!controller.signal.aborted) timer = setTimeout(tick, Math.min(TICK_SECONDS, config.trackIntervalSeconds) * 1000).unref();
      });
  };

  return {
    start() {
      if (!timer && !running && !controller.signal.aborted) timer = setTimeout(tick, 0).unref();
    },
    async stop() {
      controller.abort();
      if (timer) clearTimeout(timer);
      await running;
      await releaseLeases(db, owner).catch(() => {});
    },
  };
}
