// The shipped snapshot taken in as real versions, in the background of a server that already
// answers: each provider's snapshot text is analysed in the analysis pool at its lowest priority
// (after agents' texts and the tracker's pages) and stored as a version of origin `snapshot`.
// Idempotent by the shipped file's hash, so a restart or a second process never doubles a
// version (ingest.ts checks again under the provider's lock); a provider whose text the tracker
// or an operator already brought keeps it. Each process starts at another place in the list,
// so that two processes starting together mostly analyse different documents. The log shows
// progress: done/total, documents a second, time left.
import type { Kysely } from 'kysely';
import type { Analyzer } from '../analysis-pool/index.js';
import type { Logger } from '../core/services.js';
import type { Database } from '../db/schema.js';
import { ingestDocument } from '../ingest/index.js';
import { pendingSnapshotDocuments, snapshotTakenIn } from '../repositories/snapshot.js';
import type { Snapshot, SnapshotDocument } from './manifest.js';

/** How often progress is logged at most. */
const PROGRESS_EVERY_MS = 5_000;

export interface TakeInReport {
  readonly total: number;
  readonly analysed: number;
  readonly skipped: number;
  readonly failed: number;
  readonly seconds: number;
}

export interface SnapshotTakeIn {
  start(): void;
  stop(): Promise<void>;
  /** Settles when the pass is over (or stopped); null before start. */
  readonly done: Promise<TakeInReport> | null;
}

export function snapshotTakeIn(services: { db: Kysely<Database>; analyzer: Analyzer; snapshot: Snapshot; log: Logger; concurrency: number }): SnapshotTakeIn {
  const controller = new AbortController();
  let done: Promise<TakeInReport> | null = null;
  return {
    start() {
      if (done || controller.signal.aborted) return;
      done = takeIn(services, controller.signal).catch((error) => {
        services.log.error({ err: error }, 'taking in the snapshot failed');
        return { total: 0, analysed: 0, skipped: 0, failed: 0, seconds: 0 };
      });
    },
    async stop() {
      controller.abort();
      await done;
    },
    get done() {
      return done;
    },
  };
}

async function takeIn(
  { db, analyzer, snapshot, log, concurrency }: { db: Kysely<Database>; analyzer: Analyzer; snapshot: Snapshot; log: Logger; concurrency: number },
  signal: AbortSignal,
): Promise<TakeInReport> {
  const started = performance.now();
  const pending = await pendingSnapshotDocuments(db, snapshot.current());
  const total = pending.length;
  if (total === 0) return { total: 0, analysed: 0, skipped: 0, failed: 0, seconds: 0 };
  // Another place in the list for each process (see the header).
  const offset = Math.floor(Math.random() * total);
  const queue = [...pending.slice(offset), ...pending.slice(0, offset)];
  log.info({ documents: total, of: snapshot.current().length }, 'taking in the snapshot of real terms (Open Terms Archive) in the background');
  let [analysed, skipped, failed] = [0, 0, 0];
  let lastLog = performance.now();
  const progress = (final: boolean) => {
    const now = performance.now();
    if (!final && now - lastLog < PROGRESS_EVERY_MS) return;
    lastLog = now;
    const finished = analysed + skipped + failed;
    const seconds = (now - started) / 1000;
    const rate = finished / Math.max(seconds, 0.001);
    const left = rate > 0 ? Math.round((total - finished) / rate) : null;
    log.info(
      { done: finished, total, analysed, skipped, failed, per_second: Number(rate.toFixed(2)), seconds: Math.round(seconds), seconds_left: final ? 0 : left },
      final ? 'snapshot taken in' : `snapshot: ${finished}/${total} documents, ${rate.toFixed(1)}/s, about ${left ?? '?'} s left`,
    );
  };
  const one = async (item: { doc: SnapshotDocument; providerId: number }) => {
    // Another process may have taken it in meanwhile: a cheap look before the costly analysis.
    if (await snapshotTakenIn(db, item.providerId, item.doc.sha256)) return void skipped++;
    const { doc } = item;
    const result = await ingestDocument(db, analyzer, item.providerId, snapshot.text(doc), 'markdown', doc.url, {
      origin: 'snapshot',
      recordedAt: doc.recorded_at,
      collection: doc.collection,
      snapshotSha256: doc.sha256,
      language: doc.language,
    });
    if (result.status === 'analysed') analysed++;
    else skipped++;
  };
  const worker = async () => {
    for (let item = queue.shift(); item && !signal.aborted; item = queue.shift()) {
      try {
        await one(item);
      } catch (error) {
        if (signal.aborted) break;
        failed++;
        log.warn({ err: error, provider: item.doc.slug }, 'a snapshot document could not be taken in');
      }
      progress(false);
    }
  };
  // A few at once keep every analysis thread fed without holding many texts in memory.
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  if (!signal.aborted) progress(true);
  return { total, analysed, skipped, failed, seconds: (performance.now() - started) / 1000 };
}
