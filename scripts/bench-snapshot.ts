// `npm run bench:snapshot`: the cost of a first start (issue 45). The built server (npm run
// build; BENCH_BUILD=0 keeps dist/) starts on a fresh database, the embedded PGlite in a new
// directory and PostgreSQL in a throwaway database made through BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test, dropped at the end), with tracking off (offline, as a
// first start without the providers' sites) and the shipped snapshot on. For each it prints the
// time until the index first answers (GET / with 200, from the spawn), the time until the whole
// snapshot is taken in and analysed (the server's "snapshot taken in" log line), documents a
// second, and the peak resident memory of the process (VmHWM; its analysis threads are in it).
// Environment: BENCH_BACKENDS (pglite,postgres), BENCH_DATABASE_URL, BENCH_BUILD, and any server
// variable (ANALYSIS_WORKERS...), passed through. A benchmark, not a test: it asserts nothing.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort, ROOT } from './bench/processes.js';

const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').map((b) => b.trim());
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LIMIT_MS = 15 * 60_000;

interface Result {
  backend: string;
  indexMs: number;
  totalMs: number;
  documents: number;
  failed: number;
  peakMiB: number;
  restIndexMs: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(backend: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-bench-snapshot-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, TRACK_INTERVAL: '0', SNAPSHOT: 'on', LOG_LEVEL: 'info' };
  let drop = async () => {};
  if (backend === 'postgres') {
    const name = `tos_bench_snapshot_${process.pid}`;
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    drop = async () => {
      const cleanup = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
  try {
    const first = await startAndWatch(env, true);
    // A second start on the same database: nothing left to take in, the index at once.
    const again = await startAndWatch(env, false);
    return { backend, ...first, restIndexMs: again.indexMs };
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startAndWatch(env: Record<string, string>, waitForSnapshot: boolean): Promise<Omit<Result, 'backend' | 'restIndexMs'>> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/src/server.js'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let report: { analysed: number; failed: number } | null = null;
  let reportAt = 0;
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk;
    for (const line of chunk.toString().split('\n')) {
      if (!line.includes('"snapshot taken in"')) continue;
      report = JSON.parse(line) as { analysed: number; failed: number };
      reportAt = performance.now();
    }
  });
  child.stderr!.on('data', (chunk) => (output += chunk));
  const peak = () => {
    try {
      const match = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : NaN;
    } catch {
      return NaN;
    }
  };
  let indexMs = NaN;
  let peakMiB = 0;
  try {
    const deadline = started + LIMIT_MS;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output.slice(-4000)}`);
      peakMiB = Math.max(peakMiB, peak() || 0);
      if (Number.isNaN(indexMs)) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/`)).status === 200) indexMs = performance.now() - started;
        } catch {
          // not listening yet
        }
      }
      if (!Number.isNaN(indexMs) && (!waitForSnapshot || report)) break;
      await sleep(100);
    }
    if (Number.isNaN(indexMs) || (waitForSnapshot && !report)) throw new Error(`not done within ${LIMIT_MS / 60_000} minutes:\n${output.slice(-4000)}`);
    const done = report as { analysed: number; failed: number } | null;
    return {
      indexMs,
      totalMs: done ? reportAt - started : NaN,
      documents: done?.analysed ?? 0,
      failed: done?.failed ?? 0,
      peakMiB: Math.max(peakMiB, peak() || 0),
    };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_BUILD !== '0') execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`bench:snapshot on ${os.cpus().length} cores, ${new Date().toISOString()}, load average before: ${load}`);
  const results: Result[] = [];
  for (const backend of BACKENDS) {
    console.error(`${backend}: first start on a fresh database...`);
    results.push(await run(backend));
  }
  console.log('\n| database | index first answers | whole snapshot analysed | documents | documents a second | peak RSS | index after a restart |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    const seconds = r.totalMs / 1000;
    console.log(
      `| ${r.backend} | ${(r.indexMs / 1000).toFixed(1)} s | ${seconds.toFixed(1)} s | ${r.documents}${r.failed ? ` (${r.failed} failed)` : ''} | ` +
        `${(r.documents / seconds).toFixed(2)} | ${r.peakMiB.toFixed(0)} MiB | ${r.restIndexMs === null ? '-' : `${(r.restIndexMs / 1000).toFixed(1)} s`} |`,
    );
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
