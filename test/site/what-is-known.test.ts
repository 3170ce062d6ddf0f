// Pages say only what is known (issue 41, part 4, and issue 45): on a server started with a small
// snapshot and a catalogue, over real HTTP (the API, MCP) and the pages and feeds: a provider
// never analysed says so and shows no count of clauses, no date of change and no feed date of
// today; a snapshot provider's terms last changed on the date Open Terms Archive recorded them;
// terms not in English are shown with their language and not rated, whatever derived it (the
// rating note and the band follow the stored terms_state); band words read as sentences, and a
// critical clause never shows under high concern.
import t from 'tap';
import { DOMParser } from '@xmldom/xmldom';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { httpClient, structured } from '../helpers/mcp.js';
import { ENGLISH_TERMS, FRENCH_TERMS, smallSnapshot, snapshotTakenIn } from '../helpers/small-snapshot.js';

const ADMIN_TOKEN = 'what-is-known-admin-token-0123456789';
const files = smallSnapshot(t);
const { app, database } = await buildTestApp(t, { SNAPSHOT: files.manifest, CATALOGUE_FILE: files.catalogue, ADMIN_TOKEN });
const db = database.handle.db;
const call = apiClient(t, app);
const key = await registerAgent(call);
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

await snapshotTakenIn(db);

const page = async (slug: string) => (await app.inject({ method: 'GET', url: `/provider/${slug}` })).body;
const feed = async (url: string) => (await app.inject({ method: 'GET', url })).body;
const detail = async (slug: string) => (await call('GET', `/api/agents/providers/${slug}`, { key })).body;
const entry = (body: string, name: string) => body.match(new RegExp(`<dt>${name}</dt><dd>(.*?)</dd>`))?.[1] ?? null;
const xml = (body: string) => new DOMParser().parseFromString(body, 'application/xml');
const today = new Date().toISOString().slice(0, 10);

t.test('a provider never analysed: "not analysed yet", no count of clauses, no date, no feed date of today', async (t) => {
  const body = await page('waiting.test');
  t.match(body, 'Not analysed yet');
  t.notMatch(body, /\b0 clauses\b/);
  t.notMatch(body, 'No concerning clauses have been found');
  t.notMatch(body, 'none found', 'no "Clauses: none found" for terms nobody read');
  t.match(entry(body, 'Clauses'), /^not analysed yet/);
  t.match(entry(body, 'Terms last changed'), /^not analysed yet/);
  t.notMatch(entry(body, 'Terms last changed'), /<time/);

  const added = await db.selectFrom('providers').select('created_at').where('slug', '=', 'waiting.test').executeTakeFirstOrThrow();
  // Made older than today, so that a feed dated today is caught.
  await db
    .updateTable('providers')
    .set({ created_at: new Date('2026-01-05T09:00:00Z') })
    .where('slug', '=', 'waiting.test')
    .execute();
  t.ok(added.created_at);
  const doc = xml(await feed('/provider/waiting.test/feed.xml'));
  t.equal(doc.getElementsByTagName('entry').length, 0, 'no entry: nothing happened');
  t.equal(doc.getElementsByTagName('updated')[0]!.textContent, '2026-01-05T09:00:00.000Z', 'the feed is dated when the provider was added');
});

t.test('a snapshot provider: its terms last changed when Open Terms Archive recorded them', async (t) => {
  const body = await page('english.test');
  t.match(entry(body, 'Terms last changed'), '<time datetime="2026-08-22T10:00:00.000Z">22 August 2026</time>');
  t.notMatch(entry(body, 'Terms last changed'), today);
  const api = await detail('english.test');
  t.match(api.provider.source, { origin: 'snapshot', recorded_at: '2026-08-22T10:00:00.000Z' });
  const changes = await call('GET', '/api/agents/providers/english.test/changes', { key });
  t.equal(changes.status, 200);
  const terms = changes.body.changes.find((c: { kind: string }) => c.kind === 'terms');
  t.equal(terms.recorded_at, '2026-08-22T10:00:00.000Z', 'the change says when the archive recorded the version');
  const doc = xml(await feed('/provider/english.test/feed.xml'));
  const first = doc.getElementsByTagName('entry')[0]!;
  t.equal(first.getElementsByTagName('updated')[0]!.textContent, '2026-08-22T10:00:00.000Z');
  t.equal(doc.getElementsByTagName('updated')[0]!.textContent, '2026-08-22T10:00:00.000Z', 'the feed is no newer than its entries');
  t.match(first.getElementsByTagName('content')[0]!.textContent, 'recorded by Open Terms Archive on 2026-08-22');
});

t.test('terms not in English: shown with their language, not rated, on the API, the list, the page and MCP', async (t) => {
  const api = await detail('french.test');
  t.match(api.provider, { terms_state: 'not-english', terms_language: 'fr', band: { level: 'unrated', label: 'Terms not in English (French)' } });
  t.match(api.provider.rating_note, /not in English/);
  const list = (await call('GET', '/api/agents/providers?terms_state=not-english', { key })).body;
  t.match(list.providers, [{ slug: 'french.test', band: { level: 'unrated', label: 'Terms not in English (French)' } }]);
  const body = await page('french.test');
  t.match(body, 'Terms not in English (French)');
  t.match(body, '<title>Service Français Terms of Service: terms not in English (French) ·', 'within a sentence, only the first letter lower-cased');
  t.notMatch(body, /not in english|\(french\)/, 'no language name lower-cased');
  t.notMatch(body, /out of 10/);
  t.notMatch(body, 'The rating over time', 'no chart of a rating nobody measured');
  t.match(entry(body, 'Clauses'), /^not analysed \(terms not in English\)/);
  t.match(entry(body, 'Terms last changed'), '2025-03-01', 'the terms were read: recorded on 1 March 2025');

  const client = await httpClient(t, base, key);
  const got = structured((await client.callTool({ name: 'get_provider', arguments: { slug: 'french.test' } })) as CallToolResult);
  t.same(got.provider.band, api.provider.band);
  const { resources } = await client.listResources();
  t.match(resources.find((r) => r.uri === 'tos-ratings://provider/french.test')?.description, 'not in English (French), so not rated');
});

t.test('the rating note and the band follow the stored terms_state', async (t) => {
  const id = (await db.selectFrom('providers').select('id').where('slug', '=', 'waiting.test').executeTakeFirstOrThrow()).id;
  await db.updateTable('providers').set({ terms_state: 'not-english', terms_language: 'de', updated_at: new Date() }).where('id', '=', id).execute();
  const german = await detail('waiting.test');
  t.match(german.provider, { rating_note: /not in English/, band: { level: 'unrated', label: 'Terms not in English (German)' } });
  await db.updateTable('providers').set({ terms_state: 'not-read-yet', terms_language: null, updated_at: new Date() }).where('id', '=', id).execute();
  const english = await db.selectFrom('providers').select('id').where('slug', '=', 'english.test').executeTakeFirstOrThrow();
  await db.updateTable('providers').set({ terms_state: 'not-read-yet', updated_at: new Date() }).where('id', '=', english.id).execute();
  const unread = await detail('english.test');
  t.match(unread.provider, { rating_note: /^Not rated yet/, band: { level: 'unrated', label: 'Not analysed yet' } });
  const listed = (await call('GET', '/api/agents/providers?query=english', { key })).body.providers[0];
  t.match(listed, { rating_note: /^Not rated yet/, band: { level: 'unrated' } });
  await db.updateTable('providers').set({ terms_state: 'analysed', updated_at: new Date() }).where('id', '=', english.id).execute();
  t.match((await detail('english.test')).provider, { rating_note: null, band: { level: 'high' } });
});

t.test('band words read as sentences everywhere; a critical clause is never under high concern', async (t) => {
  const api = await detail('english.test');
  t.ok(
    api.clauses.some((c: { severity: string }) => c.severity === 'critical'),
    'english.test has a critical clause',
  );
  t.match(api.provider.band, { level: 'high', label: 'High concern' });
  const body = await page('english.test');
  t.match(body, 'Overall rating: 6.5 out of 10, high concern.');
  t.match(body, 'class="rating big band-high"');
  const index = (await app.inject({ method: 'GET', url: '/' })).body;
  t.match(index, 'High concern · 4 clauses');

  const client = await httpClient(t, base, key);
  const got = structured((await client.callTool({ name: 'get_provider', arguments: { slug: 'english.test' } })) as CallToolResult);
  t.same(got.provider.band, api.provider.band);
  const { resources } = await client.listResources();
  t.match(resources.find((r) => r.uri === 'tos-ratings://provider/english.test')?.description, 'overall rating 6.5/10 (10 the most concerning), high concern,');

  // French terms become English, then English terms become French: the band changes in words.
  const submit = async (slug: string, content: string) =>
    call('POST', `/api/admin/providers/${slug}/documents`, { headers: admin, body: { content, format: 'markdown' } });
  t.equal((await submit('french.test', ENGLISH_TERMS)).status, 200);
  t.equal((await submit('english.test', FRENCH_TERMS)).status, 200);
  const rated = (await call('GET', '/api/agents/providers/french.test/changes', { key })).body.changes.find((c: { kind: string }) => c.kind === 'band');
  t.equal(rated.summary, 'The overall rating is now 6.5/10, high concern (it was not rated), after a new version of the terms.');
  const unrated = (await call('GET', '/api/agents/providers/english.test/changes', { key })).body.changes.find((c: { kind: string }) => c.kind === 'band');
  t.equal(unrated.summary, 'The terms are no longer rated (they were high concern), after a new version of the terms.');
  const all = await feed('/feed.xml');
  t.match(all, 'Service Français: now high concern (was not rated)');
  t.match(all, 'English Service: no longer rated (was high concern)');
  for (const text of [all, body, index, JSON.stringify(resources)]) {
    t.notMatch(text, /concern concern/i);
    t.notMatch(text, /, (Low|Moderate|High|Severe) concern/, 'lower case within a sentence');
    t.notMatch(text, /\d\/10, not rated/, 'no rating given with "not rated"');
  }
  // An operator's submission carries no language: not in English, the language unknown.
  t.match((await detail('english.test')).provider, { terms_state: 'not-english', band: { level: 'unrated', label: 'Terms not in English' } });
});
