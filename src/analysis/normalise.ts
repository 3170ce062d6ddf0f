// Turns an uploaded terms document (HTML, Markdown or plain text) into the normalised plain text
// that is stored and quoted: clause offsets point into this text, so it must be deterministic.
// Paragraph breaks survive as blank lines, list items and headings as their own lines, because
// the segmenter uses them as hard sentence boundaries.

export type DocumentFormat = 'markdown' | 'text' | 'html';

/** A document that cannot be analysed (empty, binary, or without real text). */
export class DocumentError extends Error {
  override readonly name = 'DocumentError';
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  hellip: '\u2026',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  sect: '\u00a7',
  para: '\u00b6',
  middot: '\u00b7',
  bull: '\u2022',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  laquo: '\u00ab',
  raquo: '\u00bb',
  shy: '',
  zwj: '',
  zwnj: '',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  times: '\u00d7',
  deg: '\u00b0',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const named = NAMED_ENTITIES[body.toLowerCase()];
    return named ?? whole;
  });
}

/**
 * Guesses the format from a Content-Type header or a file name (by extension), then from the
 * content itself.
 */
export function detectFormat(contentTypeOrFileName: string | undefined, raw: string): DocumentFormat {
  const type = (contentTypeOrFileName ?? '').toLowerCase().trim();
  const extension = /\.([a-z0-9]+)$/.exec(type)?.[1];
  const isMediaType = /^(?:text|application|image|audio|video|multipart|message)\//.test(type);
  if (extension && !isMediaType) {
    if (extension === 'html' || extension === 'htm' || extension === 'xhtml') return 'html';
    if (extension === 'md' || extension === 'markdown' || extension === 'mdown') return 'markdown';
    if (extension === 'txt' || extension === 'text') return 'text';
  }
  if (type.includes('html')) return 'html';
  if (type.includes('markdown')) return 'markdown';
  const head = raw.slice(0, 4000);
  if (/<!doctype html|<html[\s>]|<body[\s>]|<(?:p|div|h[1-6]|ul|ol|li|section|article)[\s>]/i.test(head)) return 'html';
  if (type.includes('text/plain')) return 'text';
  if (/^#{1,6}\s+\S/m.test(head) || /\[[^\]]+\]\([^)]+\)/.test(head) || /^\s*[-*+]\s+\S/m.test(head) || /\*\*[^*]+\*\*/.test(head)) return 'markdown';
  return 'text';
}

/** Rejects binary payloads before any work is done on them. */
function assertTextual(raw: string): void {
  if (raw.trim().length === 0) throw new DocumentError('document is empty');
  if (raw.includes('\u0000')) throw new DocumentError('document looks binary (contains NUL bytes)');
  const sample = raw.slice(0, 20000);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd) control++;
  }
  if (control / sample.length > 0.05) throw new DocumentError('document looks binary (too many control characters)');
}

const BLOCK_TAGS =
  'p|div|section|article|header|footer|main|aside|nav|h[1-6]|ul|ol|li|dl|dt|dd|table|thead|tbody|tfoot|tr|blockquote|pre|figure|figcaption|form|fieldset|address|details|summary|hr';

function htmlToText(raw: string): string {
  let s = raw
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template|svg|head|iframe|object)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!doctype[^>]*>/gi, ' ')
    .replace(/<\?[\s\S]*?\?>/g, ' ');
  s = s.replace(/<br\s*\/?>/gi, '\n');
  s = s.replace(/<li\b[^>]*>/gi, '\n\n- ');
  s = s.replace(/<(?:td|th)\b[^>]*>/gi, ' ');
  s = s.replace(new RegExp(`</?(?:${BLOCK_TAGS})\\b[^>]*>`, 'gi'), '\n\n');
  s = s.replace(/<[^>]+>/g, '');
  // Stray "<" that never closed a tag: keep the text after it, drop the bracket.
  s = s.replace(/<(?=[a-z/!])/gi, '');
  return decodeEntities(s);
}

// Backslash escapes are swapped for private-use characters while markup is stripped, so that an
// escaped "\*" or "1\." is never taken for markup, then restored as the plain character.
const ESCAPABLE = '\\`*_{}[]()#+-.!|<>~';
const ESCAPE_BASE = 0xe000;

function markdownToText(raw: string): string {
  const protectedRaw = raw.replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, (_, c: string) => String.fromCharCode(ESCAPE_BASE + ESCAPABLE.indexOf(c)));
  const lines = protectedRaw.split('\n');
  const out: string[] = [];
  let inFence = false;
  for (let line of lines) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (!inFence) {
      if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
        out.push('');
        continue;
      }
      if (/^\s*[=-]{3,}\s*$/.test(line)) {
        out.push(''); // setext heading underline
        continue;
      }
      if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) continue; // table rule
      const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (heading) {
        // A heading becomes its own paragraph so it never merges into the clause below it.
        out.push('', inline(heading[1]), '');
        continue;
      }
      line = inline(line.replace(/^\s{0,3}>\s?/, '').replace(/^(\s*)[*+]\s+/, '$1- '));
    }
    out.push(line);
  }
  const restored = out.join('\n').replace(/[\ue000-\ue01f]/g, (c) => ESCAPABLE[c.charCodeAt(0) - ESCAPE_BASE] ?? '');
  return decodeEntities(restored);
}

/** Inline Markdown -> text: links and images keep their words, emphasis markers go. */
function inline(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\((?:[^()]|\([^)]*\))*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/, '')
    .replace(/<(https?:[^>]+)>/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, '$1$2')
    .replace(/(^|[^\w_])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^\s*\|(.*)\|\s*$/, (_, cells: string) =>
      cells
        .split('|')
        .map((c) => c.trim())
        .join(' | '),
    )
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/\*\*|__/g, '');
}

/**
 * Collapses whitespace inside lines, keeps single newlines and at most one blank line. Invisible
 * characters (soft hyphens, zero-width spaces) are kept, so that a quote stays verbatim; the
 * classifier reads them away (detokenise.ts readable()).
 */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000\t\f\v]/g, ' ')
    .replace(/[\u2028\u2029]/g, '\n')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Normalises a document into plain text; throws DocumentError when there is nothing to analyse. */
export function normaliseDocument(raw: string, format: DocumentFormat): string {
  if (typeof raw !== 'string') throw new DocumentError('document must be a string');
  assertTextual(raw);
  const unified = raw.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  const converted = format === 'html' ? htmlToText(unified) : format === 'markdown' ? markdownToText(unified) : unified;
  const text = tidy(converted);
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const words = (text.match(/\p{L}{2,}/gu) ?? []).length;
  if (letters < 20 || words < 5) throw new DocumentError('document has no readable text after normalisation');
  return text;
}
