// `npm run bench:ab -- --base <commit>`: is this build faster or slower than an earlier one, and
// how far is each from a bare Fastify serving the same bytes? Two builds of the server (A, the
// base: a commit built with its own build script, or a copy of an earlier dist/; B: the working
// tree, built now, or --head <commit>) serve the same data, each on its own database made by its
// own migrations, and a bare Fastify app per build serves the bytes that build answered
// (scripts/bench/bare-fastify.mjs). wrk loads the four in turns, A B bareA bareB, then the other
// way round, so that whatever else the shared machine is doing falls on all alike. Per endpoint
// it prints every round (with the load average when it started), and the medians of req/s, of
// the paired ratios (B/A, A/bare A, B/bare B), of p99 and of CPU µs per request of the server
// and its database backends (from /proc, which moves far less than req/s on a shared machine).
// AB_PROFILE=1 then runs each build once more under --cpu-prof and prints where a request's
// server time goes, part by part, side by side (scripts/bench/profile.ts).
//
// A/A runs (one build against a copy of itself, PostgreSQL, 2026-11-23) gave median B/A 1.069 on
// endpoint 3 (rounds 0.999-1.313) and 1.007 on endpoint 4 with provider_slug (0.673-1.101): a
// difference under about 10-15 % is not shown by req/s; the ratio to bare and CPU per request
// move less.
//
// Usage:
//   npm run bench:ab -- --base 6f6941b                    A = commit 6f6941b, B = this checkout
//   npm run bench:ab -- --base main --head issue43 ep3   two commits, endpoint 3 only
//   npm run bench:ab -- dist-base ep4                     A = a copy of an earlier dist/
// Endpoints (comma-separated, default ep3,ep4): ep3 (keyed provider detail), ep4 (public
// opinions), ep4slug (opinions of one provider). Environment: AB_BACKEND (postgres | pglite,
// default postgres), AB_ROUNDS (6), AB_SECONDS (5), AB_CONNECTIONS (50), AB_AGENTS (keys cycled
// through on endpoint 3, 8), AB_OPINIONS (100000), AB_BARE (1; 0 leaves the bare servers out),
// AB_PROFILE (0), AB_BUILD (1; 0 uses dist/ as it is), BENCH_DATABASE_URL as for npm run bench.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Kysely } from 'kysely';
import { addOpinions, benchKey, createCatalogue, providerSlug, SHAPE } from './bench/data.js';
import { buildOfCommit, buildWorkingTree, describeCommit } from './bench/builds.js';
import { assertWrkInstalled, get, load, type BenchRequest, type LoadResult } from './bench/load.js';
import { ROOT, startBare, startServer, type Child } from './bench/processes.js';
import { profileShares } from './bench/profile.js';

const BACKEND = process.env.AB_BACKEND ?? 'postgres';
const ROUNDS = Number(process.env.AB_ROUNDS ?? 6);
const SECONDS = Number(process.env.AB_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 50);
const AGENTS = Number(process.env.AB_AGENTS ?? 8);
const OPINIONS = Number(process.env.AB_OPINIONS ?? 100_000);
const BARE = process.env.AB_BARE !== '0';
const PROFILE = process.env.AB_PROFILE === '1';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LIMITS = { RATE_LIMIT_REQUESTS_PER_HOUR: '1000000000', SEED_DEMO: 'false' };
const WARMUP = 8;

type Endpoint = 'ep3' | 'ep4' | 'ep4slug';
const slugs = Array.from({ length: SHAPE.providers }, (_, i) => providerSlug(i + 1));
const keyOf = (i: number) => `Bearer ${benchKey((i % AGENTS) + 1)}`;
const REQUESTS: Record<Endpoint, BenchRequest[]> = {
  ep3: Array.from({ length: Math.max(AGENTS, slugs.length) }, (_, i) => ({
    path: `/api/agents/providers/${slugs[(i * 7) % slugs.length]}`,
    headers: { authorization: keyOf(i) },
  })),
  ep4: [{ path: '/api/agents/opinions' }],
  ep4slug: slugs.map((slug) => ({ path: `/api/agents/opinions?provider_slug=${slug}` })),
};

const log = (message: string) => console.error(`[ab ${new Date().toISOString().slice(11, 19)}] ${message}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const loadAverage = () => Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

interface Args {
  base: { dist: string } | { ref: string };
  head: string | null;
  endpoints: Endpoint[];
}

function parseArgs(argv: string[]): Args {
  let base: Args['base'] | null = null;
  let head: string | null = null;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--base') base = { ref: argv[++i]! };
    else if (argv[i] === '--head') head = argv[++i]!;
    else positional.push(argv[i]!);
  }
  if (!base && positional.length > 0) base = { dist: positional.shift()! };
  if (!base)
    throw new Error('usage: npm run bench:ab -- --base <commit> [--head <commit>] [ep3,ep4,ep4slug] (or <copy of an earlier dist/> instead of --base)');
  const endpoints = (positional[0] ?? 'ep3,ep4').split(',') as Endpoint[];
  for (const e of endpoints) if (!REQUESTS[e]) throw new Error(`unknown endpoint ${e}: ep3, ep4 or ep4slug`);
  return { base, head, endpoints };
}

interface Build {
  label: string;
  dist: string;
}

interface Database {
  env: Record<string, string>;
  pids(): Promise<number[]>;
  /** Committed and rolled-back transactions of the database so far (PostgreSQL only). */
  transactions?(): Promise<number>;
  cleanup(): Promise<void>;
}

/**
 * A database for one build, migrated by that build's own code (the builds may differ in schema),
 * then filled with the benchmark's catalogue and opinions.
 */
async function databaseFor(build: Build, name: string): Promise<Database> {
  const { openDatabase } = (await import(path.join(ROOT, build.dist, 'src/db/connect.js'))) as {
    openDatabase(o: { databaseUrl: string | null; dataDir: string }): Promise<{ db: Kysely<any>; close(): Promise<void> }>;
  };
  const fill = async (options: { databaseUrl: string | null; dataDir: string }) => {
    const handle = await openDatabase(options);
    try {
      await createCatalogue(handle.db);
      await addOpinions(handle.db, 0, OPINIONS);
    } finally {
      await handle.close();
    }
  };
  if (BACKEND === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tos-ab-${name}-`));
    await fill({ databaseUrl: null, dataDir: dir });
    return { env: { DATA_DIR: dir, DATABASE_URL: '' }, pids: async () => [], cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  await fill({ databaseUrl: url, dataDir: os.tmpdir() });
  return {
    env: { DATABASE_URL: url },
    async pids() {
      const rows = await admin`select pid from pg_stat_activity where datname = ${name} and backend_type = 'client backend'`;
      return rows.map((r) => Number(r.pid));
    },
    async transactions() {
      const [row] = await admin`select (xact_commit + xact_rollback)::float8 as n from pg_stat_database where datname = ${name}`;
      return Number(row!.n);
    },
    async cleanup() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The bytes a server answers for every path the load asks for, as the bare server's file. */
async function capture(server: Child, endpoints: Endpoint[], file: string): Promise<void> {
  const bodies: Record<string, string> = {};
  for (const e of endpoints) {
    for (const request of REQUESTS[e]) {
      if (bodies[request.path]) continue;
      const { status, text } = await get(undefined, server.url + request.path, request.headers);
      if (status !== 200) throw new Error(`capture ${request.path}: ${status} ${text}`);
      bodies[request.path] = text;
    }
  }
  fs.writeFileSync(file, JSON.stringify(bodies));
}

interface Target {
  label: string;
  child: Child;
  pids: () => Promise<number[]>;
  transactions?: () => Promise<number>;
  runs: Record<string, LoadResult[]>;
}

async function measure(target: Target, endpoint: Endpoint, seconds: number, warmupSeconds: number): Promise<LoadResult> {
  const run = await load({
    url: target.child.url,
    connections: CONNECTIONS,
    seconds,
    warmupSeconds,
    requests: REQUESTS[endpoint],
    serverPid: target.child.pid,
    dbPids: target.pids,
    dbTransactions: target.transactions,
  });
  if (run.non2xx > 0) throw new Error(`${target.label}: ${run.non2xx} answers not 2xx`);
  // Socket errors (wrk's 2 s timeouts) happen when the machine is overloaded: told, not fatal.
  if (run.errors > 0) log(`${target.label} ${endpoint}: ${run.errors} socket errors or timeouts`);
  return run;
}

const f2 = (n: number) => n.toFixed(2);
const f3 = (n: number) => (Number.isNaN(n) ? 'n/a' : n.toFixed(3)); // statements are not counted on PGlite

function report(endpoint: Endpoint, targets: Target[], loads: number[]): void {
  const [a, b, bareA, bareB] = targets.map((t) => t.runs[endpoint]!);
  const cpu = (r: LoadResult) => r.serverCpuUs + r.dbCpuUs;
  const header = ['round', 'load 1 min', 'A req/s', 'B req/s', 'B/A', 'A CPU µs (srv+db)', 'B CPU µs', 'A stmts/req', 'B stmts/req', 'A p99 ms', 'B p99 ms'];
  if (bareA) header.push('bare A req/s', 'bare B req/s', 'A/bare', 'B/bare', 'bare p99 ms', 'B p99/bare p99');
  const rows = a.map((_, i) => {
    const row = [String(i + 1), loads[i]!.toFixed(1), Math.round(a[i].rps), Math.round(b[i].rps), f3(b[i].rps / a[i].rps), cpu(a[i]), cpu(b[i])];
    row.push(f3(a[i].dbStatements), f3(b[i].dbStatements), a[i].p99, b[i].p99);
    if (bareA) {
      row.push(
        Math.round(bareA[i].rps),
        Math.round(bareB[i].rps),
        f3(a[i].rps / bareA[i].rps),
        f3(b[i].rps / bareB[i].rps),
        bareB[i].p99,
        f2(b[i].p99 / bareB[i].p99),
      );
    }
    return row.map(String);
  });
  const med = (f: (i: number) => number) => median(a.map((_, i) => f(i)));
  const medRow = [
    'median',
    med((i) => loads[i]!).toFixed(1),
    Math.round(med((i) => a[i].rps)),
    Math.round(med((i) => b[i].rps)),
    f3(med((i) => b[i].rps / a[i].rps)),
  ];
  medRow.push(
    med((i) => cpu(a[i])),
    med((i) => cpu(b[i])),
    f3(med((i) => a[i].dbStatements)),
    f3(med((i) => b[i].dbStatements)),
  );
  medRow.push(
    med((i) => a[i].p99),
    med((i) => b[i].p99),
  );
  if (bareA) {
    medRow.push(Math.round(med((i) => bareA[i].rps)), Math.round(med((i) => bareB[i].rps)), f3(med((i) => a[i].rps / bareA[i].rps)));
    medRow.push(
      f3(med((i) => b[i].rps / bareB[i].rps)),
      med((i) => bareB[i].p99),
      f2(med((i) => b[i].p99 / bareB[i].p99)),
    );
  }
  rows.push(medRow.map(String));
  console.log(`\n${endpoint}: ${REQUESTS[endpoint][0]!.path}${REQUESTS[endpoint].length > 1 ? ' ...' : ''}`);
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/** Each build once more under --cpu-prof, in turns: where one request's server time goes. */
async function profile(builds: Build[], dbs: Database[], endpoints: Endpoint[]): Promise<void> {
  for (const endpoint of endpoints) {
    const results: { shares: Map<string, number>; run: LoadResult }[] = [];
    for (const i of [0, 1]) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-ab-prof-'));
      const spawned = Date.now();
      const child = await startServer({ ...LIMITS, ...dbs[i]!.env }, ['--cpu-prof', `--cpu-prof-dir=${dir}`], builds[i]!.dist);
      const target: Target = { label: builds[i]!.label, child, pids: () => dbs[i]!.pids(), transactions: dbs[i]!.transactions, runs: {} };
      let run: LoadResult;
      let window: [number, number];
      try {
        await measure(target, endpoint, WARMUP, 0);
        const from = Date.now() - spawned;
        run = await measure(target, endpoint, SECONDS * 2, 0);
        window = [from, Date.now() - spawned];
      } finally {
        await child.stop(); // the profile is written as the process exits
      }
      const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) throw new Error(`no profile written in ${dir}`);
      log(`${builds[i]!.label} ${endpoint}: profile ${path.join(dir, file)} (window ${window[0]}-${window[1]} ms; scripts/bench/profile.ts reads it)`);
      results.push({ shares: profileShares(path.join(dir, file), ...window), run });
    }
    const parts = [...new Set([...results[0]!.shares.keys(), ...results[1]!.shares.keys()])];
    const us = (r: (typeof results)[number], part: string) => (r.shares.get(part) ?? 0) * r.run.serverCpuUs;
    const [pa, pb] = results.map((r) => r.run);
    console.log(
      `\n${endpoint} under --cpu-prof: req/s A ${Math.round(pa!.rps)}, B ${Math.round(pb!.rps)}; server CPU µs/req A ${pa!.serverCpuUs}, B ${pb!.serverCpuUs}; database A ${pa!.dbCpuUs}, B ${pb!.dbCpuUs}; load ${loadAverage()}`,
    );
    console.log('| part | A share | A µs/req | B share | B µs/req | B - A µs/req |\n|---|---|---|---|---|---|');
    for (const part of parts.sort((p, q) => us(results[1]!, q) - us(results[1]!, p))) {
      const [ra, rb] = results as [(typeof results)[number], (typeof results)[number]];
      const share = (r: typeof ra) => `${((r.shares.get(part) ?? 0) * 100).toFixed(1)}%`;
      console.log(
        `| ${part} | ${share(ra)} | ${us(ra, part).toFixed(1)} | ${share(rb)} | ${us(rb, part).toFixed(1)} | ${(us(rb, part) - us(ra, part)).toFixed(1)} |`,
      );
    }
  }
}

async function main(): Promise<void> {
  assertWrkInstalled();
  const args = parseArgs(process.argv.slice(2));
  const baseBuild: Build =
    'ref' in args.base
      ? { label: `A ${describeCommit(args.base.ref)}`, dist: buildOfCommit(args.base.ref, log) }
      : { label: `A ${args.base.dist}`, dist: path.relative(ROOT, path.resolve(args.base.dist)) };
  if (!fs.existsSync(path.join(ROOT, baseBuild.dist, 'src/server.js'))) throw new Error(`${baseBuild.dist} holds no build (src/server.js)`);
  const headDist = args.head ? buildOfCommit(args.head, log) : process.env.AB_BUILD === '0' ? 'dist' : buildWorkingTree();
  const builds: Build[] = [baseBuild, { label: `B ${describeCommit(args.head)}`, dist: headDist }];
  log(
    `${BACKEND}: ${builds.map((b) => `${b.label} (${b.dist})`).join(', ')}; data: ${SHAPE.providers} providers, ${SHAPE.agents} agents, ${OPINIONS} opinions`,
  );
  const dbs: Database[] = [];
  const targets: Target[] = [];
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-ab-'));
  try {
    for (const [i, build] of builds.entries()) dbs.push(await databaseFor(build, `tos_ab_${'ab'[i]}`));
    for (const [i, build] of builds.entries()) {
      const child = await startServer({ ...LIMITS, ...dbs[i]!.env }, [], build.dist);
      targets.push({ label: build.label, child, pids: () => dbs[i]!.pids(), transactions: dbs[i]!.transactions, runs: {} });
    }
    // JIT, caches and the agents' rows warm up first: early rounds would favour whichever ran later.
    for (const t of targets) for (const e of args.endpoints) await measure(t, e, WARMUP / args.endpoints.length, 0);
    if (BARE && ROUNDS > 0) {
      for (const [i, t] of [...targets].entries()) {
        const file = path.join(scratch, `bodies-${i}.json`);
        await capture(t.child, args.endpoints, file);
        const child = await startBare('fastify', file);
        targets.push({ label: `bare Fastify (${'AB'[i]}'s bytes)`, child, pids: async () => [], runs: {} });
      }
      for (const t of targets.slice(2)) for (const e of args.endpoints) await measure(t, e, 2, 0);
    }
    const loads: Record<string, number[]> = {};
    for (const endpoint of args.endpoints) {
      loads[endpoint] = [];
      for (const t of targets) t.runs[endpoint] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A B bareA bareB, then bareB bareA B A...: no target always runs first after a pause.
        const order = targets.map((_, i) => i);
        if (round % 2 === 1) order.reverse();
        loads[endpoint]!.push(loadAverage());
        for (const i of order) targets[i]!.runs[endpoint]!.push(await measure(targets[i]!, endpoint, SECONDS, 1));
        const [a, b] = targets.map((t) => t.runs[endpoint]![round]!);
        log(`${endpoint} round ${round + 1}: A ${Math.round(a!.rps)} req/s, B ${Math.round(b!.rps)} req/s (load ${loads[endpoint]![round]})`);
      }
    }
    console.log(
      `\nA/B, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, ${BACKEND}, wrk ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, ${AGENTS} agents' keys on ep3, ${OPINIONS} opinions: ${builds.map((b) => `${b.label} (${b.dist})`).join(', ')}`,
    );
    if (ROUNDS > 0) for (const endpoint of args.endpoints) report(endpoint, targets, loads[endpoint]!);
  } finally {
    for (const t of targets) await t.child.stop();
  }
  try {
    if (PROFILE) await profile(builds, dbs, args.endpoints);
  } finally {
    for (const db of dbs) await db.cleanup();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
