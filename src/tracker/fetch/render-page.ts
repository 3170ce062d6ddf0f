// Pages that only show their terms once JavaScript runs, rendered in Chromium (Debian's
// chromium through playwright-core). The browser never touches the network itself: every
// request it makes is intercepted and, if it is a GET for a document, script, stylesheet or
// data, performed by our own fetcher (safe-http.ts) with the same limits and the same refusal of
// internal addresses; everything else (images, fonts, media, other methods, WebSockets) is
// refused. The page's own HTML, already fetched, is served to it from memory. Behind the
// interception, the browser's own network goes to a proxy that does not exist (and WebRTC may not
// use UDP), so nothing that escapes it reaches anything. A render has one deadline, a cap on the
// subresources it may fetch (count and bytes) and on the DOM it gives back; when it ends, however
// it ends (done, failed, timed out, cancelled by a shutdown), its fetches are cancelled and the
// browser is closed.
import type { Browser, Route } from 'playwright-core';
import { fetchResource, FetchFailure } from './safe-http.js';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // Whatever the interception misses goes nowhere: a proxy on the discard port, loopback included.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--dns-prefetch-disable',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];
const ALLOWED_TYPES = new Set(['document', 'script', 'stylesheet', 'xhr', 'fetch']);
const RENDER_TIMEOUT_MS = 30_000;
const LAUNCH_TIMEOUT_MS = 30_000;
const SUBRESOURCE_TIMEOUT_MS = 15_000;
const SUBRESOURCE_MAX_BYTES = 5 * 1024 * 1024;
/** All subresources of one render together. */
const TOTAL_MAX_BYTES = 20 * 1024 * 1024;
const MAX_SUBRESOURCES = 100;
/** The rendered DOM handed back, serialised. */
const MAX_RENDERED_CHARS = 8 * 1024 * 1024;
/** After the load event, how long the page may keep fetching before its DOM is read. */
const SETTLE_MS = 1500;

export interface RenderOptions {
  readonly chromiumPath: string;
  readonly allowPrivateAddresses: boolean;
  readonly userAgent: string;
  /** The whole render, from launching the browser to reading the DOM. */
  readonly timeoutMs?: number;
  /** Cancels the render (a server shutting down). */
  readonly signal?: AbortSignal;
}

export async function renderPage(url: string, html: string, options: RenderOptions): Promise<string> {
  const { chromium } = await import('playwright-core');
  const timeout = options.timeoutMs ?? RENDER_TIMEOUT_MS;
  // Ends every fetch the page started, and the browser, whenever the render ends.
  const ended = new AbortController();
  const cancel = options.signal ? AbortSignal.any([ended.signal, options.signal]) : ended.signal;
  if (options.signal?.aborted) throw new FetchFailure(`rendering ${url} failed: cancelled`, false);
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: options.chromiumPath, args: CHROMIUM_ARGS, timeout: Math.min(timeout, LAUNCH_TIMEOUT_MS) });
  } catch (error) {
    throw new FetchFailure(`rendering ${url} failed: Chromium did not start (${(error as Error).message.split('\n')[0]})`, false);
  }
  const closeBrowser = () => void browser.close().catch(() => {});
  options.signal?.addEventListener('abort', closeBrowser, { once: true });
  try {
    const context = await browser.newContext({ userAgent: options.userAgent, serviceWorkers: 'block', acceptDownloads: false, javaScriptEnabled: true });
    const budget = { requests: 0, bytes: 0 };
    await context.route('**/*', (route) => serve(route, url, html, options, budget, cancel));
    await context.routeWebSocket(/.*/, (socket) => socket.close({ code: 1008, reason: 'no WebSockets while rendering terms' }));
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout });
    await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => {});
    const rendered = await page.content();
    if (rendered.length > MAX_RENDERED_CHARS) throw new FetchFailure(`rendering ${url} gave a page of more than ${MAX_RENDERED_CHARS} characters`, false);
    return rendered;
  } catch (error) {
    if (options.signal?.aborted) throw new FetchFailure(`rendering ${url} failed: cancelled`, false);
    if (error instanceof FetchFailure) throw error;
    throw new FetchFailure(`rendering ${url} failed: ${(error as Error).message.split('\n')[0]}`, true);
  } finally {
    ended.abort();
    options.signal?.removeEventListener('abort', closeBrowser);
    await browser.close().catch(() => {});
  }
}

async function serve(
  route: Route,
  pageUrl: string,
  html: string,
  options: RenderOptions,
  budget: { requests: number; bytes: number },
  signal: AbortSignal,
): Promise<void> {
  const request = route.request();
  if (request.method() !== 'GET' || !ALLOWED_TYPES.has(request.resourceType())) return route.abort('blockedbyclient').catch(() => {});
  if (request.isNavigationRequest() && request.url() === pageUrl) {
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }).catch(() => {});
  }
  if (++budget.requests > MAX_SUBRESOURCES) return route.abort('blockedbyclient').catch(() => {});
  try {
    const fetched = await fetchResource(request.url(), {
      allowPrivateAddresses: options.allowPrivateAddresses,
      userAgent: options.userAgent,
      accept: request.headers()['accept'] ?? '*/*',
      maxBytes: Math.min(SUBRESOURCE_MAX_BYTES, TOTAL_MAX_BYTES - budget.bytes),
      timeoutMs: SUBRESOURCE_TIMEOUT_MS,
      signal,
    });
    if (fetched.kind !== 'fetched') return await route.abort('failed');
    budget.bytes += fetched.body.length;
    await route.fulfill({ status: 200, contentType: fetched.contentType || 'application/octet-stream', body: fetched.body });
  } catch {
    await route.abort('failed').catch(() => {});
  }
}
