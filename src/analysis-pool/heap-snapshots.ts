// Heap snapshots on demand, for finding where memory goes (scripts/bench-memory.ts): with
// HEAP_SNAPSHOT_DIR set, SIGUSR2 writes one of the server's main thread and one of each analysis
// thread there, then `snapshots-<stamp>.json` naming them with the main thread's memory figures
// (written last: a reader waits for it). Off unless configured: a snapshot pauses the thread and
// can take as much memory again as the heap it writes.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { AnalysisPool } from './pool.js';

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Installs the SIGUSR2 handler; returns what removes it. */
export function heapSnapshotsOnSignal(pool: AnalysisPool, dir: string, log: Log): () => void {
  let writing = false;
  const write = async () => {
    if (writing) return;
    writing = true;
    try {
      fs.mkdirSync(dir, { recursive: true });
      const stamp = `${Date.now()}`;
      const memoryBefore = process.memoryUsage();
      const main = v8.writeHeapSnapshot(path.join(dir, `main-${stamp}.heapsnapshot`));
      const threads = await pool.writeHeapSnapshots(dir, stamp);
      const summary = { main, threads, memoryBefore, heapStatistics: v8.getHeapStatistics() };
      fs.writeFileSync(path.join(dir, `snapshots-${stamp}.json`), JSON.stringify(summary, null, 2));
      log.warn({ main, threads }, 'heap snapshots written');
    } catch (error) {
      log.error({ err: error }, 'writing heap snapshots failed');
    } finally {
      writing = false;
    }
  };
  const handler = () => void write();
  process.on('SIGUSR2', handler);
  return () => process.off('SIGUSR2', handler);
}
