// The tracker's manners, against loopback servers on several addresses (both databases): pages
// decoded by the charset of their Content-Type, else of their <meta>, else as UTF-8 (windows-1252
// pages keep their curly quotes, accents and euro signs); robots.txt read once per site per pass
// and obeyed (our group before `*`; an unreadable one keeps us away); and at most two fetches at
// once in all, even with more workers than that (the cap lives in the database, see
// test/multi-process/tracking.test.ts for two processes).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { AnalysisPool } from '../../src/analysis-pool/pool.js';
import { runPass } from '../../src/tracker/pass.js';
import { buildTestApp } from '../helpers/test-app.js';

const PARAGRAPHS = [
  'We may suspend or terminate your account at any time, for any reason, without notice. That’s our “sole discretion”.',
  'Any dispute shall be resolved by binding arbitration in Zürich, and you waive any right to a class action.',
  'Our total liability is limited to €100 or the amount you paid us in the last twelve months – whichever is less.',
  'We may change these terms at any time; if you keep using the service after a change, you accept the new terms.',
];
const SPECIALS = ['’', '“', '”', 'ü', '€', '–'];

/** windows-1252 bytes of a text (every character above is in it). */
function windows1252(text: string): Buffer {
  const high = new Map([
    [0x20ac, 0x80],
    [0x2013, 0x96],
    [0x2018, 0x91],
    [0x2019, 0x92],
    [0x201c, 0x93],
    [0x201d, 0x94],
  ]);
  return Buffer.from([...text].map((c) => high.get(c.codePointAt(0)!) ?? c.codePointAt(0)!));
}
const page = (head: string) =>
  `<!doctype html><html><head>${head}<title>Terms</title></head><body><main><h1>Terms</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}</main></body></html>`;

// Pages by address and path; robots.txt by address.
const PAGES: Record<string, { type: string; body: Buffer }> = {
  '/meta': { type: 'text/html', body: windows1252(page('<meta charset="windows-1252">')) },
  '/equiv': { type: 'text/html', body: windows1252(page('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">')) },
  '/header': { type: 'text/html; charset=windows-1252', body: windows1252(page('<meta charset="utf-8">')) }, // the header wins
  '/utf8': { type: 'text/html', body: Buffer.from(page('')) },
  '/private/terms': { type: 'text/html', body: Buffer.from(page('')) },
  '/public/terms': { type: 'text/html', body: Buffer.from(page('')) },
};
const ROBOTS: Record<string, { status: number; body: string }> = {
  '127.0.0.2': { status: 200, body: 'User-agent: *\nDisallow: /\n\nUser-agent: ToSRatings\nDisallow: /private/\n' },
  '127.0.0.3': { status: 503, body: '' },
};
const hits: string[] = [];
let inFlight = 0;
let mostAtOnce = 0;
const server = http.createServer((req, res) => {
  const address = req.socket.localAddress!;
  hits.push(`${address}${req.url}`);
  if (req.url === '/robots.txt') {
    const robots = ROBOTS[address] ?? { status: 404, body: '' };
    return res.writeHead(robots.status, { 'content-type': 'text/plain' }).end(robots.body);
  }
  const found = PAGES[req.url!];
  if (!found) return res.writeHead(404).end();
  // Terms pages answer slowly, so that fetches overlap if the cap lets them.
  mostAtOnce = Math.max(mostAtOnce, ++inFlight);
  setTimeout(() => {
    inFlight--;
    res.writeHead(200, { 'content-type': found.type }).end(found.body);
  }, 200);
});
await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
t.teardown(() => server.close());
const port = (server.address() as { port: number }).port;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'politeness-'));
t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
const catalogue = path.join(dir, 'catalogue.json');
const entry = (slug: string, address: string, urlPath: string) => ({
  slug,
  name: slug,
  domain: slug,
  category: 'social',
  terms_url: `http://${address}:${port}${urlPath}`,
});
fs.writeFileSync(
  catalogue,
  JSON.stringify({
    providers: [
      entry('meta.test', '127.0.0.1', '/meta'),
      entry('equiv.test', '127.0.0.4', '/equiv'),
      entry('header.test', '127.0.0.5', '/header'),
      entry('utf8.test', '127.0.0.6', '/utf8'),
      entry('private.test', '127.0.0.2', '/private/terms'),
      entry('public.test', '127.0.0.2', '/public/terms'),
      entry('unreadable.test', '127.0.0.3', '/public/terms'),
    ],
  }),
);
const { config, database } = await buildTestApp(t, { CATALOGUE_FILE: catalogue, FETCH_ALLOW_PRIVATE: 'true' });
const db = database.handle.db;
const analyzer = new AnalysisPool({ ...config.analysis });
t.teardown(() => analyzer.close());
// Four workers in this process: the database still lets only two fetch at once.
const report = await runPass({ db, config, analyzer, concurrency: 4, policy: { attempts: 1 } }, { kind: 'forced', since: new Date() });
const outcomes = Object.fromEntries(report.providers.map((p) => [p.slug, p]));
const stored = async (slug: string) =>
  (
    await db
      .selectFrom('document_versions as d')
      .innerJoin('providers as p', 'p.id', 'd.provider_id')
      .select('d.text')
      .where('p.slug', '=', slug)
      .executeTakeFirst()
  )?.text;

t.test('pages are decoded by their declared charset: header, then <meta>, then UTF-8', async (t) => {
  for (const slug of ['meta.test', 'equiv.test', 'header.test', 'utf8.test']) {
    t.equal(outcomes[slug]?.outcome, 'analysed', `${slug}: ${outcomes[slug]?.error}`);
    const text = (await stored(slug)) ?? '';
    for (const special of SPECIALS) t.ok(text.includes(special), `${slug}: "${special}" kept`);
    t.ok(text.includes('That’s our “sole discretion”.'), `${slug}: a sentence intact`);
    t.notOk(text.includes('\ufffd'), `${slug}: no replacement characters`);
  }
});

t.test('robots.txt: read once per site per pass, our group obeyed, an unreadable one keeps us away', async (t) => {
  t.equal(outcomes['public.test']?.outcome, 'analysed', 'our group allows /public/ although * disallows all');
  t.equal(outcomes['private.test']?.outcome, 'failed');
  t.equal(outcomes['private.test']?.error, `http://127.0.0.2:${port}/robots.txt disallows /private/terms to ToSRatings: not fetched`);
  t.equal(outcomes['unreadable.test']?.outcome, 'failed');
  t.match(outcomes['unreadable.test']?.error, /robots\.txt could not be read \(.*HTTP 503\): .* not fetched$/);
  t.notOk(hits.includes(`127.0.0.2/private/terms`), 'the disallowed page was not fetched');
  t.notOk(hits.includes(`127.0.0.3/public/terms`), 'nor the page of a site whose robots.txt failed');
  for (const address of ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4']) {
    t.equal(hits.filter((h) => h === `${address}/robots.txt`).length, 1, `${address}: robots.txt read once`);
  }
  t.equal(await stored('private.test'), undefined, 'nothing stored');
});

t.test('at most two fetches at once, with four workers', async (t) => {
  t.ok(mostAtOnce <= 2, `at most 2 terms pages were being fetched at once (saw ${mostAtOnce})`);
  t.equal(report.providers.length, 7, 'every provider was tried');
});
