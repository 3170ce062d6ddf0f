// The promotion of waiting votes (promote.ts) as background work of a server: at start, then
// every hour; stopped when the server closes. Every process may run it; the pass makes that safe.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { promoteWaitingVotes } from './promote.js';

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const PROMOTION_INTERVAL_MS = 60 * 60 * 1000;

export function votePromotion(services: { db: Kysely<Database>; log: Log }, intervalMs = PROMOTION_INTERVAL_MS) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = promoteWaitingVotes(services.db, controller.signal)
      .then((n) => void (n > 0 && services.log.info({ votes: n }, 'waiting votes now count')))
      .catch((error) => services.log.error({ err: error }, 'promoting waiting votes failed'));
  };
  return {
    start() {
      if (timer || controller.signal.aborted) return;
      pass();
      timer = setInterval(pass, intervalMs);
      timer.unref();
    },
    async stop() {
      controller.abort();
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
