// Load runs: autocannon with many connections (throughput, latency under load) and a sequential
// keep-alive client (the latency of one request on an otherwise idle server).
import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** The i-th request's path and headers. */
  request: (i: number) => { path: string; headers?: Record<string, string> };
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  let i = 0;
  const requests = [
    {
      method: 'GET',
      setupRequest: (req: any) => {
        const next = options.request(i++);
        return { ...req, path: next.path, headers: { ...req.headers, ...next.headers } };
      },
    },
  ];
  if (options.warmupSeconds > 0) {
    await autocannon({ url: options.url, connections: options.connections, duration: options.warmupSeconds, requests });
  }
  const result = await autocannon({ url: options.url, connections: options.connections, duration: options.seconds, requests });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
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
