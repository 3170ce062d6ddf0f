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

/**
 * The body as text, in its character encoding, found as browsers find it (WHATWG Encoding and
 * HTML): a byte-order mark first, then the Content-Type's charset, then, for HTML, a
 * `<meta charset>` or `<meta http-equiv="Content-Type" content="...; charset=...">` in the first
 * 1024 bytes, else UTF-8. An unknown label counts as none.
 */
export function decodeBody(body: Uint8Array, contentType: string): string {
  const label = byteOrderMark(body) ?? known(charsetParameter(contentType)) ?? (kindOfContentType(contentType) === 'html' ? known(metaCharset(body)) : null);
  if (label === 'windows-1252') return decodeWindows1252(body);
  return new TextDecoder(label ?? 'utf-8').decode(body);
}

// Bytes 0x80-0x9F of windows-1252 (which WHATWG also uses for "iso-8859-1", "latin1" and
// "us-ascii"): Node 20's TextDecoder reads them as C1 controls, as ISO-8859-1 would, so curly
// quotes, dashes and the euro sign would be lost. The five unassigned bytes map, as WHATWG says, to
// the C1 control of the same value.
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c,
  0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

function decodeWindows1252(body: Uint8Array): string {
  let text = '';
  for (let i = 0; i < body.length; i += 8192) {
    const chunk = Array.from(body.subarray(i, i + 8192), (byte) => (byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80]! : byte));
    text += String.fromCharCode(...chunk);
  }
  return text;
}

function byteOrderMark(body: Uint8Array): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return null;
}

function charsetParameter(contentType: string): string | null {
  return /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1] ?? null;
}

/**
 * The charset an HTML page declares in its head, by the HTML standard's prescan: the bytes read
 * as ASCII, the first <meta> that names one. UTF-16 named there means UTF-8 (a page whose <meta>
 * reads as ASCII is not UTF-16).
 */
function metaCharset(body: Uint8Array): string | null {
  const head = Buffer.from(body.subarray(0, 1024))
    .toString('latin1')
    .replace(/<!--[\s\S]*?-->/g, '');
  for (const meta of head.match(/<meta\s[^>]*>/gi) ?? []) {
    const charset = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(meta)?.[1];
    if (charset) return /^utf-?16/i.test(charset) ? 'utf-8' : charset;
  }
  return null;
}

/** The label if TextDecoder knows it (Node's full ICU: windows-1252, ISO-8859-x, Shift_JIS, ...). */
function known(label: string | null): string | null {
  if (label === null) return null;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
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
