// The service's Prometheus metrics (prom-client), in one registry, served by GET /metrics when
// METRICS_TOKEN is set (src/metrics/http-metrics.ts). Any part of the service may record into
// them; recording costs a few hundred nanoseconds and needs no check whether metrics are on.
//
// For the tracker (src/tracker), one call per tracking run of a provider:
//   metrics.trackingRuns.inc({ outcome: 'changed' });        // or 'unchanged', 'failed'
//   metrics.trackingDuration.observe(seconds);
// or `await timeTracking(() => trackOne(...))`, which does both (outcome from the result's
// `outcome` field when it has one, 'failed' when it throws).
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolStats, type PoolStats } from '../db/pool-stats.js';

export const registry = new Registry();

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LONG_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export const metrics = {
  /** Every answered request: `operation` is the operationId, `route:<url>` for other routes, `unmatched` for 404s of no route. */
  httpRequests: new Counter({
    name: 'tos_http_requests_total',
    help: 'HTTP requests answered, by operation (operationId, route:<path> or unmatched), method and status',
    labelNames: ['operation', 'method', 'status'] as const,
    registers: [registry],
  }),
  httpDuration: new Histogram({
    name: 'tos_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by operation',
    labelNames: ['operation'] as const,
    buckets: SECONDS,
    registers: [registry],
  }),
  /** 429s, by the budget that refused: data, opinion or registration. */
  budgetRefusals: new Counter({
    name: 'tos_budget_refusals_total',
    help: 'Requests refused with 429 because a budget was used up, by budget (data, opinion, registration)',
    labelNames: ['budget'] as const,
    registers: [registry],
  }),
  analysisRuns: new Counter({
    name: 'tos_analysis_runs_total',
    help: "Analyses of a terms document (any door: admin API, CLI, tracker) or of an agent's text (analyzeTerms over HTTP, analyze_terms over MCP), by outcome (ok, failed)",
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  analysisDuration: new Histogram({
    name: 'tos_analysis_duration_seconds',
    help: 'Time to analyse one terms document',
    buckets: LONG_SECONDS,
    registers: [registry],
  }),
  /** Agents' texts turned away with 503 because the analysis pool was full. */
  analysisRefusals: new Counter({
    name: 'tos_analysis_refusals_total',
    help: "Agents' texts refused with 503 because the analysis pool held as many as it may (workers + queue)",
    registers: [registry],
  }),
  /** Analysis threads ended and replaced: past the time limit, or exited (crash, out of memory). */
  analysisThreadsReplaced: new Counter({
    name: 'tos_analysis_threads_replaced_total',
    help: 'Analysis worker threads ended and replaced, by reason (timeout, exited: a crash or out of memory)',
    labelNames: ['reason'] as const,
    registers: [registry],
  }),
  trackingRuns: new Counter({
    name: 'tos_tracking_runs_total',
    help: "Tracking runs of a provider's terms, by outcome (changed, unchanged, failed)",
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  trackingDuration: new Histogram({
    name: 'tos_tracking_duration_seconds',
    help: "Time of one tracking run of a provider's terms (fetch, extraction, analysis)",
    buckets: LONG_SECONDS,
    registers: [registry],
  }),
};

// Database pools: read when scraped, from plain counters the dialects keep (src/db/pool-stats.ts),
// so that queries pay nothing to prom-client.
function poolGauge(name: string, help: string, read: (pool: PoolStats) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const pool of poolStats()) this.inc({ pool: pool.name }, read(pool));
    },
  });
}
poolGauge('tos_db_pool_connections_max', 'Connections a database pool may open (main, metering; PGlite has one)', (p) => p.size);
poolGauge(
  'tos_db_pool_queries_in_flight',
  'Queries and transactions using or waiting for a connection of a database pool (above the maximum, they wait)',
  (p) => p.inFlight,
);
poolGauge('tos_db_pool_transactions_open', 'Transactions holding a connection of a database pool', (p) => p.transactions);

// Analysis pools: read when scraped from each open pool's own counts (src/analysis-pool/pool.ts).
export interface AnalysisPoolState {
  threads: number;
  running: number;
  waiting: number;
}
const analysisPools = new Set<() => AnalysisPoolState>();

/** Reports a pool's state on every scrape until the returned function is called (when it closes). */
export function trackAnalysisPool(state: () => AnalysisPoolState): () => void {
  analysisPools.add(state);
  return () => analysisPools.delete(state);
}

function analysisGauge(name: string, help: string, read: (pool: AnalysisPoolState) => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      let total = 0;
      for (const state of analysisPools) total += read(state());
      this.set(total);
    },
  });
}
analysisGauge('tos_analysis_threads', 'Analysis worker threads alive (they start with the first job)', (p) => p.threads);
analysisGauge('tos_analysis_jobs_running', 'Analysis jobs running on a worker thread', (p) => p.running);
analysisGauge('tos_analysis_jobs_waiting', "Analysis jobs waiting for a worker thread (agents' texts and background work)", (p) => p.waiting);

/** Runs one analysis (in a worker thread or not) and records it (duration, and failed when it throws). */
export function timeAnalysis<T>(analyse: () => Promise<T> | T): Promise<T> {
  return timed(metrics.analysisDuration, metrics.analysisRuns, analyse, () => 'ok');
}

/** Runs one tracking run and records it: outcome from the result's `outcome` (else 'ok'), 'failed' when it throws. */
export function timeTracking<T>(track: () => Promise<T>): Promise<T> {
  return timed(metrics.trackingDuration, metrics.trackingRuns, track, (result) => {
    const outcome = (result as { outcome?: unknown } | null)?.outcome;
    return typeof outcome === 'string' ? outcome : 'ok';
  });
}

async function timed<T>(
  duration: { startTimer(): () => unknown },
  runs: { inc(labels: { outcome: string }): void },
  run: () => Promise<T> | T,
  outcomeOf: (result: T) => string,
): Promise<T> {
  const end = duration.startTimer();
  try {
    const result = await run();
    runs.inc({ outcome: outcomeOf(result) });
    return result;
  } catch (error) {
    runs.inc({ outcome: 'failed' });
    throw error;
  } finally {
    end();
  }
}
