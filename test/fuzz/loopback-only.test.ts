// The fuzz suite's guard: once on, this process connects to loopback only, whatever asks. The
// real connect and lookup are replaced by recorders first, so that this test itself can never
// send a packet past loopback even if the guard were broken.
import dns from 'node:dns';
import net from 'node:net';
import http from 'node:http';
import t from 'tap';

const reached: string[] = [];
const realConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function recorder(this: net.Socket, ...args: unknown[]) {
  const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  const host = (typeof first === 'object' && first !== null ? (first as { host?: string }).host : (second as string)) ?? 'localhost';
  reached.push(host);
  if (host.startsWith('127.')) return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  process.nextTick(() => this.destroy(new Error('recorder: not connected')));
  return this;
} as typeof net.Socket.prototype.connect;
const realLookup = dns.lookup as (...args: unknown[]) => void;
(dns as { lookup: unknown }).lookup = (hostname: string, ...rest: unknown[]) => {
  reached.push(`lookup ${hostname}`);
  if (hostname.startsWith('127.') || hostname === 'localhost') return realLookup.call(dns, hostname, ...rest);
  (rest[rest.length - 1] as (e: Error) => void)(new Error('recorder: no lookup'));
};

const { connectToLoopbackOnly, isLoopback } = await import('./loopback-only.js');
connectToLoopbackOnly();

t.test('loopback addresses and names are told apart from everything else', async (t) => {
  for (const host of ['127.0.0.1', '127.9.8.7', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) t.ok(isLoopback(host), host);
  for (const host of ['10.0.0.1', '192.168.1.1', '8.8.8.8', 'example.com', '::', 'fe80::1', 'localhost.example']) t.notOk(isLoopback(host), host);
});

t.test('connections and lookups beyond loopback are refused before they start; loopback works', async (t) => {
  const server = http.createServer((_req, res) => res.end('here'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as net.AddressInfo;
  t.equal(await (await fetch(`http://127.0.0.1:${port}/`)).text(), 'here', 'loopback through fetch');
  reached.length = 0;
  await t.rejects(fetch('http://example.com/'), 'fetch to a name');
  await t.rejects(fetch('http://192.0.2.1/'), 'fetch to an address');
  const viaNet = await new Promise<Error>((resolve) => net.connect(80, '192.0.2.2').on('error', resolve));
  t.match(viaNet.message, /loopback only/, 'net.connect');
  const viaHttp = await new Promise<Error>((resolve) => http.get('http://192.0.2.3/').on('error', resolve));
  t.match(viaHttp.message, /loopback only/, 'http.get');
  const lookup = await new Promise<Error | null>((resolve) => dns.lookup('example.com', (error) => resolve(error)));
  t.match(lookup?.message, /loopback only/, 'dns.lookup');
  t.same(reached, [], 'nothing beyond loopback reached the real connect or lookup');
});
