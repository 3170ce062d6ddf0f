// `npm run bench`: the real server against a bare Fastify app serving the same bytes, on
// PostgreSQL and on the embedded PGlite, with realistic data (200 providers x 30 clauses and
// 5 protections, 5,000 agents, 100k opinions) and the endpoint-4 scaling from 1k to 1M opinions.
// Environment: BENCH_DATABASE_URL (an existing database to connect to for CREATE DATABASE;
// default postgres://postgres@127.0.0.1:5432/test), BENCH_SECONDS (10), BENCH_WARMUP (2),
// BENCH_CONNECTIONS (50), BENCH_BACKENDS (postgres,pglite), BENCH_PGLITE_MAX_OPINIONS (1000000).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { addOpinions, benchKey, createCatalogue, providerSlug, SHAPE } from './bench/data.js';
import { get, load, sequentialLatency, type LoadResult } from './bench/load.js';
import { startBare, startServer, type Child } from './bench/processes.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'tos_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',');
const PGLITE_MAX = Number(process.env.BENCH_PGLITE_MAX_OPINIONS ?? 1_000_000);
const LOAD_AGENTS = 1000;
const SIZES = { small: 1_000, main: 100_000, large: 1_000_000 };
const LIMITS = {
  RATE_LIMIT_REQUESTS_PER_HOUR: '1000000000',
  RATE_LIMIT_OPINIONS_PER_HOUR: '1000000000',
  RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY: '1000000000',
  SEED_DEMO: 'false',
};

const keys = Array.from({ length: LOAD_AGENTS }, (_, i) => `Bearer ${benchKey(i + 1)}`);
const slugs = Array.from({ length: SHAPE.providers }, (_, i) => providerSlug(i + 1));

type Endpoint = 'ep3' | 'ep4' | 'ep4slug';
const ENDPOINTS: Record<Endpoint, { label: string; request: (i: number) => { path: string; headers?: Record<string, string> } }> = {
  ep3: {
    label: 'GET /api/agents/providers/{slug} (keyed)',
    request: (i) => ({ path: `/api/agents/providers/${slugs[(i * 7) % slugs.length]}`, headers: { authorization: keys[i % keys.length] } }),
  },
  ep4: { label: 'GET /api/agents/opinions', request: () => ({ path: '/api/agents/opinions' }) },
  ep4slug: {
    label: 'GET /api/agents/opinions?provider_slug=',
    request: (i) => ({ path: `/api/agents/opinions?provider_slug=${slugs[(i * 7) % slugs.length]}` }),
  },
};

interface BackendReport {
  kind: string;
  runs: Partial<Record<Endpoint, LoadResult>>;
  scaling: ScalingPoint[];
  peakRss: number;
  setupSeconds: number;
}

const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** A database that grows: PostgreSQL stays open beside the server; PGlite is opened only while the server is down. */
interface Store {
  env: Record<string, string>;
  grow(from: number, to: number, server: Child | null): Promise<Child | null>;
  cleanup(): Promise<void>;
}

async function postgresStore(): Promise<Store> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
  await admin.unsafe(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  await createCatalogue(handle.db);
  return {
    env: { DATABASE_URL: url.toString() },
    async grow(from, to, server) {
      await addOpinions(handle.db, from, to);
      return server;
    },
    async cleanup() {
      await handle.close();
    },
  };
}

async function pgliteStore(): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-bench-pglite-'));
  let handle: DatabaseHandle | null = await openDatabase({ databaseUrl: null, dataDir });
  await createCatalogue(handle.db);
  await handle.close();
  handle = null;
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  return {
    env,
    async grow(from, to, server) {
      await server?.stop();
      const h = await openDatabase({ databaseUrl: null, dataDir });
      try {
        await addOpinions(h.db, from, to);
      } finally {
        await h.close();
      }
      return server ? startServer({ ...LIMITS, ...env }) : null;
    },
    async cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface ScalingPoint {
  opinions: number;
  total: number;
  /** One request at a time, answered from the response cache. */
  seqP50: number;
  seqP99: number;
  /** One request at a time on a server with RESPONSE_CACHE_MB=0: the statement itself. */
  uncachedP50: number;
  uncachedP99: number;
  load: LoadResult;
  /** Peak RSS of the (cached) server up to the end of its load run. */
  peakRss: number;
}

/** Endpoint 4 page 1 at this size: cached, under load, and (on a second server, cache off) uncached. */
async function scalingPoint(server: Child, env: Record<string, string>, opinions: number): Promise<{ point: ScalingPoint; server: Child }> {
  const seq = await sequentialLatency(server.url, ['/api/agents/opinions'], 300);
  const total = seq.body.pagination.total;
  if (total !== opinions) throw new Error(`endpoint 4 total ${total}, expected exactly ${opinions}`);
  const result = await load({ url: server.url, connections: CONNECTIONS, seconds: Math.max(3, SECONDS / 2), warmupSeconds: 1, request: ENDPOINTS.ep4.request });
  const peakRss = server.peakRssMiB();
  await server.stop(); // PGlite admits one process at a time
  const uncachedServer = await startServer({ ...LIMITS, ...env, RESPONSE_CACHE_MB: '0' });
  const uncached = await sequentialLatency(uncachedServer.url, ['/api/agents/opinions'], 300).finally(() => uncachedServer.stop());
  if (uncached.body.pagination.total !== opinions) throw new Error(`uncached endpoint 4 total ${uncached.body.pagination.total}`);
  const point = { opinions, total, seqP50: seq.p50, seqP99: seq.p99, uncachedP50: uncached.p50, uncachedP99: uncached.p99, load: result, peakRss };
  return { point, server: await startServer({ ...LIMITS, ...env }) };
}

async function runBackend(kind: 'postgres' | 'pglite', captureTo: string | null): Promise<BackendReport> {
  const started = Date.now();
  log(`${kind}: generating the catalogue (${SHAPE.providers} providers, ${SHAPE.agents} agents)`);
  const store = kind === 'postgres' ? await postgresStore() : await pgliteStore();
  const report: BackendReport = { kind, runs: {}, scaling: [], peakRss: 0, setupSeconds: 0 };
  let server: Child | null = null;
  let setup = 0;
  try {
    let t0 = Date.now();
    await store.grow(0, SIZES.small, null);
    setup += Date.now() - t0;
    server = await startServer({ ...LIMITS, ...store.env });
    log(`${kind}: endpoint 4 at ${SIZES.small} opinions`);
    ({ server } = await scalingPoint(server, store.env, SIZES.small).then((r) => (report.scaling.push(r.point), r)));

    log(`${kind}: growing to ${SIZES.main} opinions`);
    t0 = Date.now();
    server = await store.grow(SIZES.small, SIZES.main, server);
    setup += Date.now() - t0;
    if (captureTo) await capture(server!, captureTo);
    for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
      log(`${kind}: ${ENDPOINTS[endpoint].label}, ${CONNECTIONS} connections, ${SECONDS} s`);
      report.runs[endpoint] = await load({ url: server!.url, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, request: ENDPOINTS[endpoint].request });
    }
    report.peakRss = server!.peakRssMiB();

    const large = kind === 'pglite' ? Math.min(PGLITE_MAX, SIZES.large) : SIZES.large;
    if (large > SIZES.main) {
      log(`${kind}: growing to ${large} opinions`);
      t0 = Date.now();
      server = await store.grow(SIZES.main, large, server);
      setup += Date.now() - t0;
      log(`${kind}: endpoint 4 at ${large} opinions`);
      ({ server } = await scalingPoint(server!, store.env, large).then((r) => (report.scaling.push(r.point), r)));
      report.peakRss = Math.max(report.peakRss, report.scaling.at(-1)!.peakRss);
    }
  } finally {
    await server?.stop();
    await store.cleanup();
  }
  report.setupSeconds = Math.round((Date.now() - started) / 1000);
  log(`${kind}: done (${report.setupSeconds} s, data loading ${Math.round(setup / 1000)} s)`);
  return report;
}

/** The real server's response bytes for every path the load generator asks for. */
async function capture(server: Child, file: string): Promise<void> {
  const bodies: Record<string, string> = {};
  for (const slug of slugs) {
    const ep3 = `/api/agents/providers/${slug}`;
    const r3 = await get(undefined, server.url + ep3, { authorization: keys[0] });
    const ep4 = `/api/agents/opinions?provider_slug=${slug}`;
    const r4 = await get(undefined, server.url + ep4);
    if (r3.status !== 200 || r4.status !== 200) throw new Error(`capture ${slug}: ${r3.status} ${r4.status} ${r3.text}`);
    bodies[ep3] = r3.text;
    bodies[ep4] = r4.text;
  }
  const all = await get(undefined, `${server.url}/api/agents/opinions`);
  bodies['/api/agents/opinions'] = all.text;
  fs.writeFileSync(file, JSON.stringify(bodies));
  const size = (k: string) => Buffer.byteLength(bodies[k]);
  log(`captured ${Object.keys(bodies).length} bodies (endpoint 3 ~${size(`/api/agents/providers/${slugs[0]}`)} B, endpoint 4 ~${size('/api/agents/opinions')} B)`);
}

async function runBare(file: string): Promise<{ runs: Record<Endpoint, LoadResult>; peakRss: number }> {
  const bare = await startBare(file);
  const runs = {} as Record<Endpoint, LoadResult>;
  try {
    for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
      log(`bare Fastify: ${ENDPOINTS[endpoint].label}`);
      runs[endpoint] = await load({ url: bare.url, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, request: ENDPOINTS[endpoint].request });
    }
    return { runs, peakRss: bare.peakRssMiB() };
  } finally {
    await bare.stop();
  }
}

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [line(cells[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}

const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);

async function main() {
  // The server is measured as production runs it: compiled, without a TypeScript loader.
  execFileSync('node', [path.resolve(import.meta.dirname, 'build.mjs')], { stdio: 'ignore' });
  const captureFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tos-bench-')), 'responses.json');
  const reports: BackendReport[] = [];
  // PostgreSQL first: its responses are what the bare server serves.
  if (BACKENDS.includes('postgres')) reports.push(await runBackend('postgres', captureFile));
  if (BACKENDS.includes('pglite')) reports.push(await runBackend('pglite', reports.length ? null : captureFile));
  const bare = await runBare(captureFile);

  const out: string[] = [];
  out.push(`\nToS Ratings benchmark: ${os.cpus().length} cores, ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP} s warm-up, ${SIZES.main.toLocaleString('en')} opinions, keys of ${LOAD_AGENTS} agents, ${SHAPE.providers} slugs`);
  const rows: (string | number)[][] = [];
  for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
    const b = bare.runs[endpoint];
    rows.push([ENDPOINTS[endpoint].label, 'bare Fastify', Math.round(b.rps), b.p50, b.p99, '1.00', b.non2xx + b.errors]);
    for (const r of reports) {
      const run = r.runs[endpoint]!;
      rows.push(['', r.kind, Math.round(run.rps), run.p50, run.p99, f2(run.rps / b.rps), run.non2xx + run.errors]);
    }
  }
  out.push(table(['endpoint', 'server', 'req/s', 'p50 ms', 'p99 ms', 'x bare', 'non-2xx/err'], rows));
  out.push('\nEndpoint 4, page 1, as opinions grow (sequential: one keep-alive connection, 300 requests, on a server with RESPONSE_CACHE_MB=0 (uncached) and with the cache; load: ' + CONNECTIONS + ' connections, cached)');
  const scaling: (string | number)[][] = [];
  for (const r of reports) {
    for (const s of r.scaling) {
      scaling.push([r.kind, s.opinions.toLocaleString('en'), s.total.toLocaleString('en'), f2(s.uncachedP50), f2(s.uncachedP99), f2(s.seqP50), f2(s.seqP99), Math.round(s.load.rps), s.load.p50, s.load.p99]);
    }
    if (r.scaling.length === 2) {
      const [a, b] = r.scaling;
      scaling.push([`${r.kind} large/small`, '', '', f2(b.uncachedP50 / a.uncachedP50), f2(b.uncachedP99 / a.uncachedP99), f2(b.seqP50 / a.seqP50), f2(b.seqP99 / a.seqP99), f2(b.load.rps / a.load.rps), '', '']);
    }
  }
  out.push(table(['server', 'opinions', 'total shown', 'uncached p50 ms', 'uncached p99 ms', 'cached p50 ms', 'cached p99 ms', 'load req/s', 'load p50', 'load p99'], scaling));
  out.push('\nPeak RSS (VmHWM) of the server process');
  out.push(table(['server', 'peak RSS MiB'], [...reports.map((r) => [r.kind, f1(r.peakRss)]), ['bare Fastify', f1(bare.peakRss)]]));

  const pg = reports.find((r) => r.kind === 'postgres');
  if (pg) {
    const checks: [string, boolean, string][] = [];
    const ratio = (e: Endpoint) => pg.runs[e]!.rps / bare.runs[e].rps;
    checks.push(['endpoint 3 >= 0.5 x bare', ratio('ep3') >= 0.5, f2(ratio('ep3'))]);
    checks.push(['endpoint 3 p99 <= 25 ms', pg.runs.ep3!.p99 <= 25, `${pg.runs.ep3!.p99} ms`]);
    checks.push(['endpoint 4 >= 0.7 x bare', ratio('ep4') >= 0.7, f2(ratio('ep4'))]);
    checks.push(['endpoint 4 (slug) >= 0.7 x bare', ratio('ep4slug') >= 0.7, f2(ratio('ep4slug'))]);
    if (pg.scaling.length === 2) {
      const growth = pg.scaling[1].uncachedP50 / pg.scaling[0].uncachedP50;
      checks.push(['endpoint 4 page 1 at 1M <= 1.5 x at 1k (uncached p50)', growth <= 1.5, f2(growth)]);
    }
    checks.push(['peak RSS <= 200 MB', pg.peakRss * 1.048576 <= 200, `${f1(pg.peakRss * 1.048576)} MB`]);
    out.push('\nTargets (PostgreSQL)');
    out.push(table(['target', 'met', 'measured'], checks.map(([n, ok, v]) => [n, ok ? 'yes' : 'NO', v])));
  }
  console.log(out.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
