import os from 'node:os';
import { openDatabase } from './src/db/connect.js';
import { scaleRequests } from './scripts/bench/scale-requests.js';
import { LARGE } from './scripts/bench/scale-data.js';
const events: any[] = [];
const h = await openDatabase({
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/tos_bench_scale',
  dataDir: os.tmpdir(),
  poolSize: 4,
  log: (e) => events.push(e),
});
const reqs = await scaleRequests(h.db, LARGE);
for (const r of reqs) {
  if (process.argv[2] && !r.label.includes(process.argv[2])) continue;
  for (let i = 0; i < 3; i++) {
    events.length = 0;
    const t0 = performance.now();
    await r.inProcess!(h.db).catch((e) => console.log(e.message));
    if (i === 2)
      console.log(
        r.label,
        (performance.now() - t0).toFixed(1),
        events.map((e) => `${e.queryDurationMillis.toFixed(1)}:${e.query.sql.replace(/\s+/g, ' ').slice(0, 70)}`),
      );
  }
}
await h.close();
