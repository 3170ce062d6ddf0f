// `npm run bench:ab -- <base-dist> [endpoint]`: is a change faster? Two builds of the server
// (a copy of an earlier `npm run build` output, and dist/ as built now) serve the same data,
// and wrk loads them in turns, A B B A A B ..., so that whatever else the shared machine is
// doing falls on both alike. It prints every round and the medians of req/s, CPU µs per request
// and the paired ratio B/A. One full `npm run bench` moves by 10-25 % between identical runs on
// this VM. Paired rounds narrow that, but do not remove it: A/A runs (one build against a copy
// of itself, PostgreSQL, 2026-11-23) gave median B/A 1.069 (endpoint 3, rounds 0.999-1.313) and
// 1.007 (endpoint 4 with provider_slug, rounds 0.673-1.101), so a difference under about 10-15 %
// is not shown by it.
// Endpoint: ep3 (keyed provider detail, default), ep4 (public opinions) or ep4slug.
// Environment: AB_BACKEND (postgres | pglite, default pglite), AB_ROUNDS (6), AB_SECONDS (5),
// AB_CONNECTIONS (50), BENCH_DATABASE_URL as for npm run bench.
// Example: cp -r dist dist-base (inside the project, so that it finds node_modules); change;
// npm run build; npm run bench:ab -- dist-base
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { openDatabase } from '../src/db/connect.js';
import { benchKey, createCatalogue, providerSlug, SHAPE } from './bench/data.js';
import { assertWrkInstalled, load, type BenchRequest, type LoadResult } from './bench/load.js';
import { ROOT, startServer, type Child } from './bench/processes.js';

const [baseArg, endpoint = 'ep3'] = process.argv.slice(2);
if (!baseArg) throw new Error('usage: npm run bench:ab -- <copy of an earlier dist/> [ep3|ep4|ep4slug]');
const BASE_DIST = path.resolve(baseArg);
const BACKEND = process.env.AB_BACKEND ?? 'pglite';
const ROUNDS = Number(process.env.AB_ROUNDS ?? 6);
const SECONDS = Number(process.env.AB_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 50);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LIMITS = { RATE_LIMIT_REQUESTS_PER_HOUR: '1000000000', SEED_DEMO: 'false' };
const AGENTS = 1000;
const WARMUP = 8;

const slugs = Array.from({ length: SHAPE.providers }, (_, i) => providerSlug(i + 1));
const REQUESTS: Record<string, BenchRequest[]> = {
  ep3: Array.from({ length: AGENTS }, (_, i) => ({
    path: `/api/agents/providers/${slugs[(i * 7) % slugs.length]}`,
    headers: { authorization: `Bearer ${benchKey(i + 1)}` },
  })),
  ep4: [{ path: '/api/agents/opinions' }],
  ep4slug: slugs.map((slug) => ({ path: `/api/agents/opinions?provider_slug=${slug}` })),
};
const log = (message: string) => console.error(`[ab ${new Date().toISOString().slice(11, 19)}] ${message}`);

interface Variant {
  label: string;
  server: Child;
  dbPids: () => Promise<number[]>;
  runs: LoadResult[];
}

/** One database per variant, with the same content: each server meters its own agents' rows. */
async function databases(): Promise<{
  env: [Record<string, string>, Record<string, string>];
  pids: (i: number) => Promise<number[]>;
  cleanup(): Promise<void>;
}> {
  if (BACKEND === 'pglite') {
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'tos-ab-')));
    const handle = await openDatabase({ databaseUrl: null, dataDir: dirs[0] });
    await createCatalogue(handle.db);
    await handle.close();
    fs.cpSync(dirs[0], dirs[1], { recursive: true });
    const base = await PGlite.create({ dataDir: path.join(dirs[0], 'pgdata'), extensions: { pg_trgm } });
    await forgetNewerMigrations((q) => base.query(q).then((r) => r.rows as { name: string }[]));
    await base.close();
    return {
      env: [
        { DATA_DIR: dirs[0], DATABASE_URL: '' },
        { DATA_DIR: dirs[1], DATABASE_URL: '' },
      ],
      pids: async () => [],
      async cleanup() {
        for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const names = ['tos_ab_a', 'tos_ab_b'];
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  for (const name of names) await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${names[0]}`);
  const urlOf = (name: string) => Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  const handle = await openDatabase({ databaseUrl: urlOf(names[0]), dataDir: os.tmpdir() });
  await createCatalogue(handle.db);
  await handle.close();
  await admin.unsafe(`create database ${names[1]} template ${names[0]}`);
  const base = postgres(urlOf(names[0]), { max: 1, onnotice: () => {} });
  await forgetNewerMigrations((q) => base.unsafe(q) as unknown as Promise<{ name: string }[]>);
  await base.end();
  return {
    env: [{ DATABASE_URL: urlOf(names[0]) }, { DATABASE_URL: urlOf(names[1]) }],
    async pids(i) {
      const rows = await admin`select pid from pg_stat_activity where datname = ${names[i]} and backend_type = 'client backend'`;
      return rows.map((r) => Number(r.pid));
    },
    async cleanup() {
      for (const name of names) await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The base build's database forgets the migrations that build does not have (the change under
 * test may add one): Kysely refuses to start on a database that ran a migration it does not know.
 * The tables and columns those migrations added stay, unused by the base build.
 */
async function forgetNewerMigrations(query: (sql: string) => Promise<{ name: string }[]>): Promise<void> {
  const known = new Set(fs.readdirSync(path.join(BASE_DIST, 'db/migrations')).map((f) => f.replace(/\.js$/, '')));
  for (const { name } of await query('select name from kysely_migration')) {
    if (known.has(name)) continue;
    log(`base database: forgetting migration ${name}, which ${path.basename(BASE_DIST)} does not have`);
    await query(`delete from kysely_migration where name = '${name.replace(/'/g, "''")}'`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  assertWrkInstalled();
  if (!fs.existsSync(path.join(BASE_DIST, 'src/server.js'))) throw new Error(`${BASE_DIST} holds no build (src/server.js)`);
  const requests = REQUESTS[endpoint];
  if (!requests) throw new Error(`unknown endpoint ${endpoint}: ep3, ep4 or ep4slug`);
  log(`${BACKEND}: creating the data (${SHAPE.providers} providers, ${SHAPE.agents} agents)`);
  const dbs = await databases();
  const variants: Variant[] = [];
  try {
    const dists = [path.relative(ROOT, BASE_DIST), 'dist'];
    for (const i of [0, 1]) {
      const server = await startServer({ ...LIMITS, ...dbs.env[i] }, [], dists[i]);
      variants.push({ label: i === 0 ? `A ${dists[0]}` : 'B dist', server, dbPids: () => dbs.pids(i), runs: [] });
    }
    // JIT, caches and the agents' rows warm up first: early rounds would favour whichever ran later.
    for (const v of variants) await load({ url: v.server.url, connections: CONNECTIONS, seconds: WARMUP, warmupSeconds: 0, requests, serverPid: v.server.pid });
    const rows: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A B, B A, A B...: neither variant always runs first after a pause.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        const v = variants[i];
        const run = await load({
          url: v.server.url,
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmupSeconds: 1,
          requests,
          serverPid: v.server.pid,
          dbPids: v.dbPids,
        });
        if (run.non2xx + run.errors > 0) throw new Error(`${v.label}: ${run.non2xx} non-2xx and ${run.errors} errors`);
        v.runs.push(run);
      }
      const [a, b] = variants.map((v) => v.runs[round]);
      rows.push(
        `| ${round + 1} | ${Math.round(a.rps)} | ${Math.round(b.rps)} | ${(b.rps / a.rps).toFixed(3)} | ${a.serverCpuUs + a.dbCpuUs} | ${b.serverCpuUs + b.dbCpuUs} |`,
      );
      log(`round ${round + 1}: A ${Math.round(a.rps)} req/s, B ${Math.round(b.rps)} req/s`);
    }
    const [a, b] = variants.map((v) => v.runs);
    const ratios = a.map((run, i) => b[i].rps / run.rps);
    const cpu = (runs: LoadResult[]) => median(runs.map((r) => r.serverCpuUs + r.dbCpuUs));
    console.log(
      `\nA/B, ${new Date().toISOString().slice(0, 10)}, ${BACKEND}, ${endpoint}, wrk ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s: A = ${variants[0].label}, B = ${variants[1].label}`,
    );
    console.log('| round | A req/s | B req/s | B/A | A CPU µs/req (server + DB) | B CPU µs/req |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(
      `| median | ${Math.round(median(a.map((r) => r.rps)))} | ${Math.round(median(b.map((r) => r.rps)))} | ${median(ratios).toFixed(3)} | ${cpu(a)} | ${cpu(b)} |`,
    );
    console.log(
      `B faster in ${ratios.filter((r) => r > 1).length} of ${ROUNDS} rounds; p99 ms median A ${median(a.map((r) => r.p99))}, B ${median(b.map((r) => r.p99))}`,
    );
  } finally {
    for (const v of variants) await v.server.stop();
    await dbs.cleanup();
  }
}

await main();
