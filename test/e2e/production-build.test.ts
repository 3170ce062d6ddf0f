// The production build: `npm run build`, then `npm run start:prod` runs the compiled server with
// no TypeScript loader, on the same database, migrations and document (its analysis worker
// threads too), and with everything the server reads: the catalogue of real providers and the
// shipped snapshot of their terms (a build that lost them tracks fewer providers than the source).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadCatalogue } from '../../src/tracker/catalogue.js';
import { Snapshot } from '../../src/snapshot/index.js';
import t from 'tap';
import { freshDatabaseEnv } from '../helpers/database.js';
import { startServer, stopAtTeardown, waitReady } from '../helpers/server-process.js';

// Compiles the whole project with tsc, then starts it: slow on a busy machine.
t.setTimeout(300_000);

const root = path.resolve(import.meta.dirname, '../..');

t.test('the compiled server serves the API and stops cleanly', async (t) => {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'ignore' });
  // The snapshot on (as `npm start` has it): the catalogue is synced at start and the take-in begins.
  const env = { ...(await freshDatabaseEnv(t)), SEED_DEMO: 'true', SNAPSHOT: 'on', LOG_LEVEL: 'info' };
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
  // A real provider of the snapshot: the demo providers leave as soon as its first document is analysed.
  const detail = await fetch(`${server.url}/api/agents/providers/spotify.com`, { headers: { authorization: `Bearer ${api_key}` } });
  t.equal(detail.status, 200);
  t.equal(((await detail.json()) as any).provider.slug, 'spotify.com');
  // Analysis runs in worker threads, loaded from dist/ as JavaScript.
  const analysed = await fetch(`${server.url}/api/agents/analyze`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'We may terminate your account at any time, for any reason, without notice.' }),
  });
  t.equal(analysed.status, 200);
  t.equal(((await analysed.json()) as any).clauses[0]?.category, 'unilateral-termination');
  t.equal((await fetch(`${server.url}/openapi.json`)).status, 200);
  t.equal((await fetch(`${server.url}/provider/spotify.com`)).status, 200);

  // As many real providers as the server run from source tracks: every catalogue entry.
  const fromSource = loadCatalogue(path.join(root, 'db/catalogue/providers.json')).length;
  const slugs: string[] = [];
  for (let cursor: string | null = '', pages = 0; cursor !== null && pages < 100; pages++) {
    const page = await fetch(`${server.url}/api/agents/providers?per_page=20${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${api_key}` },
    });
    const body = (await page.json()) as { providers: { slug: string }[]; pagination: { next_cursor: string | null } };
    slugs.push(...body.providers.map((p) => p.slug).filter((slug) => !slug.endsWith('.example')));
    cursor = body.pagination.next_cursor;
  }
  t.equal(slugs.length, fromSource, `the built server lists the ${fromSource} catalogue providers`);
  const waiting = await fetch(`${server.url}/api/agents/providers/openai.com`, { headers: { authorization: `Bearer ${api_key}` } });
  t.equal(waiting.status, 200, 'a catalogue provider with no text yet is no 404');
  // The snapshot went into the build: the server takes in as many documents as the source has.
  const shipped = Snapshot.open(path.join(root, 'db/snapshot/manifest.json')).current().length;
  t.match(server.output(), new RegExp(`"of":${shipped},"msg":"taking in the snapshot`), `the built server takes in the ${shipped} snapshot documents`);
  server.signalServer('SIGTERM');
  t.equal(await server.exited, 0);
});
