// Loopback sites for the access-signal tests: one HTTP server on 0.0.0.0, each loopback address
// (127.0.0.x) a site of its own with its robots.txt, terms page (headers, meta tags, terms),
// /.well-known/tdmrep.json and /llms.txt, changeable between passes. A file is a body (200), a
// status (404, 503), or `huge` (a body larger than any bound we keep).
import http from 'node:http';
import { termsPage } from './terms-pages.js';

export type FileSpec = string | number | 'huge';

export interface SiteSpec {
  robots?: FileSpec;
  tdmrep?: FileSpec;
  llms?: FileSpec;
  /** The terms page: its Markdown and any headers and meta tags it carries. */
  terms: string;
  headers?: Record<string, string>;
  meta?: Record<string, string>;
}

/** Plain terms with enough words to analyse; `clause` is added as a section of its own. */
export function termsMarkdown(clause = ''): string {
  return `# Terms of Service

## 1. Your account

You must be at least 18 years old to create an account. You are responsible for keeping your password safe and for everything done with your account.

## 2. Using the service

You may use the service for your personal use in accordance with these terms. ${clause}

## 3. Payment

Subscriptions are billed monthly in advance. You can cancel at any time from your account settings and keep access until the end of the period.

## 4. Contact

Questions about these terms can be sent to our support team, who will answer within five working days.
`;
}

export const TERMS_PATH = '/legal/terms';

export async function startSignalSites(t: { teardown(fn: () => unknown): void }) {
  const sites = new Map<string, SiteSpec>();
  const hits: string[] = [];
  const send = (res: http.ServerResponse, spec: FileSpec | undefined, type: string) => {
    if (spec === undefined) return res.writeHead(404).end();
    if (typeof spec === 'number') return res.writeHead(spec).end();
    if (spec === 'huge') {
      res.writeHead(200, { 'content-type': type });
      const line = `# ${'x'.repeat(1000)}\n`;
      for (let i = 0; i < 1100; i++) res.write(line);
      return res.end();
    }
    res.writeHead(200, { 'content-type': type }).end(spec);
  };
  const server = http.createServer((req, res) => {
    const address = req.socket.localAddress?.replace(/^::ffff:/, '') ?? '';
    hits.push(`${address}${req.url}`);
    const site = sites.get(address);
    if (!site) return res.writeHead(404).end();
    if (req.url === '/robots.txt') return send(res, site.robots, 'text/plain');
    if (req.url === '/.well-known/tdmrep.json') return send(res, site.tdmrep, 'application/json');
    if (req.url === '/llms.txt') return send(res, site.llms, 'text/markdown');
    if (req.url === TERMS_PATH) {
      const meta = Object.entries(site.meta ?? {})
        .map(([name, content]) => `<meta name="${name}" content="${content}">`)
        .join('');
      const html = termsPage(site.terms, 'main').replace('<head>', `<head>${meta}`);
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...site.headers }).end(html);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const port = (server.address() as { port: number }).port;
  return {
    sites,
    hits,
    port,
    origin: (address: string) => `http://${address}:${port}`,
    termsUrl: (address: string) => `http://${address}:${port}${TERMS_PATH}`,
  };
}
