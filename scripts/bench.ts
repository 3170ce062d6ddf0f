// `npm run bench`: the real server against two yardsticks serving the same bytes from memory
// (a bare Fastify app and a bare node:http server, each in its own process, measured in the
// same run), on PostgreSQL and on the embedded PGlite, with realistic data (200 providers x 30
// clauses and 5 protections, 5,000 agents, 100k opinions) and the endpoint-4 scaling from 1k to
// 1M opinions. Load comes from wrk (apt-get install -y wrk) in its own process.
// Environment: BENCH_DATABASE_URL (an existing database to connect to for CREATE DATABASE;
// default postgres://postgres@127.0.0.1:5432/test), BENCH_SECONDS (10), BENCH_WARMUP (2),
// BENCH_CONNECTIONS (50), BENCH_BACKENDS (postgres,pglite), BENCH_PGLITE_MAX_OPINIONS (1000000),
// BENCH_SCALING (1; 0 skips the 1k/1M scaling runs), BENCH_PROFILE (0; 1 adds a CPU profile of
// endpoint 3 on PostgreSQL and prints where a request's time goes).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { addOpinions, benchKey, createCatalogue, providerSlug, SHAPE } from './bench/data.js';
import { assertWrkInstalled, get, load, sequentialLatency, type BenchRequest, type LoadResult } from './bench/load.js';
import { BARE_LABELS, startBare, startServer, type BareKind, type Child } from './bench/processes.js';
import { profileShares } from './bench/profile.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'tos_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',');
const PGLITE_MAX = Number(process.env.BENCH_PGLITE_MAX_OPINIONS ?? 1_000_000);
const SCALING = process.env.BENCH_SCALING !== '0';
const PROFILE = process.env.BENCH_PROFILE === '1';
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
const cycle = (n: number, request: (i: number) => BenchRequest) => Array.from({ length: n }, (_, i) => request(i));

type Endpoint = 'ep3' | 'ep4' | 'ep4slug';
const ENDPOINTS: Record<Endpoint, { label: string; requests: BenchRequest[] }> = {
  ep3: {
    label: 'GET /api/agents/providers/{slug} (keyed)',
    requests: cycle(LOAD_AGENTS, (i) => ({
      path: `/api/agents/providers/${slugs[(i * 7) % slugs.length]}`,
      headers: { authorization: keys[i % keys.length] },
    })),
  },
  ep4: { label: 'GET /api/agents/opinions', requests: [{ path: '/api/agents/opinions' }] },
  ep4slug: {
    label: 'GET /api/agents/opinions?provider_slug=',
    requests: cycle(SHAPE.providers, (i) => ({ path: `/api/agents/opinions?provider_slug=${slugs[(i * 7) % slugs.length]}` })),
  },
};

interface BackendReport {
  kind: string;
  runs: Partial<Record<Endpoint, LoadResult>>;
  scaling: ScalingPoint[];
  peakRss: number;
  setupSeconds: number;
  /** Endpoint 3 under load with --cpu-prof: shares of the server's busy time, and its CPU per request. */
  profile?: { shares: Map<string, number>; run: LoadResult };
}

const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** A database that grows: PostgreSQL stays open beside the server; PGlite is opened only while the server is down. */
interface Store {
  env: Record<string, string>;
  /** The database backends whose CPU time counts as the server's database work. */
  dbPids(): Promise<number[]>;
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
  const watcher = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  return {
    env: { DATABASE_URL: url.toString() },
    async dbPids() {
      const rows = await watcher`select pid from pg_stat_activity where datname = ${DB_NAME} and backend_type = 'client backend'`;
      return rows.map((r) => Number(r.pid));
    },
    async grow(from, to, server) {
      await addOpinions(handle.db, from, to);
      return server;
    },
    async cleanup() {
      await Promise.all([handle.close(), watcher.end()]);
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
    dbPids: async () => [],
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
async function scalingPoint(server: Child, store: Store, opinions: number): Promise<{ point: ScalingPoint; server: Child }> {
  const seq = await sequentialLatency(server.url, ['/api/agents/opinions'], 300);
  const total = seq.body.pagination.total;
  if (total !== opinions) throw new Error(`endpoint 4 total ${total}, expected exactly ${opinions}`);
  const result = await load({ ...loadOptions(server, store, 'ep4'), seconds: Math.max(3, SECONDS / 2), warmupSeconds: 1 });
  const peakRss = server.peakRssMiB();
  await server.stop(); // PGlite admits one process at a time
  const env = store.env;
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
    if (SCALING) {
      log(`${kind}: endpoint 4 at ${SIZES.small} opinions`);
      ({ server } = await scalingPoint(server, store, SIZES.small).then((r) => (report.scaling.push(r.point), r)));
    }

    log(`${kind}: growing to ${SIZES.main} opinions`);
    t0 = Date.now();
    server = await store.grow(SIZES.small, SIZES.main, server);
    setup += Date.now() - t0;
    if (captureTo) await capture(server!, captureTo);
    for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
      log(`${kind}: ${ENDPOINTS[endpoint].label}, ${CONNECTIONS} connections, ${SECONDS} s`);
      report.runs[endpoint] = await load(loadOptions(server!, store, endpoint));
    }
    report.peakRss = server!.peakRssMiB();
    if (PROFILE && kind === 'postgres') {
      await server!.stop();
      report.profile = await profileEndpoint3(store);
      server = await startServer({ ...LIMITS, ...store.env });
    }

    const large = kind === 'pglite' ? Math.min(PGLITE_MAX, SIZES.large) : SIZES.large;
    if (SCALING && large > SIZES.main) {
      log(`${kind}: growing to ${large} opinions`);
      t0 = Date.now();
      server = await store.grow(SIZES.main, large, server);
      setup += Date.now() - t0;
      log(`${kind}: endpoint 4 at ${large} opinions`);
      ({ server } = await scalingPoint(server!, store, large).then((r) => (report.scaling.push(r.point), r)));
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
  log(
    `captured ${Object.keys(bodies).length} bodies (endpoint 3 ~${size(`/api/agents/providers/${slugs[0]}`)} B, endpoint 4 ~${size('/api/agents/opinions')} B)`,
  );
}

function loadOptions(server: Child, store: Store | null, endpoint: Endpoint) {
  return {
    url: server.url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    requests: ENDPOINTS[endpoint].requests,
    serverPid: server.pid,
    dbPids: store ? () => store.dbPids() : undefined,
  };
}

interface BareReport {
  kind: BareKind;
  runs: Record<Endpoint, LoadResult>;
  peakRss: number;
}

async function runBare(kind: BareKind, file: string): Promise<BareReport> {
  const bare = await startBare(kind, file);
  const runs = {} as Record<Endpoint, LoadResult>;
  try {
    for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
      log(`${BARE_LABELS[kind]}: ${ENDPOINTS[endpoint].label}`);
      runs[endpoint] = await load(loadOptions(bare, null, endpoint));
    }
    return { kind, runs, peakRss: bare.peakRssMiB() };
  } finally {
    await bare.stop();
  }
}

/** Endpoint 3 on a server started with --cpu-prof: where the time of its requests goes. */
async function profileEndpoint3(store: Store): Promise<{ shares: Map<string, number>; run: LoadResult }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-bench-prof-'));
  log(`postgres: endpoint 3 under --cpu-prof (${dir})`);
  const spawned = Date.now(); // the profile's clock starts with the process
  const server = await startServer({ ...LIMITS, ...store.env }, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  let run: LoadResult;
  let window: [number, number];
  try {
    await load({ ...loadOptions(server, store, 'ep3'), seconds: WARMUP, warmupSeconds: 0 });
    const from = Date.now() - spawned;
    run = await load({ ...loadOptions(server, store, 'ep3'), warmupSeconds: 0 });
    window = [from, Date.now() - spawned];
  } finally {
    await server.stop(); // the profile is written as the process exits
  }
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  return { shares: profileShares(path.join(dir, file), ...window), run };
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
  assertWrkInstalled();
  // The server is measured as production runs it: compiled, without a TypeScript loader.
  execFileSync('node', [path.resolve(import.meta.dirname, 'build.mjs')], { stdio: 'ignore' });
  const captureFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tos-bench-')), 'responses.json');
  const reports: BackendReport[] = [];
  // PostgreSQL first: its responses are what the bare server serves.
  if (BACKENDS.includes('postgres')) reports.push(await runBackend('postgres', captureFile));
  if (BACKENDS.includes('pglite')) reports.push(await runBackend('pglite', reports.length ? null : captureFile));
  const bares = [await runBare('fastify', captureFile), await runBare('http', captureFile)];
  const [bareFastify, bareHttp] = bares;

  const out: string[] = [];
  out.push(
    `\nToS Ratings benchmark, ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, wrk with ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP} s warm-up, ${SIZES.main.toLocaleString('en')} opinions, keys of ${LOAD_AGENTS} agents, ${SHAPE.providers} slugs`,
  );
  out.push('CPU µs/req: CPU time (user + system) per request of the server process, and of its PostgreSQL backends.');
  const rows: (string | number)[][] = [];
  for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
    const [bf, bh] = [bareFastify.runs[endpoint], bareHttp.runs[endpoint]];
    const row = (label: string, server: string, run: LoadResult) => [
      label,
      server,
      Math.round(run.rps),
      run.p50,
      run.p99,
      f2(run.rps / bf.rps),
      f2(run.rps / bh.rps),
      run.serverCpuUs,
      run.dbCpuUs || '',
      run.non2xx + run.errors,
    ];
    rows.push(row(ENDPOINTS[endpoint].label, BARE_LABELS.http, bh));
    rows.push(row('', BARE_LABELS.fastify, bf));
    for (const r of reports) rows.push(row('', r.kind, r.runs[endpoint]!));
  }
  out.push(
    table(['endpoint', 'server', 'req/s', 'p50 ms', 'p99 ms', 'x bare Fastify', 'x bare node:http', 'server CPU µs/req', 'DB CPU µs/req', 'non-2xx/err'], rows),
  );
  if (SCALING) {
    out.push(
      '\nEndpoint 4, page 1, as opinions grow (sequential: one keep-alive connection, 300 requests, on a server with RESPONSE_CACHE_MB=0 (uncached) and with the cache; load: ' +
        CONNECTIONS +
        ' connections, cached)',
    );
    const scaling: (string | number)[][] = [];
    for (const r of reports) {
      for (const s of r.scaling) {
        scaling.push([
          r.kind,
          s.opinions.toLocaleString('en'),
          s.total.toLocaleString('en'),
          f2(s.uncachedP50),
          f2(s.uncachedP99),
          f2(s.seqP50),
          f2(s.seqP99),
          Math.round(s.load.rps),
          s.load.p50,
          s.load.p99,
        ]);
      }
      if (r.scaling.length === 2) {
        const [a, b] = r.scaling;
        scaling.push([
          `${r.kind} large/small`,
          '',
          '',
          f2(b.uncachedP50 / a.uncachedP50),
          f2(b.uncachedP99 / a.uncachedP99),
          f2(b.seqP50 / a.seqP50),
          f2(b.seqP99 / a.seqP99),
          f2(b.load.rps / a.load.rps),
          '',
          '',
        ]);
      }
    }
    out.push(
      table(
        ['server', 'opinions', 'total shown', 'uncached p50 ms', 'uncached p99 ms', 'cached p50 ms', 'cached p99 ms', 'load req/s', 'load p50', 'load p99'],
        scaling,
      ),
    );
  }
  out.push('\nPeak RSS (VmHWM) of the server process');
  out.push(table(['server', 'peak RSS MiB'], [...reports.map((r) => [r.kind, f1(r.peakRss)]), ...bares.map((b) => [BARE_LABELS[b.kind], f1(b.peakRss)])]));

  const pg = reports.find((r) => r.kind === 'postgres');
  if (pg?.profile) {
    const { shares, run } = pg.profile;
    out.push(
      `\nWhere one endpoint-3 request's server time goes (PostgreSQL, --cpu-prof, ${Math.round(run.rps)} req/s under the profiler; µs from the ${run.serverCpuUs} µs of server CPU per request measured in that run; the database's own ${run.dbCpuUs} µs are apart)`,
    );
    out.push(
      table(
        ['part', 'share', 'µs/req'],
        [...shares].map(([part, share]) => [part, `${f1(share * 100)}%`, f1(share * run.serverCpuUs)]),
      ),
    );
  }
  const lite = reports.find((r) => r.kind === 'pglite');
  // The issue's targets are ratios to a bare Fastify serving the same bytes (the yardstick of its
  // own measurement); the ratio to bare node:http, the fastest server of all, is given beside.
  const checks: [string, boolean, string][] = [];
  const ratios = (run: LoadResult, e: Endpoint) => [run.rps / bareFastify.runs[e].rps, run.rps / bareHttp.runs[e].rps];
  const target = (name: string, run: LoadResult, e: Endpoint, at: number) => {
    const [fastify, bare] = ratios(run, e);
    checks.push([`${name} >= ${at} x bare Fastify`, fastify >= at, `${f2(fastify)} (${f2(bare)} x bare node:http)`]);
  };
  if (pg) {
    target('PostgreSQL: endpoint 3', pg.runs.ep3!, 'ep3', 0.6);
    checks.push(['PostgreSQL: endpoint 3 p99 <= 10 ms', pg.runs.ep3!.p99 <= 10, `${pg.runs.ep3!.p99} ms`]);
    target('PostgreSQL: endpoint 4', pg.runs.ep4!, 'ep4', 0.85);
    target('PostgreSQL: endpoint 4 (provider_slug)', pg.runs.ep4slug!, 'ep4slug', 0.85);
    if (pg.scaling.length === 2) {
      const growth = pg.scaling[1].uncachedP50 / pg.scaling[0].uncachedP50;
      checks.push(['PostgreSQL: endpoint 4 page 1 at 1M <= 1.5 x at 1k (uncached p50)', growth <= 1.5, f2(growth)]);
    }
    checks.push(['PostgreSQL: peak RSS <= 200 MB', pg.peakRss * 1.048576 <= 200, `${f1(pg.peakRss * 1.048576)} MB`]);
  }
  if (lite) target('PGlite: endpoint 3', lite.runs.ep3!, 'ep3', 0.4);
  out.push('\nTargets');
  out.push(
    table(
      ['target', 'met', 'measured'],
      checks.map(([n, ok, v]) => [n, ok ? 'yes' : 'NO', v]),
    ),
  );
  console.log(out.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
