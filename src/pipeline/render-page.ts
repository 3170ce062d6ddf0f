// Pages that only show their terms once JavaScript runs, rendered in Chromium (Debian's
// chromium through playwright-core). The browser never touches the network itself: every
// request it makes is intercepted and, if it is a GET for a document, script, stylesheet or
// data, performed by our own fetcher (safe-http.ts) with the same limits and the same refusal of
// internal addresses; everything else (images, fonts, media, other methods) is refused. The
// page's own HTML, already fetched, is served to it from memory.
import type { Browser, Route } from 'playwright-core';
import { fetchResource, FetchFailure } from './safe-http.js';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const ALLOWED_TYPES = new Set(['document', 'script', 'stylesheet', 'xhr', 'fetch']);
const RENDER_TIMEOUT_MS = 30_000;
const SUBRESOURCE_MAX_BYTES = 5 * 1024 * 1024;
/** After the load event, how long the page may keep fetching before its DOM is read. */
const SETTLE_MS = 1500;

export interface RenderOptions {
  readonly chromiumPath: string;
  readonly allowPrivateAddresses: boolean;
  readonly userAgent: string;
  readonly timeoutMs?: number;
}

export async function renderPage(url: string, html: string, options: RenderOptions): Promise<string> {
  const { chromium } = await import('playwright-core');
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: options.chromiumPath, args: CHROMIUM_ARGS });
  } catch (error) {
    throw new FetchFailure(`rendering ${url} failed: Chromium did not start (${(error as Error).message.split('\n')[0]})`, false);
  }
  try {
    const context = await browser.newContext({ userAgent: options.userAgent, serviceWorkers: 'block', acceptDownloads: false, javaScriptEnabled: true });
    await context.route('**/*', (route) => serve(route, url, html, options));
    const page = await context.newPage();
    const timeout = options.timeoutMs ?? RENDER_TIMEOUT_MS;
    await page.goto(url, { waitUntil: 'load', timeout });
    await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => {});
    return await page.content();
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    throw new FetchFailure(`rendering ${url} failed: ${(error as Error).message.split('\n')[0]}`, true);
  } finally {
    await browser.close().catch(() => {});
  }
}

async function serve(route: Route, pageUrl: string, html: string, options: RenderOptions): Promise<void> {
  const request = route.request();
  if (request.method() !== 'GET' || !ALLOWED_TYPES.has(request.resourceType())) return route.abort('blockedbyclient');
  if (request.isNavigationRequest() && request.url() === pageUrl) {
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
  }
  try {
    const fetched = await fetchResource(request.url(), {
      allowPrivateAddresses: options.allowPrivateAddresses,
      userAgent: options.userAgent,
      accept: request.headers()['accept'] ?? '*/*',
      maxBytes: SUBRESOURCE_MAX_BYTES,
      timeoutMs: 15_000,
    });
    if (fetched.kind !== 'fetched') return route.abort('failed');
    await route.fulfill({ status: 200, contentType: fetched.contentType || 'application/octet-stream', body: fetched.body });
  } catch {
    await route.abort('failed').catch(() => {});
  }
}
