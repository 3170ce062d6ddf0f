// The re-analysis pass (reanalyse.ts) as background work of a server: once, when it starts
// listening, so that /ready never waits for it; stopped between providers when the server closes.
// Every process runs it; the pass itself makes that safe.
import type { Kysely } from 'kysely';
import type { Analyzer } from '../analysis-pool/index.js';
import type { Database } from '../db/schema.js';
import { reanalyseStale } from './reanalyse.js';

/** The server's logger, as much of it as this needs. */
interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackgroundWork {
  start(): void;
  stop(): Promise<void>;
}

export function reanalysisAtStart(services: { db: Kysely<Database>; analyzer: Analyzer; log: Log }): BackgroundWork {
  const controller = new AbortController();
  let running: Promise<void> | null = null;
  return {
    start() {
      if (running || controller.signal.aborted) return;
      running = reanalyseStale(services.db, services.analyzer, controller.signal)
        .then((report) => {
          const done = report.filter((p) => p.outcome === 'reanalysed');
          if (done.length > 0)
            services.log.info(
              { providers: done.length, added: sum(done, 'added'), removed: sum(done, 'removed'), refreshed: sum(done, 'refreshed') },
              'stored analyses brought to the current analyzer',
            );
        })
        .catch((error) => services.log.error({ err: error }, 're-analysis pass failed'));
    },
    async stop() {
      controller.abort();
      await running;
    },
  };
}

function sum<K extends string>(rows: readonly Record<K, number>[], key: K): number {
  return rows.reduce((total, row) => total + row[key], 0);
}
