import { createHash } from 'node:crypto';
import { openDatabase } from '../src/db/connect.js';
import { meterRequests } from '../src/repositories/metering.js';
const h = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/tos_dev', dataDir: '/tmp' });
const hash = (i: number) => createHash('sha256').update(`svc_ak_${createHash('sha256').update(`bench-agent-${i}`).digest('hex')}`).digest('hex');
const rule = { bucket: 'requests', limit: 1e9, windowSeconds: 3600 };
const N = Number(process.argv[2] ?? 1000), B = Number(process.argv[3] ?? 25);
const batches = Array.from({ length: 40 }, (_, i) => Array.from({ length: B }, (_, j) => hash(1 + ((i * B + j) % 1000))));
for (let round = 0; round < 2; round++) {
  const c0 = process.cpuUsage(); const t0 = process.hrtime.bigint();
  // 4 concurrent streams, like in-flight batches
  await Promise.all([0, 1, 2, 3].map(async (s) => { for (let i = s; i < N; i += 4) await meterRequests(h.meteringDb, batches[i % 40], rule as any); }));
  const c = process.cpuUsage(c0);
  console.log(`batch ${B}: node CPU ${((c.user + c.system) / N).toFixed(0)} µs per statement, wall ${(Number(process.hrtime.bigint() - t0) / 1e3 / N).toFixed(0)} µs`);
}
await h.close();
