// `npm run bench:scale` (issue 36): does a request cost the same with 10,000 providers and a
// million opinions? Builds the large data set in its own PostgreSQL database (tos_bench_scale,
// dropped and created again) and a tenth of it in a fresh PGlite directory, starts the built
// server (`npm run build`) on each, cache on and cache off, and prints for every request the
// latency one at a time (median and worst) and ten at a time (requests per second, median), and
// the query plan (EXPLAIN ANALYZE, BUFFERS) of the slowest statements of any request whose
// uncached median is over the budget. It also times the tracker's claim with every provider due.
// Environment: BENCH_DATABASE_URL (an existing database to connect to for CREATE DATABASE;
// default postgres://postgres@127.0.0.1:5432/test), BENCH_BACKENDS (postgres,pglite),
// BENCH_BUDGET_MS (100), BENCH_REUSE (1: keep tos_bench_scale if it is already loaded),
// BENCH_SECONDS (seconds per measurement, 3), BENCH_BUILD (0 skips `npm run build`).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely, type LogEvent } from 'kysely';
import postgres from 'postgres';
import { openDatabase } from '../src/db/connect.js';
import type { Database } from '../src/db/schema.js';
import { claimNext, releaseLeases } from '../src/repositories/tracking.js';
import { ROOT, startServer, type Child } from './bench/processes.js';
import { createScaleData, LARGE, scaleKey, SMALL, type ScaleShape } from './bench/scale-data.js';
import { scaleRequests, type ScaleRequest } from './bench/scale-requests.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'tos_bench_scale';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',');
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const REUSE = process.env.BENCH_REUSE === '1';
const LIMITS = {
  RATE_LIMIT_REQUESTS_PER_HOUR: '1000000000',
  RATE_LIMIT_OPINIONS_PER_HOUR: '1000000000',
  SEED_DEMO: 'false',
  CATALOGUE_FILE: 'none',
};

const log = (message: string) => console.error(`[bench:scale ${new Date().toISOString().slice(11, 19)}] ${message}`);

interface Figures {
  status: number;
  seqP50: number;
  seqMax: number;
  /** Ten at a time: requests per second and median latency. */
  rps: number;
  concP50: number;
}

interface Row {
  request: ScaleRequest;
  cached: Figures;
  uncached: Figures;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function send(base: string, r: ScaleRequest, i: number): Promise<{ status: number; ms: number }> {
  const start = process.hrtime.bigint();
  const headers: Record<string, string> = r.keyed ? { authorization: `Bearer ${scaleKey(1 + (i % 10))}` } : {};
  if (r.body) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request(base + r.path, { method: r.body ? 'POST' : 'GET', agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(r.body ? JSON.stringify(r.body) : undefined);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** One at a time (at least 5 requests, up to SECONDS), then ten at a time for SECONDS. */
async function measure(base: string, r: ScaleRequest): Promise<Figures> {
  const first = await send(base, r, 0); // warms the connection, and the cache when it is on
  const seq: number[] = [];
  for (let deadline = Date.now() + SECONDS * 1000, i = 1; seq.length < 5 || (Date.now() < deadline && seq.length < 200); i++) {
    seq.push((await send(base, r, i)).ms);
  }
  const conc: number[] = [];
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 10 }, async (_, w) => {
      for (let i = 0; conc.length < 20 || Date.now() < deadline; i++) conc.push((await send(base, r, w * 1000 + i)).ms);
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  return { status: first.status, seqP50: median(seq), seqMax: Math.max(...seq), rps: conc.length / elapsed, concP50: median(conc) };
}

async function measureAll(env: Record<string, string>, requests: ScaleRequest[], cacheMb: string): Promise<Figures[]> {
  const server: Child = await startServer({ ...LIMITS, ...env, RESPONSE_CACHE_MB: cacheMb });
  try {
    const out: Figures[] = [];
    for (const r of requests) {
      log(`  ${cacheMb === '0' ? 'cache off' : 'cache on '} ${r.label}`);
      out.push(await measure(server.url, r));
    }
    return out;
  } finally {
    await server.stop();
  }
}

/** The statements a request runs (in process, same code), each timed; EXPLAIN of those near or over the budget. */
async function explainSlow(open: (log: (e: LogEvent) => void) => Promise<{ db: Kysely<Database>; close(): Promise<void> }>, rows: Row[]) {
  const slow = rows.filter((row) => row.uncached.seqP50 > BUDGET_MS && row.request.inProcess);
  if (slow.length === 0) return;
  let events: LogEvent[] = [];
  const handle = await open((e) => events.push(e));
  try {
    for (const row of slow) {
      events = [];
      await row.request.inProcess!(handle.db).catch(() => {});
      const statements = events.filter((e) => e.level === 'query').sort((a, b) => b.queryDurationMillis - a.queryDurationMillis);
      const worth = statements.filter((e, i) => i === 0 || e.queryDurationMillis > BUDGET_MS / 4);
      console.log(`\n### Plans: ${row.request.label} (uncached median ${row.uncached.seqP50.toFixed(1)} ms)\n`);
      for (const e of worth) {
        const query = e.query;
        const { rows: plan } = await handle.db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
        );
        console.log(`${e.queryDurationMillis.toFixed(1)} ms in process:\n\n\`\`\`\n${query.sql.replace(/\s+/g, ' ').slice(0, 600)}\n`);
        console.log(`${plan.map((p) => p['QUERY PLAN']).join('\n')}\n\`\`\``);
      }
    }
  } finally {
    await handle.close();
  }
}

/** The tracker's claim with every provider due: median of 20 claims (each lease given back). */
async function timeClaims(db: Kysely<Database>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = process.hrtime.bigint();
    await claimNext(db, 'bench-scale', 60, { kind: 'scheduled' });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    await releaseLeases(db, 'bench-scale');
  }
  return median(times);
}

function printTable(kind: string, shape: ScaleShape, rows: Row[], claimMs: number): void {
  const f = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
  console.log(
    `\n## ${kind}: ${shape.providers} providers x ${shape.clausesPerProvider} clauses, ${shape.agents} agents, ${shape.opinions} opinions (${new Date().toISOString()})\n`,
  );
  console.log(
    '| request | status | cache off: 1 at a time p50 / max ms | 10 at a time req/s (p50 ms) | cache on: 1 at a time p50 ms | 10 at a time req/s (p50 ms) |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const { request, cached, uncached } of rows) {
    const over = uncached.seqP50 > BUDGET_MS ? ' **over budget**' : '';
    console.log(
      `| \`${request.label}\` | ${uncached.status} | ${f(uncached.seqP50)} / ${f(uncached.seqMax)}${over} | ${uncached.rps.toFixed(0)} (${f(uncached.concP50)}) | ` +
        `${f(cached.seqP50)} | ${cached.rps.toFixed(0)} (${f(cached.concP50)}) |`,
    );
  }
  console.log(`\nTracker claim with ${shape.providers} providers due: ${claimMs.toFixed(1)} ms (median of 20).`);
}

async function benchBackend(kind: 'postgres' | 'pglite'): Promise<void> {
  const shape = kind === 'postgres' ? LARGE : SMALL;
  let env: Record<string, string>;
  let open: (log?: (e: LogEvent) => void) => ReturnType<typeof openDatabase>;
  let cleanup = async () => {};
  if (kind === 'postgres') {
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    const url = new URL(ADMIN_URL);
    url.pathname = `/${DB_NAME}`;
    const exists = (await admin`select 1 from pg_database where datname = ${DB_NAME}`).length > 0;
    const fresh = !(REUSE && exists);
    if (fresh) {
      await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
      await admin.unsafe(`create database ${DB_NAME}`);
    }
    await admin.end();
    open = (l) => openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: 2, log: l });
    env = { DATABASE_URL: url.toString() };
    const handle = await open();
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from providers`.execute(handle.db);
      if (rows[0]!.n !== shape.providers) {
        const t0 = Date.now();
        await createScaleData(handle.db, shape, (m) => log(`postgres: ${m}`));
        log('postgres: vacuum analyze');
        await sql`vacuum analyze`.execute(handle.db);
        log(`postgres: loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      } else log('postgres: reusing the loaded database');
    } finally {
      await handle.close();
    }
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-bench-scale-'));
    open = (l) => openDatabase({ databaseUrl: null, dataDir, log: l });
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    const handle = await open();
    try {
      const t0 = Date.now();
      await createScaleData(handle.db, shape, (m) => log(`pglite: ${m}`));
      await sql`vacuum analyze`.execute(handle.db);
      log(`pglite: loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    } finally {
      await handle.close();
    }
  }
  try {
    const requests = await (async () => {
      const handle = await open();
      try {
        return await scaleRequests(handle.db, shape);
      } finally {
        await handle.close();
      }
    })();
    log(`${kind}: measuring, cache off`);
    const uncached = await measureAll(env, requests, '0');
    log(`${kind}: measuring, cache on`);
    const cached = await measureAll(env, requests, '32');
    const rows = requests.map((request, i) => ({ request, cached: cached[i]!, uncached: uncached[i]! }));
    const handle = await open();
    let claimMs: number;
    try {
      claimMs = await timeClaims(handle.db);
    } finally {
      await handle.close();
    }
    printTable(kind, shape, rows, claimMs);
    await explainSlow((l) => open(l), rows);
  } finally {
    await cleanup();
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_BUILD !== '0') {
    log('npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  console.log(`# bench:scale, ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), budget ${BUDGET_MS} ms`);
  for (const kind of BACKENDS) await benchBackend(kind as 'postgres' | 'pglite');
  agent.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
