// A fetched resource in, the terms text out, by what it is: an HTML page goes through the HTML
// parser (selectors or main content, to Markdown), Markdown and plain text pass through, a PDF
// gives its text layer. Anything else (images, archives, binary served as text) is refused
// with a reason, so that the tracker records it and stores nothing.
import { ExtractionError, htmlToTerms, type Selection } from './terms-html.js';
import { pdfToText } from './pdf-text.js';

export type TermsFormat = 'markdown' | 'text';

export interface ExtractedTerms {
  readonly text: string;
  readonly format: TermsFormat;
}

export type ResourceKind = 'html' | 'markdown' | 'text' | 'pdf';

/** What a Content-Type names, or null for what is no terms document; no type at all is sniffed. */
export function kindOfContentType(contentType: string, body?: Uint8Array): ResourceKind | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (type === 'text/plain') return 'text';
  if (type === 'application/pdf' || type === 'application/x-pdf') return 'pdf';
  if (type === '' || type === 'application/octet-stream') return body && isPdf(body) ? 'pdf' : type === '' ? 'text' : null;
  return null;
}

function isPdf(body: Uint8Array): boolean {
  return Buffer.from(body.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/** The body as text, in the charset the Content-Type names (UTF-8 when it names none or an unknown one). */
export function decodeBody(body: Uint8Array, contentType: string): string {
  const charset = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body);
}

export async function extractTerms(resource: { contentType: string; body: Uint8Array }, selection: Selection = {}): Promise<ExtractedTerms> {
  const kind = kindOfContentType(resource.contentType, resource.body);
  if (kind === null) throw new ExtractionError(`the answer is ${resource.contentType || 'untyped'}, not HTML, Markdown, text or PDF`);
  if (kind === 'pdf') return { text: await pdfToText(resource.body), format: 'text' };
  // A NUL byte never occurs in text: a binary file served as text.
  if (resource.body.subarray(0, 64 * 1024).includes(0)) throw new ExtractionError('the answer is binary, not text');
  const text = decodeBody(resource.body, resource.contentType);
  if (kind === 'html') return { text: htmlToTerms(text, selection), format: 'markdown' };
  return { text, format: kind };
}
