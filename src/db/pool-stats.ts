// Plain counters of database pool use, kept by the dialects on every query (an increment and a
// decrement: nothing else on the hot path) and read by GET /metrics when it is scraped.
export class PoolStats {
  /** Queries sent and not yet answered. */
  inFlight = 0;
  /** Transactions holding a connection. */
  transactions = 0;

  constructor(
    readonly name: string,
    readonly size: number,
  ) {}
}

const open = new Set<PoolStats>();

/** Counters for a pool that is being opened; `forget` them when it closes. */
export function trackPool(name: string, size: number): PoolStats {
  const stats = new PoolStats(name, size);
  open.add(stats);
  return stats;
}

export function forgetPool(stats: PoolStats): void {
  open.delete(stats);
}

/** Pools of this process that are open now (a test process may have several databases). */
export function poolStats(): Iterable<PoolStats> {
  return open;
}
