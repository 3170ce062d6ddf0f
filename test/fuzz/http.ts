// The fuzz suite's requests: exact bytes on a kept-alive connection to the listening server
// (query pairs in order, duplicates allowed; the body as a raw string, so that invalid JSON,
// `1e400` and `\ud800` escapes reach the server as written).
import http from 'node:http';

export interface FuzzRequest {
  readonly method: string;
  /** Path with its parameters already substituted and percent-encoded. */
  readonly path: string;
  readonly query: ReadonlyArray<readonly [string, string]>;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface FuzzResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
  /** The parsed body, or undefined when it is not JSON. */
  readonly json: unknown;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** The request line's target: path and query, every query byte percent-encoded as UTF-8. */
export function target(request: FuzzRequest): string {
  if (request.query.length === 0) return request.path;
  return `${request.path}?${request.query.map(([k, v]) => `${encodeQuery(k)}=${encodeQuery(v)}`).join('&')}`;
}

/** encodeURIComponent, except that an unpaired surrogate is sent as the bytes a careless client would send (CESU-8). */
export function encodeQuery(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

export function send(port: number, request: FuzzRequest, timeoutMs = 30_000): Promise<FuzzResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    const req = http.request({ host: '127.0.0.1', port, method: request.method, path: target(request), headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text === '' ? undefined : JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, json });
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

/** Closes the kept-alive connection (at the end of a run). */
export function closeConnections(): void {
  agent.destroy();
}
