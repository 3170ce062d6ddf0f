// Fetches a provider's terms from its URL, within limits: http(s) only, a time limit, a size
// limit enforced while reading (not after), and a readable content type.
import { HttpError } from '../http/errors.js';
import type { DocumentFormat } from './ingest.js';

export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

export interface FetchedDocument {
  readonly raw: string;
  readonly format: DocumentFormat;
  readonly url: string;
}

export async function fetchDocument(url: string, limits = { maxBytes: MAX_DOCUMENT_BYTES, timeoutMs: TIMEOUT_MS }): Promise<FetchedDocument> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HttpError(400, `not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new HttpError(400, 'only http and https URLs can be fetched');
  let response: Response;
  try {
    response = await fetch(parsed, { redirect: 'follow', signal: AbortSignal.timeout(limits.timeoutMs), headers: { accept: 'text/html, text/markdown, text/plain' } });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${limits.timeoutMs / 1000} s` : 'could not connect';
    throw new HttpError(422, `fetching ${parsed.href} failed: ${reason}`);
  }
  if (!response.ok) throw new HttpError(422, `fetching ${parsed.href} failed: HTTP ${response.status}`);
  const contentType = response.headers.get('content-type') ?? '';
  const format = formatOfContentType(contentType);
  if (!format) throw new HttpError(422, `fetching ${parsed.href} gave ${contentType || 'no content type'}, not HTML, Markdown or text`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limits.maxBytes) throw new HttpError(422, `document at ${parsed.href} is larger than ${limits.maxBytes} bytes`);
  const raw = await readLimited(response, limits.maxBytes, parsed.href);
  return { raw, format, url: response.url || parsed.href };
}

export function formatOfContentType(contentType: string): DocumentFormat | null {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (type === 'text/plain' || type === '') return 'text';
  return null;
}

async function readLimited(response: Response, maxBytes: number, url: string): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(422, `document at ${url} is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}
