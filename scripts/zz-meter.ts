import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/connect.js';
import { meterRequests } from '../src/repositories/metering.js';
const h = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/tos_dev', dataDir: '/tmp' });
const hash = (i: number) => createHash('sha256').update(`svc_ak_${createHash('sha256').update(`bench-agent-${i}`).digest('hex')}`).digest('hex');
const rule = { bucket: 'requests', limit: 1e9, windowSeconds: 3600 };
const N = Number(process.argv[2] ?? 1000), B = Number(process.argv[3] ?? 25);
for (const r of [null, rule] as const) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const keys = Array.from({ length: B }, (_, j) => hash(1 + ((i * B + j) % 1000)));
    await meterRequests(h.meteringDb, keys, r as any);
  }
  console.log(r ? 'with budget' : 'no budget', Number(process.hrtime.bigint() - t0) / 1e3 / N, 'µs per statement of', B);
  const t1 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await sql`select version::float8 from content_version`.execute(h.meteringDb);
  console.log('trivial select', Number(process.hrtime.bigint() - t1) / 1e3 / N, 'µs');
}
await h.close();
