// Resident memory of the server under analysis load (issue 35, item 7): the compiled server in a
// child process on its own embedded database, several agents sending 50 texts of 200,000
// characters through POST /api/agents/analyze, the process's RSS (its analysis worker threads
// are in the same process) read from /proc every 100 ms. Prints RSS at rest, after the first
// analysis, at its peak and at the end, then heap snapshots of the main thread and of each
// analysis thread (SIGUSR2 with HEAP_SNAPSHOT_DIR), summed by constructor.
//
// The texts are real terms (../shared/terms/current, or BENCH_TERMS_DIR) concatenated to the
// length, each starting at another document; generated clauses where that directory is missing.
// The database is PostgreSQL (a database of its own made through BENCH_DATABASE_URL, by default
// postgres://postgres@127.0.0.1:5432/test) or, with BENCH_DATABASE=pglite, the embedded one,
// which lives in the server's process: its WebAssembly memory alone is some 200 MB of RSS.
// Environment: BENCH_RUNS (50), BENCH_CHARS (200000), BENCH_CONCURRENCY (agents sending at once,
// 4), BENCH_HTML=1 (each text as an HTML page of paragraphs, through the HTML reader), BENCH_SNAPSHOTS=0 (no snapshots), BENCH_BUILD=0 (use the existing dist/), and any server
// variable (ANALYSIS_WORKERS, ANALYSIS_WORKER_MEMORY_MB...), passed through.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { ROOT, startServer } from './bench/processes.js';
import { printHeapSummary, summariseHeapSnapshot } from './bench/heap-summary.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const CHARS = Number(process.env.BENCH_CHARS ?? 200_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SNAPSHOTS = process.env.BENCH_SNAPSHOTS !== '0';
const HTML = process.env.BENCH_HTML === '1';
const DATABASE = process.env.BENCH_DATABASE === 'pglite' ? 'pglite' : 'postgres';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'tos_bench_memory';
const TERMS_DIR = process.env.BENCH_TERMS_DIR ?? path.join(ROOT, '..', 'shared', 'terms', 'current');

/** A text as an HTML page: its paragraphs as <p>, kept to `CHARS` characters (a cut paragraph is closed by the parser). */
function asHtml(text: string): string {
  const escape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const body = text
    .split(/\n{2,}/)
    .map((p) => (p.startsWith('#') ? `<h2>${escape(p.replace(/^#+\s*/, ''))}</h2>` : `<p>${escape(p)}</p>`))
    .join('\n');
  return `<!doctype html><html><head><title>Terms</title></head><body><main>${body}</main></body></html>`.slice(0, CHARS);
}

/** One text per run, each `CHARS` long (as HTML with BENCH_HTML=1). */
function texts(): { source: string; make: (run: number) => string } {
  const plain = plainTexts();
  return HTML ? { source: `${plain.source}, as HTML`, make: (run) => asHtml(plain.make(run)) } : plain;
}

/** Real documents from a different starting point each time, or generated clauses. */
function plainTexts(): { source: string; make: (run: number) => string } {
  const documents = fs.existsSync(TERMS_DIR)
    ? fs
        .readdirSync(TERMS_DIR)
        .filter((f) => /\.(md|txt)$/.test(f))
        .sort()
        .map((f) => fs.readFileSync(path.join(TERMS_DIR, f), 'utf8'))
    : [];
  if (documents.length > 0) {
    return {
      source: `${documents.length} documents of ${TERMS_DIR}`,
      make: (run) => {
        let text = '';
        for (let i = run; text.length < CHARS; i++) text += `${documents[i % documents.length]}\n\n`;
        return text.slice(0, CHARS);
      },
    };
  }
  const clauses = [
    'We may terminate your account at any time for any reason without notice.',
    'These Terms are governed by the laws of the State of Delaware.',
    'You agree to resolve any dispute by binding individual arbitration and waive any class action.',
    'Our total liability to you shall not exceed one hundred dollars.',
    'We may change these Terms at any time and your continued use means you accept the changes.',
    'You grant us a worldwide, royalty-free licence to use the content you post.',
  ];
  return {
    source: `generated clauses (${TERMS_DIR} not found)`,
    make: (run) => {
      let text = '';
      for (let i = 0; text.length < CHARS; i++) text += `${i + 1}. ${clauses[(i + run) % clauses.length]} Section ${run}-${i} applies.\n\n`;
      return text.slice(0, CHARS);
    },
  };
}

const mb = (kib: number) => `${(kib / 1024).toFixed(0)} MB`;

function statusKiB(pid: number, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

async function post(url: string, body: unknown, key?: string): Promise<{ status: number; json: any }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key && { authorization: `Bearer ${key}` }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** Sends SIGUSR2 and waits for the server to name the snapshots it wrote. */
async function snapshots(pid: number, dir: string): Promise<{ main: string; threads: string[]; memoryBefore: NodeJS.MemoryUsage }> {
  const known = new Set(fs.readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  for (const deadline = Date.now() + 300_000; Date.now() < deadline;) {
    const summary = fs.readdirSync(dir).find((f) => f.startsWith('snapshots-') && !known.has(f));
    if (summary) return JSON.parse(fs.readFileSync(path.join(dir, summary), 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no heap snapshots within 5 minutes');
}

async function dropPostgres(): Promise<void> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
  await admin.end();
}

/** An empty database for the server to migrate. */
async function freshPostgres(): Promise<string> {
  await dropPostgres();
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function main(): Promise<void> {
  if (process.env.BENCH_BUILD !== '0') execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const { source, make } = texts();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  const snapshotDir = path.join(work, 'snapshots');
  fs.mkdirSync(snapshotDir);
  const databaseUrl = DATABASE === 'postgres' ? await freshPostgres() : '';
  const server = await startServer({
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    RATE_LIMIT_REQUESTS_PER_HOUR: '100000',
    RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY: '100000',
    ...(SNAPSHOTS && { HEAP_SNAPSHOT_DIR: snapshotDir }),
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, statusKiB(server.pid, 'VmRSS'))), 100);
  try {
    await new Promise((r) => setTimeout(r, 2000));
    const atRest = statusKiB(server.pid, 'VmRSS');
    // VmHWM is the process's peak since it started: start-up (PGlite's initdb and migrations) included.
    const peakBeforeLoad = statusKiB(server.pid, 'VmHWM');
    peak = atRest;
    const keys: string[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const registered = await post(`${server.url}/api/agents/register`, { name: `memory bench ${i}`, accept_terms: true });
      if (registered.status !== 201 && registered.status !== 200) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.json)}`);
      keys.push(registered.json.api_key);
    }
    let next = 0;
    let afterFirst = NaN;
    const statuses = new Map<number, number>();
    const started = Date.now();
    await Promise.all(
      keys.map(async (key) => {
        for (let run = next++; run < RUNS; run = next++) {
          const { status } = await post(`${server.url}/api/agents/analyze`, { text: make(run) }, key);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (Number.isNaN(afterFirst)) afterFirst = statusKiB(server.pid, 'VmRSS');
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 2000));
    const atEnd = statusKiB(server.pid, 'VmRSS');
    const lifetimePeak = statusKiB(server.pid, 'VmHWM');
    console.log(`database: ${DATABASE === 'postgres' ? 'PostgreSQL' : 'embedded PGlite (in the server process)'}`);
    console.log(`texts: ${RUNS} of ${CHARS.toLocaleString('en')} characters from ${source}; ${CONCURRENCY} agents at once; ${seconds.toFixed(0)} s`);
    console.log(`answers: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}`);
    console.log(
      `server RSS (main and analysis threads): at rest ${mb(atRest)}, after the first analysis ${mb(afterFirst)}, peak under load ${mb(peak)} (sampled every 100 ms), at the end ${mb(atEnd)}`,
    );
    console.log(`server peak RSS (VmHWM): before the load, start-up included, ${mb(peakBeforeLoad)}; over its whole life ${mb(lifetimePeak)}`);
    if (SNAPSHOTS) {
      const written = await snapshots(server.pid, snapshotDir);
      console.log(
        `main thread heap used before the snapshot: ${(written.memoryBefore.heapUsed / 1024 / 1024).toFixed(0)} MB (external ${(written.memoryBefore.external / 1024 / 1024).toFixed(0)} MB, array buffers ${(written.memoryBefore.arrayBuffers / 1024 / 1024).toFixed(0)} MB)`,
      );
      printHeapSummary('main thread', summariseHeapSnapshot(written.main));
      for (const file of written.threads) printHeapSummary(path.basename(file).replace(/-\d+\.heapsnapshot$/, ''), summariseHeapSnapshot(file));
    }
  } finally {
    clearInterval(sampler);
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
    if (databaseUrl) await dropPostgres();
  }
}

await main();
