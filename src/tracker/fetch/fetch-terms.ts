// One provider's terms from the web, politely: a User-Agent that names the service and where it
// lives, conditional requests with the validators of the copy we hold, retries with growing
// waits (and the server's own Retry-After) for failures that may pass, Chromium for pages that
// need JavaScript, then the terms text out of whatever came back (extract-terms.ts, run by the
// extractor: the server's analysis worker threads).
import { SERVICE_NAME } from '../../core/attribution.js';
import { DomainError } from '../../core/errors.js';
import type { Analyzer } from '../../analysis-pool/index.js';
import { decodeBody, ExtractionError, kindOfContentType, type Selection, type TermsFormat } from '../../extract/index.js';
import { signalMetaTags } from '../../agent-access/html-meta.js';
import { signalHeaders } from '../../agent-access/signals.js';
import { renderPage } from './render-page.js';
import { fetchResource, FetchFailure, type FetchedResource } from './safe-http.js';

export interface TermsDeclaration extends Selection {
  readonly url: string;
  readonly renderJs?: boolean;
}

export interface FetchPolicy {
  readonly baseUrl: string;
  readonly allowPrivateAddresses: boolean;
  /** Chromium for `renderJs` pages; null fetches them as they come. */
  readonly chromiumPath: string | null;
  /** Attempts in all (1 = no retry). */
  readonly attempts?: number;
  /** First wait between attempts; it doubles each time, with jitter. */
  readonly retryBaseMs?: number;
  readonly timeoutMs?: number;
  readonly connectTimeoutMs?: number;
  readonly maxBytes?: number;
  readonly signal?: AbortSignal;
}

export type FetchedTerms =
  | { readonly kind: 'not-modified' }
  | {
      readonly kind: 'terms';
      readonly text: string;
      readonly format: TermsFormat;
      readonly url: string;
      readonly etag: string | null;
      readonly lastModified: string | null;
      /** The access signals the page itself carries: signal headers and meta tags (src/agent-access). */
      readonly signals: { readonly headers: Record<string, string>; readonly meta: Record<string, string> };
    };

/** HTML pages carry much markup around the terms: a larger cap than the admin API's 2 MiB. */
export const TRACKER_MAX_BYTES = 8 * 1024 * 1024;
const MAX_RETRY_WAIT_MS = 60_000;

/** The name robots.txt rules address us by (the first word of our User-Agent). */
export const PRODUCT_TOKEN = SERVICE_NAME.replace(/\s+/g, '');

export function userAgent(baseUrl: string): string {
  return `${PRODUCT_TOKEN}/1.0 (terms tracker; +${baseUrl})`;
}

/** `extractor` reads the terms out of the page (the server's analysis worker threads: parsing is CPU work). */
export async function fetchTerms(
  declaration: TermsDeclaration,
  validators: { etag: string | null; lastModified: string | null },
  policy: FetchPolicy,
  extractor: Pick<Analyzer, 'extractTerms'>,
): Promise<FetchedTerms> {
  const fetched = await withRetries(policy, () =>
    fetchResource(declaration.url, {
      allowPrivateAddresses: policy.allowPrivateAddresses,
      userAgent: userAgent(policy.baseUrl),
      accept: 'text/html, application/xhtml+xml, text/markdown, text/plain;q=0.9, application/pdf;q=0.8',
      etag: validators.etag,
      lastModified: validators.lastModified,
      timeoutMs: policy.timeoutMs ?? 30_000,
      connectTimeoutMs: policy.connectTimeoutMs,
      maxBytes: policy.maxBytes ?? TRACKER_MAX_BYTES,
      signal: policy.signal,
    }),
  );
  if (fetched.kind === 'not-modified') return { kind: 'not-modified' };
  const { text, format } = await termsOf(fetched, declaration, policy, extractor);
  return { kind: 'terms', text, format, url: fetched.url, etag: fetched.etag, lastModified: fetched.lastModified, signals: pageSignals(fetched) };
}

/** Headers as sent; meta tags from the head of an HTML page as served (before any rendering). */
function pageSignals(fetched: FetchedResource) {
  const html = kindOfContentType(fetched.contentType) === 'html';
  return { headers: signalHeaders(fetched.headers), meta: html ? signalMetaTags(fetched.body.subarray(0, 256 * 1024).toString('utf8')) : {} };
}

async function termsOf(fetched: FetchedResource, declaration: TermsDeclaration, policy: FetchPolicy, extractor: Pick<Analyzer, 'extractTerms'>) {
  const selection = { select: declaration.select, remove: declaration.remove };
  const wantsRendering = declaration.renderJs === true && policy.chromiumPath !== null && kindOfContentType(fetched.contentType) === 'html';
  if (!wantsRendering) return extractor.extractTerms(fetched, selection);
  const rendered = await withRetries(policy, () =>
    renderPage(fetched.url, decodeBody(fetched.body, fetched.contentType), {
      chromiumPath: policy.chromiumPath!,
      allowPrivateAddresses: policy.allowPrivateAddresses,
      userAgent: userAgent(policy.baseUrl),
      signal: policy.signal,
    }),
  );
  return extractor.extractTerms({ contentType: 'text/html; charset=utf-8', body: Buffer.from(rendered) }, selection);
}

async function withRetries<T>(policy: FetchPolicy, attempt: () => Promise<T>): Promise<T> {
  const attempts = policy.attempts ?? 3;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      const retryable = error instanceof FetchFailure && error.retryable && !policy.signal?.aborted;
      if (!retryable || n >= attempts) throw error;
      const backoff = (policy.retryBaseMs ?? 1000) * 2 ** (n - 1) * (0.5 + Math.random());
      await sleep(Math.min(MAX_RETRY_WAIT_MS, Math.max(backoff, (error as FetchFailure).retryAfterMs ?? 0)), policy.signal);
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** A person's one-line reason for a failed fetch or extraction (no stack, no internals). */
export function failureReason(error: unknown): string {
  // ServiceUnavailable: the analysis took too long, or the server is stopping.
  if (error instanceof FetchFailure || error instanceof ExtractionError || (error instanceof DomainError && error.code === 'unavailable')) return error.message;
  if (error instanceof Error && 'statusCode' in error && (error as { statusCode: number }).statusCode < 500) return error.message;
  return 'internal error while reading the terms (see the server log)';
}
