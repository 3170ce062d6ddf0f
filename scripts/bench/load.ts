// Load runs: wrk (C, its own process, so the load generator costs the servers as little CPU as
// possible) with many keep-alive connections cycling through a list of requests, and a
// sequential keep-alive client (the latency of one request on an otherwise idle server).
// Alongside each run, the CPU time the server process and the database backends spent, read
// from /proc: per request, a figure that moves far less than req/s on a shared machine.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
  /** CPU time (user + system) of the server process per request, in µs. */
  serverCpuUs: number;
  /** CPU time of the database's backends for this server per request, in µs (0 for the embedded database). */
  dbCpuUs: number;
  /**
   * Database transactions (each statement outside one counts as one) per request, from
   * pg_stat_database; NaN when not counted. Backends report within about a second, so this
   * is approximate over short runs (the lags at both ends mostly cancel).
   */
  dbStatements: number;
}

export interface BenchRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Cycled through in order, one per request. */
  requests: BenchRequest[];
  serverPid: number;
  /** PostgreSQL backends serving this server, read after the warm-up (they exist by then). */
  dbPids?: () => Promise<number[]>;
  /** The database's committed and rolled-back transactions so far (pg_stat_database). */
  dbTransactions?: () => Promise<number>;
  threads?: number;
}

export function assertWrkInstalled(): void {
  const found = (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, 'wrk')));
  if (!found) throw new Error('npm run bench needs wrk, the HTTP load generator: apt-get install -y wrk');
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const script = luaScript(options.url, options.requests);
  try {
    if (options.warmupSeconds > 0) await wrk(options, options.warmupSeconds, script);
    const dbPids = (await options.dbPids?.()) ?? [];
    const xacts0 = (await options.dbTransactions?.()) ?? NaN;
    const [server0, db0] = [cpuTicks([options.serverPid]), cpuTicks(dbPids)];
    const out = await wrk(options, options.seconds, script);
    const [server1, db1] = [cpuTicks([options.serverPid]), cpuTicks(dbPids)];
    const xacts1 = (await options.dbTransactions?.()) ?? NaN;
    const result = parseWrk(out);
    const perRequest = (ticks: number) => (result.requests > 0 ? Math.round((ticks * 1e6) / TICKS_PER_SECOND / result.requests) : 0);
    return { ...result, serverCpuUs: perRequest(server1 - server0), dbCpuUs: perRequest(db1 - db0), dbStatements: (xacts1 - xacts0) / result.requests };
  } finally {
    fs.rmSync(path.dirname(script), { recursive: true, force: true });
  }
}

/** A Lua script that hands wrk the raw requests, precomputed, in a cycle. */
function luaScript(url: string, requests: BenchRequest[]): string {
  const host = new URL(url).host;
  const raw = requests.map((r) => {
    const headers = Object.entries({ host, ...r.headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    return `GET ${r.path} HTTP/1.1\r\n${headers}\r\n`;
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tos-bench-wrk-')), 'requests.lua');
  fs.writeFileSync(
    file,
    `local requests = {\n${raw.map((r) => JSON.stringify(r)).join(',\n')}\n}\nlocal i = 0\n` +
      'function request()\n  i = i % #requests + 1\n  return requests[i]\nend\n',
  );
  return file;
}

function wrk(options: LoadOptions, seconds: number, script: string): Promise<string> {
  const args = ['-t', String(options.threads ?? 1), '-c', String(options.connections), '-d', `${seconds}s`, '--latency', '-s', script, options.url];
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { timeout: (seconds + 30) * 1000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`wrk ${args.join(' ')}: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

function parseWrk(out: string): Omit<LoadResult, 'serverCpuUs' | 'dbCpuUs' | 'dbStatements'> {
  const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? NaN);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: latencyMs(out, '50%'),
    p99: latencyMs(out, '99%'),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/) || 0,
    errors: errors ? errors.slice(1).reduce((n, e) => n + Number(e), 0) : 0,
    requests: number(/(\d+) requests in/),
  };
}

function latencyMs(out: string, percentile: string): number {
  const match = new RegExp(`^\\s+${percentile}\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
  if (!match) {
    console.error(`[bench] no ${percentile} latency in wrk's output:\n${out}`);
    return NaN;
  }
  const scale: Record<string, number> = { us: 1e-3, ms: 1, s: 1e3, m: 6e4 };
  return Math.round(Number(match[1]) * scale[match[2]] * 100) / 100;
}

/** Linux reports process CPU times in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

function cpuTicks(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process has gone
    }
  }
  return ticks;
}

/** `count` requests one after another over one keep-alive connection; median and p99 in ms. */
export async function sequentialLatency(url: string, paths: string[], count: number): Promise<{ p50: number; p99: number; body: any }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let body: any = null;
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    const { status, text } = await get(agent, url + paths[i % paths.length]);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (status !== 200) throw new Error(`${paths[i % paths.length]}: ${status} ${text}`);
    if (i === 0) body = JSON.parse(text);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99), body };
}

export function get(agent: http.Agent | undefined, url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
