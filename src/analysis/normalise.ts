// Turns an uploaded terms document (HTML, Markdown or plain text) into the normalised plain text
// that is stored and quoted: clause offsets point into this text, so it must be deterministic.
// Paragraph breaks survive as blank lines, list items and headings as their own lines, because
// the segmenter uses them as hard sentence boundaries.

import { MappedText, type MappedMatch, type Piece, type ReplaceOptions, type SourceSpan } from './offset-map.js';

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

// Each step is a pattern and its replacement, applied in order through the offset map (which
// keeps its compiled form of each pattern object, so they live here, made once).
type Step = readonly [RegExp, string | ((match: MappedMatch) => Piece), ReplaceOptions?];

const MARKUP = { markup: true } as const;

const ENTITY: Step = [/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (m) => decodeEntities(m.text)];

const HTML_STEPS: readonly Step[] = [
  [/<!--[\s\S]*?-->/g, ' '],
  [/<(script|style|noscript|template|svg|head|iframe|object)\b[\s\S]*?<\/\1\s*>/gi, ' '],
  [/<!doctype[^>]*>/gi, ' '],
  [/<\?[\s\S]*?\?>/g, ' '],
  [/<br\s*\/?>/gi, '\n'],
  [/<li\b[^>]*>/gi, '\n\n- '],
  [/<(?:td|th)\b[^>]*>/gi, ' '],
  [new RegExp(`</?(?:${BLOCK_TAGS})\\b[^>]*>`, 'gi'), '\n\n'],
  [/<[^>]+>/g, '', MARKUP],
  // Stray "<" that never closed a tag: keep the text after it, drop the bracket.
  [/<(?=[a-z/!])/gi, ''],
  ENTITY,
];

function apply(text: MappedText, steps: readonly Step[]): MappedText {
  return steps.reduce((t, [pattern, replacement, options]) => t.replace(pattern, replacement, options), text);
}

// Backslash escapes are swapped for private-use characters while markup is stripped, so that an
// escaped "\*" or "1\." is never taken for markup, then restored as the plain character.
const ESCAPABLE = '\\`*_{}[]()#+-.!|<>~';
const ESCAPE_BASE = 0xe000;
const ESCAPE: Step = [/\\([\\`*_{}[\]()#+\-.!|<>~])/g, (m) => String.fromCharCode(ESCAPE_BASE + ESCAPABLE.indexOf(m.text[1]!))];
const UNESCAPE: Step = [/[\ue000-\ue01f]/g, (m) => ESCAPABLE[m.text.charCodeAt(0) - ESCAPE_BASE] ?? ''];

const FENCE = /^\s*(```|~~~)/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const SETEXT_UNDERLINE = /^\s*[=-]{3,}\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const LINE_STEPS: readonly Step[] = [
  [/^\s{0,3}>\s?/, '', MARKUP], // a quotation's marker
  [/^(\s*)[*+]\s+/, '$1- '], // every list marker as "- "
];

const TABLE_CELL_EDGE = /\s*\|\s*/g;

/** Inline Markdown -> text: links and images keep their words, emphasis markers go. */
const INLINE_STEPS: readonly Step[] = [
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1', MARKUP],
  [/\[([^\]]*)\]\((?:[^()]|\([^)]*\))*\)/g, '$1', MARKUP],
  [/\[([^\]]+)\]\[[^\]]*\]/g, '$1', MARKUP],
  [/^\s*\[[^\]]+\]:\s*\S+.*$/, '', MARKUP],
  [/<(https?:[^>]+)>/g, '$1', MARKUP],
  [/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2', MARKUP],
  [/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, '$1$2', MARKUP],
  [/(^|[^\w_])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1$2', MARKUP],
  [/~~(?=\S)([\s\S]*?\S)~~/g, '$1', MARKUP],
  [/`([^`]+)`/g, '$1', MARKUP],
  [/^\s*\|(.*)\|\s*$/, (m) => m.group(1)!.replace(TABLE_CELL_EDGE, ' | ').trim(), MARKUP], // a table row: cells apart by " | "
  [/<\/?[a-z][^>]*>/gi, '', MARKUP],
  [/\*\*|__/g, '', MARKUP],
];

function markdownToText(raw: MappedText): MappedText {
  const out: { text: MappedText; separator: SourceSpan | null }[] = [];
  const blank = MappedText.of('');
  let inFence = false;
  for (const { line, newline } of apply(raw, [ESCAPE]).lines()) {
    if (FENCE.test(line.text)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      out.push({ text: line, separator: newline });
    } else if (RULE.test(line.text) || SETEXT_UNDERLINE.test(line.text)) {
      out.push({ text: blank, separator: newline }); // a paragraph break
    } else if (HEADING.test(line.text)) {
      // A heading becomes its own paragraph so it never merges into the clause below it.
      const { start, end } = line.sourceSpan(0, line.length);
      out.push({ text: blank, separator: { start, end: start } });
      out.push({ text: apply(line.replace(HEADING, '$1', MARKUP), INLINE_STEPS), separator: { start: end, end } });
      out.push({ text: blank, separator: newline });
    } else if (!TABLE_RULE.test(line.text)) {
      out.push({ text: apply(apply(line, LINE_STEPS), INLINE_STEPS), separator: newline });
    }
  }
  return apply(MappedText.join(out), [UNESCAPE, ENTITY]);
}

/**
 * Collapses whitespace inside lines, keeps single newlines and at most one blank line. Invisible
 * characters (soft hyphens, zero-width spaces) are kept, so that a quote stays verbatim; the
 * classifier reads them away (detokenise.ts readable()).
 */
const TIDY_STEPS: readonly Step[] = [
  [/\r\n?/g, '\n'],
  [/[\u00a0\u2000-\u200a\u202f\u205f\u3000\t\f\v]/g, ' '],
  [/[\u2028\u2029]/g, '\n'],
  [/ {2,}/g, ' '],
  [/^[^\S\n]+|[^\S\n]+$/gm, ''], // each line trimmed
  [/\n{3,}/g, '\n\n'],
  [/^\s+|\s+$/g, ''],
];

const UNIFY_STEPS: readonly Step[] = [
  [/^\ufeff/, ''],
  [/\r\n?/g, '\n'],
];

/** How much text a document needs to be analysed: a terms document, or any text an agent brings. */
export interface ReadableMinimum {
  readonly letters: number;
  readonly words: number;
}

export const DOCUMENT_MINIMUM: ReadableMinimum = { letters: 20, words: 5 };
/** An agent's own text: one word is readable ("Hello. This is a nice day." has no concerning clause, and says so). */
export const TEXT_MINIMUM: ReadableMinimum = { letters: 2, words: 1 };

/** Normalises a document into plain text; throws DocumentError when there is nothing to analyse. */
export function normaliseDocument(raw: string, format: DocumentFormat, minimum: ReadableMinimum = DOCUMENT_MINIMUM): string {
  return normaliseMapped(raw, format, minimum).text;
}

/**
 * The same, with the offset map: each character of the normalised text knows the range of `raw`
 * it was read from, so that a span of it can be given back as a span of `raw` (sourceSpan).
 */
export function normaliseMapped(raw: string, format: DocumentFormat, minimum: ReadableMinimum = DOCUMENT_MINIMUM): MappedText {
  if (typeof raw !== 'string') throw new DocumentError('document must be a string');
  assertTextual(raw);
  const unified = apply(MappedText.of(raw), UNIFY_STEPS);
  const converted = format === 'html' ? apply(unified, HTML_STEPS) : format === 'markdown' ? markdownToText(unified) : unified;
  const text = apply(converted, TIDY_STEPS);
  const letters = (text.text.match(/\p{L}/gu) ?? []).length;
  const words = (text.text.match(/\p{L}{2,}/gu) ?? []).length;
  if (letters < minimum.letters || words < minimum.words) throw new DocumentError('document has no readable text after normalisation');
  return text;
}
