// The smaller hardening points: nosniff on every answer and frame protection on /docs, the
// served document without the admin paths while the admin API is off, two Authorization
// headers refused, the IPv6 forms of internal IPv4 addresses refused for fetching, and MCP
// requests with malformed params answered -32602 (invalid params), not -32603.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { isInternalAddress } from '../../src/tracker/fetch/safe-http.js';

const { app } = await buildTestApp(t);

t.test('nosniff on the JSON API and /docs; /docs cannot be framed', async (t) => {
  const api = await app.inject({ method: 'GET', url: '/api/agents/opinions' });
  t.equal(api.headers['x-content-type-options'], 'nosniff');
  const docs = await app.inject({ method: 'GET', url: '/docs/' });
  t.equal(docs.headers['x-content-type-options'], 'nosniff');
  t.equal(docs.headers['x-frame-options'], 'DENY');
  t.match(docs.headers['content-security-policy'], /frame-ancestors 'none'/);
});

t.test('/openapi.json has no admin paths while the admin API is off', async (t) => {
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  t.notOk(Object.keys(document.paths).some((path) => path.startsWith('/api/admin/')));
  t.ok(document.paths['/api/agents/register'], 'the agent paths are there');
  const { app: withAdmin } = await buildTestApp(t, { ADMIN_TOKEN: 'x'.repeat(32) });
  const full = (await withAdmin.inject({ method: 'GET', url: '/openapi.json' })).json();
  t.ok(
    Object.keys(full.paths).some((path) => path.startsWith('/api/admin/')),
    'listed when it is on',
  );
});

t.test('two Authorization headers are refused with 400', async (t) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const { connect } = await import('node:net');
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let out = '';
    socket.on('data', (chunk) => (out += chunk));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    socket.write(
      `GET /api/agents/me HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer svc_ak_${'a'.repeat(64)}\r\nAuthorization: Bearer svc_ak_${'b'.repeat(64)}\r\nConnection: close\r\n\r\n`,
    );
  });
  const status = { status: Number(answer.split(' ')[1]), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) };
  t.equal(status.status, 400, status.body);
  t.same(JSON.parse(status.body), { error: 'more than one Authorization header: send one' });
});

t.test('IPv6 forms of internal IPv4 addresses are internal', async (t) => {
  for (const address of ['::7f00:1', '::127.0.0.1', '2002:7f00:1::', '::ffff:0:7f00:1', '::ffff:7f00:1', '2002:a00:1::1', '::ffff:0:10.0.0.1']) {
    t.ok(isInternalAddress(address), address);
  }
  for (const address of ['2002:5db8:d822::1', '2606:4700::1111', '::ffff:0:8.8.8.8']) t.notOk(isInternalAddress(address), `${address} is public`);
});

t.test('MCP requests whose params are malformed are -32602 (invalid params), over HTTP', async (t) => {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const rpc = async (method: string, params: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
    });
    t.equal(res.status, 200, `${method} ${JSON.stringify(params)}: a JSON-RPC answer`);
    return (await res.json()) as { id: number; error?: { code: number; message: string } };
  };
  const cases: Array<[string, unknown, string]> = [
    ['tools/call', { name: 'search_providers', arguments: 'x' }, 'invalid tools/call request: arguments: expected an object, received string'],
    ['tools/call', { name: 'search_providers', arguments: [1] }, 'invalid tools/call request: arguments: expected an object, received array'],
    ['tools/call', { name: 7, arguments: {} }, 'invalid tools/call request: name: expected string, received number'],
    ['tools/call', {}, 'invalid tools/call request: name: expected string, received undefined'],
    ['resources/read', { uri: 5 }, 'invalid resources/read request: uri: expected string, received number'],
    ['prompts/get', { name: 'review_terms_before_signup', arguments: 'slug' }, 'invalid prompts/get request: arguments: expected an object, received string'],
  ];
  for (const [method, params, message] of cases) {
    const answer = await rpc(method, params);
    t.equal(answer.id, 7);
    t.same(answer.error, { code: -32602, message }, `${method} ${JSON.stringify(params)}`);
  }
  const fine = await rpc('tools/call', { name: 'list_opinions', arguments: {} });
  t.notOk(fine.error, 'well-formed params still reach the tool');
});
