// Raw-socket abuse of the listening server (node:net, no HTTP client in between): broken framing,
// smuggling attempts, oversized headers and URLs, and slow clients. Each gets a 4xx with
// {"error": ...} or a closed connection within the configured limits, never a crash, and the
// server keeps answering others meanwhile (no stuck worker). The limits are set small here so
// that the timeouts can be observed quickly.
import net from 'node:net';
import t, { type Test } from 'tap';
import { buildTestApp } from '../helpers/test-app.js';

const LIMITS = { HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000' };
const { app } = await buildTestApp(t, LIMITS);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as net.AddressInfo).port;

type Asserts = Pick<Test, 'equal' | 'ok' | 'type' | 'same'>;

interface Exchange {
  /** Everything the server sent. */
  readonly text: string;
  readonly status: number | null;
  readonly json: any;
  /** Whether the server closed the connection. */
  readonly closed: boolean;
  readonly ms: number;
}

/** Writes `chunks` (waiting `gapMs` between them, while the socket is open) and reads until the server closes or `waitMs` pass. */
function exchange(chunks: Array<string | Buffer>, { gapMs = 0, waitMs = 5000 } = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      const body = text.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // not JSON (or nothing)
      }
      resolve({ text, status: status ? Number(status) : null, json, closed, ms: Date.now() - started });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (data) => (text += data.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    });
  });
}

async function healthy(t: Asserts): Promise<void> {
  const started = Date.now();
  const res = await fetch(`http://127.0.0.1:${port}/health`);
  t.equal(res.status, 200, 'the server still answers');
  // A stuck event loop never answers; the bound is loose so that a loaded CI machine cannot fail it.
  t.ok(Date.now() - started < 10_000, 'while the hostile connection is still open or just closed');
}

function refusedWithError(t: Asserts, res: Exchange, status: number): void {
  t.equal(res.status, status, `status ${status}: ${res.text.slice(0, 120)}`);
  t.type(res.json?.error, 'string', 'the body is {"error": ...}');
  t.same(Object.keys(res.json ?? {}), ['error']);
  t.ok(res.closed, 'the connection is closed');
}

const post = (headers: string, body: string) =>
  `POST /api/agents/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${headers}\r\n${body}`;

t.test('bad chunked encoding is a 400', async (t) => {
  refusedWithError(t, await exchange([post('Transfer-Encoding: chunked\r\n', 'zz\r\n{"name":"abc"}\r\n0\r\n\r\n')]), 400);
  await healthy(t);
});

t.test('Content-Length together with Transfer-Encoding is a 400 (no request smuggling)', async (t) => {
  const smuggled = '0\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n';
  for (const headers of ['Content-Length: 4\r\nTransfer-Encoding: chunked\r\n', 'Transfer-Encoding: chunked\r\nContent-Length: 4\r\n']) {
    const res = await exchange([post(headers, smuggled)]);
    refusedWithError(t, res, 400);
    t.same(res.json, { error: 'Content-Length and Transfer-Encoding must not both be sent' }, 'in either order');
  }
  await healthy(t);
});

t.test('two Content-Length headers, or a malformed one, are a 400 that says so', async (t) => {
  for (const headers of ['Content-Length: 4\r\nContent-Length: 5\r\n', 'Content-Length: 5\r\nContent-Length: 5\r\n']) {
    const res = await exchange([post(headers, 'abcde')]);
    refusedWithError(t, res, 400);
    t.same(res.json, { error: 'more than one Content-Length header: send one' }, 'conflicting or equal');
  }
  for (const value of ['4, 5', '-1', '0x10']) {
    const res = await exchange([post(`Content-Length: ${value}\r\n`, 'abcde')]);
    refusedWithError(t, res, 400);
    t.same(res.json, { error: 'Content-Length must be one decimal number' }, value);
  }
  await healthy(t);
});

t.test('garbage and malformed request lines are 400s', async (t) => {
  refusedWithError(t, await exchange(['HELLO\r\n\r\n']), 400);
  refusedWithError(t, await exchange(['GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n']), 400);
  // HTTP/1.1 requires Host: Node itself answers 400 (with no body) and closes.
  const noHost = await exchange(['GET /health HTTP/1.1\r\n\r\n']);
  t.equal(noHost.status, 400);
  t.ok(noHost.closed);
  await healthy(t);
});

t.test('a body shorter than its Content-Length: 408 once the request time is up', async (t) => {
  const res = await exchange([post('Content-Length: 100\r\n', '{"name":')]);
  refusedWithError(t, res, 408);
  t.ok(res.ms >= 1500 && res.ms < 7000, `closed after ${res.ms} ms (request timeout 2000 ms)`);
  await healthy(t);
});

t.test('100 KB of headers: 431', async (t) => {
  const big = `GET /health HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 100 }, (_, i) => `X-Filler-${i}: ${'a'.repeat(1000)}\r\n`).join('')}\r\n`;
  refusedWithError(t, await exchange([big]), 431);
  await healthy(t);
});

t.test('a very long query string: 431 past the header limit, 400 from validation below it', async (t) => {
  refusedWithError(t, await exchange([`GET /api/agents/opinions?provider_slug=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`]), 431);
  const below = await exchange([`GET /api/agents/opinions?provider_slug=${'a'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`]);
  t.equal(below.status, 400);
  t.match(below.json?.error, /provider_slug/);
  await healthy(t);
});

t.test('slow clients are cut off: headers trickled, body trickled, nothing sent, idle keep-alive', async (t) => {
  const headerBytes = [...('GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(200))];
  const [slowHeaders, slowBody, silent, idle] = await Promise.all([
    exchange(headerBytes, { gapMs: 50, waitMs: 10000 }),
    exchange([post('Content-Length: 200\r\n', ''), ...'{"name":"slow body","accept_terms":true}'.padEnd(200)], { gapMs: 50, waitMs: 10000 }),
    exchange([], { waitMs: 10000 }),
    exchange(['GET /health HTTP/1.1\r\nHost: x\r\n\r\n'], { waitMs: 10000 }),
  ]);
  t.equal(slowHeaders.status, 408, 'headers that take longer than HTTP_HEADERS_TIMEOUT_MS: 408');
  t.ok(slowHeaders.closed && slowHeaders.ms < 6000, `closed after ${slowHeaders.ms} ms (headers timeout 1000 ms)`);
  t.equal(slowBody.status, 408, 'a body that takes longer than HTTP_REQUEST_TIMEOUT_MS: 408');
  t.ok(slowBody.closed && slowBody.ms < 7000, `closed after ${slowBody.ms} ms (request timeout 2000 ms)`);
  t.ok(silent.closed && silent.ms < 6000, `a connection that sends nothing is closed after ${silent.ms} ms`);
  t.equal(idle.status, 200, 'a kept-alive connection is served');
  t.ok(idle.closed && idle.ms < 6000, `then closed when idle, after ${idle.ms} ms (keep-alive 1000 ms)`);
  await healthy(t);
});

t.test('many slow clients at once do not stop others from being served, and are all let go', async (t) => {
  const slow = Array.from({ length: 40 }, (_, i) => exchange([...`GET /health?i=${i} HTTP/1.1\r\nHost: x\r\n`], { gapMs: 100, waitMs: 10000 }));
  await new Promise((r) => setTimeout(r, 300));
  for (let i = 0; i < 5; i++) await healthy(t);
  const results = await Promise.all(slow);
  t.ok(
    results.every((r) => r.closed),
    'every slow connection was closed by the server',
  );
  const open = await new Promise<number>((resolve) => app.server.getConnections((_, n) => resolve(n)));
  t.ok(open <= 1, `${open} connections left open`);
});

t.test('the limits come from the configuration, with sensible defaults', async (t) => {
  const { loadConfig } = await import('../../src/config.js');
  t.same(loadConfig({}).http, { headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 72_000, maxHeaderBytes: 16_384 });
  t.throws(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' }), /must not be larger/);
  t.throws(() => loadConfig({ HTTP_MAX_HEADER_BYTES: 'big' }), /HTTP_MAX_HEADER_BYTES must be an integer/);
  t.equal(app.server.requestTimeout, 2000);
  t.equal(app.server.headersTimeout, 1000);
  t.equal(app.server.keepAliveTimeout, 1000);
});
