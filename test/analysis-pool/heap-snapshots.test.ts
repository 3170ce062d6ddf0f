// Memory of an analysis thread (issue 35): heap snapshots of the live threads are written on
// request (what SIGUSR2 does with HEAP_SNAPSHOT_DIR), and what a thread keeps does not grow with
// the jobs it runs: the analyzer (its model) is loaded once per thread, and nothing of a text, nor
// a copy of the model, is kept per job. Live heaps are measured in the snapshots themselves (each
// snapshot collects garbage first), so the bound holds on any machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { AnalysisPool } from '../../src/analysis-pool/pool.js';
import { summariseHeapSnapshot } from '../../scripts/bench/heap-summary.js';

/** Different texts of about 60,000 characters each (nothing can be shared between jobs by accident). */
const text = (n: number) =>
  Array.from({ length: 600 }, (_, i) => `${n}.${i} We may change these terms at any time and your continued use means you accept them.`).join('\n\n');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heap-snapshots-'));
t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
const pool = new AnalysisPool({ workers: 1, maxQueued: 4, timeoutMs: 120_000, maxHeapMb: 512 });
t.teardown(() => pool.close());

t.test('no snapshot of a thread that has not started', async (t) => {
  t.same(await pool.writeHeapSnapshots(dir, 'none'), []);
});

t.test("a thread's live heap does not grow with the jobs it has run", async (t) => {
  await pool.analyzeText(text(0));
  const [first] = await pool.writeHeapSnapshots(dir, 'after-1');
  t.ok(first && fs.existsSync(first), 'one snapshot per live thread');
  const afterOne = summariseHeapSnapshot(first!).totalBytes;
  for (let n = 1; n <= 8; n++) await pool.analyzeText(text(n));
  const [second] = await pool.writeHeapSnapshots(dir, 'after-9');
  const afterNine = summariseHeapSnapshot(second!).totalBytes;
  const grownMb = (afterNine - afterOne) / 1024 / 1024;
  // A copy of the model is some 19 MB of arrays; a kept text 60 KB to 120 KB.
  t.ok(grownMb < 4, `live heap after 1 job ${(afterOne / 1024 / 1024).toFixed(1)} MB, after 9 ${(afterNine / 1024 / 1024).toFixed(1)} MB`);
});
