// Fetches a provider's terms from its URL for the admin API and the CLI's `fetch` (safe-http.ts
// holds the limits: internal addresses refused, redirects checked one by one, time and size
// capped while streaming). HTML, Markdown and text come back as they are, for ingestion to
// read; a PDF comes back as its text layer.
import type { DocumentFormat } from './ingest.js';
import { fetchResource, FetchFailure, isInternalAddress } from './safe-http.js';
import { decodeBody, kindOfContentType } from './extract-terms.js';
import { pdfToText } from './pdf-text.js';
import { ExtractionError } from './terms-html.js';

export { isInternalAddress };

export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

export interface FetchOptions {
  readonly maxBytes?: number;
  readonly timeoutMs?: number;
  /** Allow internal addresses (an operator's own network; tests). Off for the server by default. */
  readonly allowPrivateAddresses?: boolean;
  readonly userAgent?: string;
}

export interface FetchedDocument {
  readonly raw: string;
  readonly format: DocumentFormat;
  readonly url: string;
}

export async function fetchDocument(url: string, options: FetchOptions = {}): Promise<FetchedDocument> {
  const fetched = await fetchResource(url, {
    maxBytes: options.maxBytes ?? MAX_DOCUMENT_BYTES,
    timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
    allowPrivateAddresses: options.allowPrivateAddresses,
    userAgent: options.userAgent,
    accept: 'text/html, text/markdown, text/plain, application/pdf;q=0.8',
  });
  if (fetched.kind !== 'fetched') throw new FetchFailure(`fetching ${url} failed: unexpected 304`, true);
  const kind = kindOfContentType(fetched.contentType, fetched.body);
  if (kind === null) throw new FetchFailure(`fetching ${fetched.url} gave ${fetched.contentType || 'no content type'}, not HTML, Markdown, text or PDF`, false);
  if (kind !== 'pdf') return { raw: decodeBody(fetched.body, fetched.contentType), format: kind, url: fetched.url };
  try {
    return { raw: await pdfToText(fetched.body), format: 'text', url: fetched.url };
  } catch (error) {
    if (error instanceof ExtractionError) throw new FetchFailure(`${fetched.url}: ${error.message}`, false);
    throw error;
  }
}

/** The format a Content-Type names, or null (kept for callers that only need the format). */
export function formatOfContentType(contentType: string): DocumentFormat | null {
  const kind = kindOfContentType(contentType);
  return kind === 'pdf' ? null : kind;
}
