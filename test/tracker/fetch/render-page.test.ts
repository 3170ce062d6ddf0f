// Catalogue entries marked `render: true`, rendered in a real Chromium (Debian's, through
// playwright-core) against a loopback server whose terms page is an empty shell filled by
// JavaScript: the terms come out as Markdown; every request the browser makes goes through our
// safe fetcher (our User-Agent, none of the browser's own request headers), so internal addresses
// are refused unless allowed, images, other methods and WebSockets never leave the browser, a
// subresource over the size cap is not used; a render has a deadline and can be cancelled; and the
// browser is gone after every render, whichever way it ended. Skipped where Chromium is absent.
import fs from 'node:fs';
import http from 'node:http';
import t from 'tap';
import { fetchTerms, userAgent, type FetchPolicy } from '../../../src/tracker/fetch/fetch-terms.js';
import { renderPage } from '../../../src/tracker/fetch/render-page.js';
import { AnalysisPool } from '../../../src/analysis-pool/pool.js';
import { FetchFailure } from '../../../src/tracker/fetch/safe-http.js';

const CHROMIUM = '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  t.plan(0, `${CHROMIUM} not found (apt-get install chromium)`);
  process.exit(0);
}

const TERMS = {
  title: 'Terms of Service',
  sections: [
    { heading: 'Your account', text: 'We may suspend or terminate your account at any time, for any reason, without notice.' },
    { heading: 'Disputes', text: 'Any dispute shall be resolved by binding arbitration, and you waive any right to a class action.' },
    { heading: 'Changes', text: 'We may change these terms from time to time; if you keep using the service after a change, you accept the new terms.' },
    {
      heading: 'Liability',
      text: 'To the extent permitted by law, our total liability to you for any claim is limited to the amount you paid us in the last twelve months.',
    },
  ],
};
/** Built in the page by script: nothing of it is in the HTML the server sends. */
const APP_JS = `
fetch('/terms.json').then((r) => r.json()).then((terms) => {
  const main = document.querySelector('main');
  const h1 = document.createElement('h1'); h1.textContent = terms.title; main.append(h1);
  for (const s of terms.sections) {
    const h2 = document.createElement('h2'); h2.textContent = s.heading;
    const p = document.createElement('p'); p.textContent = s.text;
    main.append(h2, p);
  }
  document.body.dataset.rendered = 'yes';
});
fetch('/beacon', { method: 'POST', body: 'x' }).catch(() => {});
try { new WebSocket('ws://' + location.host + '/socket'); } catch {}
`;
const shell = (scripts: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Terms</title>${scripts}</head>
<body><nav>Zorblax menu</nav><main></main><img src="/pixel.png" alt=""><footer>footerquux</footer></body></html>`;
const PAGES: Record<string, string> = {
  '/terms': shell('<script src="/app.js" defer></script><script src="/big.js" defer></script>'),
  '/stalled': shell('<script src="/slow.js"></script><script src="/app.js"></script>'),
};

interface Hit {
  path: string;
  method: string;
  userAgent: string | undefined;
  /** Chromium sends Sec-Fetch-* headers on its own requests; our fetcher does not. */
  fromBrowser: boolean;
}
const hits: Hit[] = [];
let upgrades = 0;
/** Answers to /slow.js still open: our fetcher must hang up when the render ends. */
let stalledOpen = 0;
const server = http.createServer((req, res) => {
  hits.push({ path: req.url!, method: req.method!, userAgent: req.headers['user-agent'], fromBrowser: req.headers['sec-fetch-mode'] !== undefined });
  const page = PAGES[req.url!];
  if (page) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  if (req.url === '/app.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(APP_JS);
  if (req.url === '/terms.json') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(TERMS));
  // Over the 5 MiB cap for one subresource: never run, so the marker never shows.
  if (req.url === '/big.js')
    return res.writeHead(200, { 'content-type': 'text/javascript' }).end(`/*${'x'.repeat(6 * 1024 * 1024)}*/ document.body.dataset.big = 'ran';`);
  if (req.url === '/slow.js') {
    // A trickle that never ends: no silence for the fetcher to time out on, only its 15 s limit.
    stalledOpen++;
    res.writeHead(200, { 'content-type': 'text/javascript' });
    const trickle = setInterval(() => res.write('// still coming\n'), 500);
    res.on('close', () => {
      clearInterval(trickle);
      stalledOpen--;
    });
    return;
  }
  res.writeHead(404).end();
});
server.on('upgrade', (req, socket) => {
  upgrades++;
  socket.destroy();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
t.teardown(() => {
  server.closeAllConnections();
  server.close();
});
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const BASE_URL = 'https://ratings.example.net';
const policy: FetchPolicy = { baseUrl: BASE_URL, allowPrivateAddresses: true, chromiumPath: CHROMIUM, attempts: 1 };
// The rendered page's terms are read in an analysis worker thread, as in the server.
const analyzer = new AnalysisPool({ workers: 1, maxQueued: 4, timeoutMs: 60_000 });
t.teardown(() => analyzer.close());
const renderOptions = { chromiumPath: CHROMIUM, allowPrivateAddresses: true, userAgent: userAgent(BASE_URL) };

/** Chromium processes below this one (the browser and its helpers). */
function chromiumDescendants(): number[] {
  const parent = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  return [...names].filter(([pid, name]) => /chrom/i.test(name) && below(pid)).map(([pid]) => pid);
}

/** Waits until no browser process of ours is left (a state, not a time: gives up after a minute). */
async function noBrowserLeft(): Promise<number[]> {
  const deadline = Date.now() + 60_000;
  let left = chromiumDescendants();
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = chromiumDescendants();
  }
  return left;
}

t.test('a page whose terms are written by JavaScript: terms as Markdown, every request through our fetcher', async (t) => {
  hits.length = 0;
  const fetched = await fetchTerms({ url: `${origin}/terms`, renderJs: true }, { etag: null, lastModified: null }, policy, analyzer);
  if (fetched.kind !== 'terms') throw new Error('expected terms');
  t.equal(fetched.format, 'markdown');
  t.match(fetched.text, /^#+ Terms of Service$/m, 'the heading the script wrote');
  for (const section of TERMS.sections) {
    t.match(fetched.text, new RegExp(`^#+ ${section.heading}$`, 'm'));
    t.ok(fetched.text.includes(section.text), `"${section.heading}" paragraph`);
  }
  t.notMatch(fetched.text, /Zorblax|footerquux/, 'no navigation or footer');
  const paths = hits.map((h) => `${h.method} ${h.path}`);
  t.same(
    paths.filter((p) => p === 'GET /terms'),
    ['GET /terms'],
    'the page is fetched once: the browser gets it from memory',
  );
  t.ok(paths.includes('GET /app.js') && paths.includes('GET /terms.json'), 'its script and data are fetched');
  t.same(
    hits.filter((h) => h.fromBrowser),
    [],
    'no request came from the browser itself',
  );
  t.ok(
    hits.every((h) => h.userAgent === userAgent(BASE_URL)),
    'all with our User-Agent',
  );
  t.notOk(paths.includes('GET /pixel.png'), 'images are not fetched');
  t.notOk(
    paths.some((p) => p.startsWith('POST')),
    'nor anything but GET',
  );
  t.equal(upgrades, 0, 'no WebSocket reached the server');
  t.same(await noBrowserLeft(), [], 'the browser is closed');
});

t.test('a subresource over the size cap is not used', async (t) => {
  hits.length = 0;
  const rendered = await renderPage(`${origin}/terms`, PAGES['/terms']!, renderOptions);
  t.ok(
    hits.some((h) => h.path === '/big.js'),
    'it was asked for',
  );
  t.match(rendered, /data-rendered="yes"/, 'the page rendered');
  t.notMatch(rendered, /data-big/, 'the oversized script never ran');
  t.same(await noBrowserLeft(), []);
});

t.test('internal addresses are refused to the browser too, unless FETCH_ALLOW_PRIVATE', async (t) => {
  hits.length = 0;
  // The page's HTML is in hand (as if fetched from a public address); its scripts are on loopback.
  const rendered = await renderPage(`${origin}/terms`, PAGES['/terms']!, { ...renderOptions, allowPrivateAddresses: false });
  t.same(hits, [], 'nothing reached the loopback server');
  t.notMatch(rendered, /Terms of Service|data-rendered/, 'so the script did not run');
  const refused = await fetchTerms(
    { url: `${origin}/terms`, renderJs: true },
    { etag: null, lastModified: null },
    { ...policy, allowPrivateAddresses: false },
    analyzer,
  ).catch((e) => e);
  t.ok(refused instanceof FetchFailure);
  t.match(refused.message, /refused: 127\.0\.0\.1 is on an internal network/);
  t.same(await noBrowserLeft(), []);
});

t.test('a render has a deadline; a shutdown cancels it; a Chromium that does not start is an error; the browser is closed each time', async (t) => {
  // A script that never finishes loading holds the load event: the deadline ends the render.
  const timedOut = await renderPage(`${origin}/stalled`, PAGES['/stalled']!, { ...renderOptions, timeoutMs: 3000 }).catch((e) => e);
  t.ok(timedOut instanceof FetchFailure, 'a FetchFailure');
  t.match(timedOut.message, /^rendering .*\/stalled failed: .*Timeout 3000ms exceeded/);
  t.equal(timedOut.retryable, true, 'tried again later');
  t.same(await noBrowserLeft(), [], 'closed after the deadline');
  // Its fetch of the stalled script ends with it, not 15 s after it began (its own limit).
  const hungUp = Date.now() + 10_000;
  while (stalledOpen > 0 && Date.now() < hungUp) await new Promise((resolve) => setTimeout(resolve, 50));
  t.equal(stalledOpen, 0, 'the fetch of the stalled script was cancelled');

  const controller = new AbortController();
  const cancelled = renderPage(`${origin}/stalled`, PAGES['/stalled']!, { ...renderOptions, signal: controller.signal }).catch((e) => e);
  while (!hits.some((h) => h.path === '/slow.js')) await new Promise((resolve) => setTimeout(resolve, 20)); // the page is loading
  controller.abort();
  const error = await cancelled;
  t.ok(error instanceof FetchFailure);
  t.match(error.message, /failed: cancelled$/);
  t.same(await noBrowserLeft(), [], 'closed on cancellation');

  const missing = await renderPage(`${origin}/terms`, PAGES['/terms']!, { ...renderOptions, chromiumPath: '/nonexistent/chromium' }).catch((e) => e);
  t.ok(missing instanceof FetchFailure);
  t.match(missing.message, /Chromium did not start/);
  t.equal(missing.retryable, false);
});
