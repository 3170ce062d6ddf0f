// The production build: `npm run build`, then `npm run start:prod` runs the compiled server with
// no TypeScript loader, on the same database, migrations and document (its analysis worker
// threads too).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import t from 'tap';
import { freshDatabaseEnv } from '../helpers/database.js';
import { startServer, stopAtTeardown, waitReady } from '../helpers/server-process.js';

// Compiles the whole project with tsc, then starts it: slow on a busy machine.
t.setTimeout(300_000);

const root = path.resolve(import.meta.dirname, '../..');

t.test('the compiled server serves the API and stops cleanly', async (t) => {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'ignore' });
  const env = { ...(await freshDatabaseEnv(t)), SEED_DEMO: 'true' };
  const server = await startServer(env, undefined, 'start:prod');
  stopAtTeardown(t, server);
  await waitReady(server);
  const registered = await fetch(`${server.url}/api/agents/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Build check', accept_terms: true }),
  });
  t.equal(registered.status, 200);
  const { api_key } = (await registered.json()) as { api_key: string };
  const detail = await fetch(`${server.url}/api/agents/providers/chirpnest.example`, { headers: { authorization: `Bearer ${api_key}` } });
  t.equal(detail.status, 200);
  t.equal(((await detail.json()) as any).provider.slug, 'chirpnest.example');
  // Analysis runs in worker threads, loaded from dist/ as JavaScript.
  const analysed = await fetch(`${server.url}/api/agents/analyze`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'We may terminate your account at any time, for any reason, without notice.' }),
  });
  t.equal(analysed.status, 200);
  t.equal(((await analysed.json()) as any).clauses[0]?.category, 'unilateral-termination');
  t.equal((await fetch(`${server.url}/openapi.json`)).status, 200);
  t.equal((await fetch(`${server.url}/provider/chirpnest.example`)).status, 200);
  server.signalServer('SIGTERM');
  t.equal(await server.exited, 0);
});
