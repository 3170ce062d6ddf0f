// Splits normalised text into sentences with exact offsets, so that text.slice(start, end) is
// the sentence verbatim (no surrounding white space, no list bullet). Line breaks always end a
// sentence, because normalise.ts puts headings and list items on their own lines; inside a line
// a full stop ends a sentence unless it belongs to an abbreviation, an initial or a number.

export interface Span {
  readonly start: number;
  readonly end: number;
}

const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'inc',
  'ltd',
  'llc',
  'l.l.c',
  'corp',
  'co',
  'u.s',
  'u.k',
  'e.u',
  'u.s.a',
  'no',
  'nos',
  'vs',
  'v',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'art',
  'arts',
  'sec',
  'secs',
  'para',
  'paras',
  'pp',
  'p',
  'cf',
  'al',
  'approx',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'p.o',
  'a.m',
  'p.m',
  'incl',
  'n.a',
  's.a',
  'b.v',
  'n.v',
  'gmbh',
  'pty',
  'plc',
  'seq',
  'ch',
  'cl',
  'fig',
  'ave',
  'blvd',
  'rd',
  'ste',
  'dept',
  'govt',
  'viz',
  'resp',
  'approx',
  'min',
  'max',
  'est',
  'ca',
  'sr',
  'jr',
  'ph.d',
  's.à.r.l',
  'sàrl',
  'sarl',
  'u.s.c',
  'c.f.r',
]);

// Names spelt with an exclamation mark ("Yahoo! JAPAN ID"): the mark ends no sentence.
const NAMES_WITH_BANG = new Set(['yahoo']);

/** Longest sentence before a semicolon may also end it: keeps quotes of run-on lists readable. */
const SEMICOLON_SPLIT_AFTER = 400;
const BULLET = /^(?:[-*+\u2022\u25aa\u25cf\u2013\u00b7]\s+)+/;

/**
 * A document written all in lower case (as the CLAUDETTE releases are): there a lower-case word
 * after a full stop does start a new sentence. Judged on the whole text: under 1 capital in 500 letters.
 */
function isCaseless(text: string): boolean {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const capitals = (text.match(/\p{Lu}/gu) ?? []).length;
  return letters >= 200 && capitals * 500 < letters;
}

export function segmentSentences(text: string): Span[] {
  const spans: Span[] = [];
  const caseless = isCaseless(text);
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    splitLine(text, lineStart, lineEnd, spans, caseless);
    lineStart = lineEnd + 1;
  }
  return spans;
}

function splitLine(text: string, from: number, to: number, spans: Span[], caseless: boolean): void {
  let start = from;
  for (let i = from; i < to; i++) {
    const ch = text[i];
    if (ch !== '.' && ch !== '!' && ch !== '?' && ch !== ';') continue;
    // A boundary needs white space after the mark (closing quotes or brackets may come first).
    let j = i + 1;
    while (j < to && /["'\u201d\u2019)\]*]/.test(text[j])) j++;
    if (j < to && !/\s/.test(text[j])) continue;
    if (ch === ';' && (i - start < SEMICOLON_SPLIT_AFTER || to - j < 120)) continue;
    if (ch === '.' && !endsSentence(text, start, i, j, to, caseless)) continue;
    if (ch === '!' && NAMES_WITH_BANG.has((/(\p{L}+)$/u.exec(text.slice(Math.max(start, i - 12), i))?.[1] ?? '').toLowerCase())) continue;
    push(text, start, j, spans);
    start = j;
  }
  push(text, start, to, spans);
}

function endsSentence(text: string, start: number, dot: number, after: number, lineEnd: number, caseless: boolean): boolean {
  const before = text.slice(Math.max(start, dot - 14), dot);
  const word = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase() ?? '';
  if (ABBREVIATIONS.has(word) || ABBREVIATIONS.has(word.replace(/^\.+/, ''))) return false;
  // Section numbers at the start of a sentence: "1." or "12.3." followed by the heading text.
  if (/^\s*\d+(?:\.\d+)*$/.test(text.slice(start, dot))) return false;
  if (after >= lineEnd || caseless) return true;
  const next = text.slice(after).trimStart()[0];
  // A lower-case continuation is rarely a new sentence ("approx. five", "etc. and").
  return next === undefined || !/\p{Ll}/u.test(next);
}

function push(text: string, start: number, end: number, spans: Span[]): void {
  while (start < end && /\s/.test(text[start])) start++;
  const bullet = BULLET.exec(text.slice(start, Math.min(end, start + 12)));
  if (bullet) start += bullet[0].length;
  while (end > start && /\s/.test(text[end - 1])) end--;
  // Lines that are only punctuation or markup remnants are not sentences.
  if (end > start && /[\p{L}\p{N}]/u.test(text.slice(start, end))) spans.push({ start, end });
}

/** Convenience: the sentences themselves, in order. */
export function splitSentences(text: string): string[] {
  return segmentSentences(text).map(({ start, end }) => text.slice(start, end));
}
