// `tos-ratings catalogue check` against a loopback site: each entry's HTTP status, whether its
// selectors match, how many words of terms it gives, and whether robots.txt lets the tracker
// fetch it; exit code 1 when an entry has a problem.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { cliAsync } from '../helpers/cli.js';

const TERMS = `<main><h1>Terms</h1>${'<p>We may terminate your account at any time, for any reason, without notice to you.</p>'.repeat(8)}</main>`;
const server = http.createServer((req, res) => {
  if (req.url === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: ToSRatings\nDisallow: /private/\n');
  if (req.url === '/terms' || req.url === '/private/terms')
    return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body>${TERMS}</body></html>`);
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
t.teardown(() => server.close());
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

t.test('statuses, selectors, words and robots.txt per entry', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-check-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'catalogue.json');
  const entry = (slug: string, urlPath: string, extra: object = {}) => ({
    slug,
    name: slug,
    domain: slug,
    category: 'social',
    terms_url: `${origin}${urlPath}`,
    ...extra,
  });
  fs.writeFileSync(
    file,
    JSON.stringify({
      providers: [
        entry('good.test', '/terms', { select: ['main'] }),
        entry('stale.test', '/terms', { select: ['#gone'] }),
        entry('private.test', '/private/terms'),
        entry('missing.test', '/nope'),
      ],
    }),
  );
  const res = await cliAsync(['catalogue', 'check', '--file', file], { FETCH_ALLOW_PRIVATE: 'true', CATALOGUE_FILE: file });
  t.equal(res.status, 1, res.stderr);
  const lines = Object.fromEntries(
    res.stdout
      .trim()
      .split('\n')
      .map((line) => [line.split(':')[0], line]),
  );
  t.match(lines['good.test'], /HTTP 200 text\/html.*select main: 1 match.*\d+ words of terms/);
  t.match(lines['stale.test'], /select #gone: 0 matches/);
  t.match(lines['private.test'], /not tracked: .*robots\.txt disallows \/private\/terms to ToSRatings/);
  t.match(lines['missing.test'], /error: HTTP 404/);
  t.match(res.stderr, /4 entries checked, 3 with problems/);
});

t.test('offline (no name resolves): says the machine seems offline, as track does', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-offline-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'catalogue.json');
  // .invalid never resolves (RFC 6761): what every name does on a machine without a network.
  const entry = (slug: string) => ({ slug, name: slug, domain: slug, category: 'social', terms_url: `https://${slug}/terms` });
  fs.writeFileSync(file, JSON.stringify({ providers: [entry('a.invalid'), entry('b.invalid')] }));
  const res = await cliAsync(['catalogue', 'check', '--file', file]);
  t.equal(res.status, 1);
  t.match(res.stdout, /^a\.invalid: (error|not tracked): .*DNS/m);
  t.equal(res.stderr.trim().split('\n').at(-1), '2 of 2 failed on DNS: is this machine offline?');
});
