// Fetching tos_url as the admin API and the CLI do (fetchTerms, one attempt): internal addresses
// refused (literal or behind a name), redirects followed up to a limit, compressed bodies read
// within the size limit, slow servers cut off.
import http from 'node:http';
import zlib from 'node:zlib';
import t from 'tap';
import { isInternalAddress } from '../../../src/tracker/fetch/safe-http.js';
import { fetchTerms } from '../../../src/tracker/fetch/fetch-terms.js';
import { inProcessAnalyzer } from '../../../src/analysis-pool/jobs.js';
import { DomainError } from '../../../src/core/errors.js';
import { statusOf } from '../../../src/http/errors.js';

const TERMS = 'These Terms are governed by the laws of England.';

const server = http.createServer((req, res) => {
  const url = req.url ?? '';
  if (url === '/terms') return res.writeHead(200, { 'content-type': 'text/plain' }).end(TERMS);
  if (url === '/gzip') return res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(zlib.gzipSync(TERMS));
  if (url === '/bomb') {
    // 8 MiB of zeros, a few KiB on the wire: the limit must count decompressed bytes.
    return res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(8 * 1024 * 1024)));
  }
  if (url === '/to-terms') return res.writeHead(302, { location: '/terms' }).end();
  if (url === '/to-ftp') return res.writeHead(302, { location: 'ftp://example.com/terms' }).end();
  if (url === '/to-file') return res.writeHead(301, { location: 'file:///etc/passwd' }).end();
  if (url === '/loop') return res.writeHead(301, { location: '/loop' }).end();
  if (url === '/slow') return void res.writeHead(200, { 'content-type': 'text/plain' }).write('partial');
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
t.teardown(() => {
  server.closeAllConnections();
  server.close();
});
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const local = { allowPrivateAddresses: true };

/** One fetch of `url` with the admin API's policy: the document as it came, or the failure. */
async function fetchDocument(url: string, options: { allowPrivateAddresses?: boolean; timeoutMs?: number } = {}) {
  const policy = {
    baseUrl: 'http://localhost:3000',
    allowPrivateAddresses: options.allowPrivateAddresses ?? false,
    chromiumPath: null,
    attempts: 1,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxBytes: 2 * 1024 * 1024,
  };
  const fetched = await fetchTerms({ url }, { etag: null, lastModified: null }, policy, inProcessAnalyzer);
  if (fetched.kind !== 'terms') throw new Error('not modified');
  return { raw: fetched.text, format: fetched.format, url: fetched.url };
}

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error instanceof DomainError ? `${statusOf(error)} ${error.message}` : `unexpected ${String(error)}`;
  }
  return 'no error';
};

t.test('internal addresses', async (t) => {
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:5',
    '64:ff9b::10.0.0.5',
    '64:ff9b::7f00:1',
    '64:ff9b:1::1',
    'fec0::1',
  ]) {
    t.ok(isInternalAddress(address), address);
  }
  for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) t.notOk(isInternalAddress(address), address);
});

t.test('refused by default: literal internal addresses and names that resolve to one (every redirect hop goes through the same check)', async (t) => {
  t.match(await failure(fetchDocument(`${base}/terms`)), /^422 .*internal network/);
  const port = (server.address() as { port: number }).port;
  t.match(await failure(fetchDocument(`http://localhost:${port}/terms`)), /^422 .*internal network/, 'a name resolving to loopback');
  t.match(await failure(fetchDocument(`http://[::1]:${port}/terms`)), /^422 .*internal network/);
});

t.test('allowed: plain, redirected and compressed documents', async (t) => {
  t.same(await fetchDocument(`${base}/terms`, local), { raw: TERMS, format: 'text', url: `${base}/terms` });
  t.same(await fetchDocument(`${base}/to-terms`, local), { raw: TERMS, format: 'text', url: `${base}/terms` }, 'the final URL is kept');
  t.equal((await fetchDocument(`${base}/gzip`, local)).raw, TERMS);
});

t.test('limits: redirects, decompressed size, time', async (t) => {
  t.match(await failure(fetchDocument(`${base}/loop`, local)), /^422 .*more than 5 redirects/);
  t.match(await failure(fetchDocument(`${base}/bomb`, local)), /^422 .*larger than/);
  t.match(await failure(fetchDocument(`${base}/slow`, { ...local, timeoutMs: 300 })), /^422 .*within 0.3 s/);
  t.match(await failure(fetchDocument(`${base}/missing`, local)), /^422 .*HTTP 404/);
  t.match(await failure(fetchDocument('ftp://example.com/terms')), /^400/);
  // The URL asked for was fine: where the page leads is the page's failure.
  t.match(await failure(fetchDocument(`${base}/to-ftp`, local)), /^422 .*redirects to a non-HTTP URL \(ftp:\); only http and https/);
  t.match(await failure(fetchDocument(`${base}/to-file`, local)), /^422 .*redirects to a non-HTTP URL \(file:\)/);
  t.match(await failure(fetchDocument('not a url')), /^400/);
});
