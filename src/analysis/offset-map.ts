// Text that knows where each of its characters came from: the offset map kept while a document is
// normalised, so that a span of the normalised text (a clause, a fact's sentence) can be given back
// as the span of the caller's own text it was read from. Searching for a quote in the source
// afterwards would break on repeated sentences and joined lines; translating through the map cannot.
//
// Each character carries the range [from, to) of the source it stands for: a kept character its
// own position, an inserted one (a bullet written anew, a decoded entity, one space for a run of
// them) the range it replaces. Markup that is removed around kept text (a link's brackets and
// address, emphasis markers, a table row's pipes) is logged as a construct: its whole source range
// and the range of what it kept. A span that holds all a construct kept is widened to the
// construct, so that the source span carries its markup whole ("[terms](url)", not "terms](url)");
// a span that holds only part of it is not.

/** A piece of a replacement: literal text, or mapped text (a match's group, possibly reworked). */
export type Piece = string | MappedText;

export interface MappedMatch {
  /** The whole match, as text. */
  readonly text: string;
  /** Group `n` as mapped text (undefined when it did not take part in the match). */
  group(n: number): MappedText | undefined;
}

export interface ReplaceOptions {
  /** What the match removes around what it keeps is markup: log it as a construct. */
  readonly markup?: boolean;
}

type Replacement = string | ((match: MappedMatch) => Piece | Piece[]);

export interface SourceSpan {
  readonly start: number;
  readonly end: number;
}

/** Markup in the source: `outer` is all of it, `inner` what it kept (both source ranges). */
interface Construct {
  readonly outer: SourceSpan;
  readonly inner: SourceSpan;
}

/** The constructs of one source, shared by every text made from it; sorted by inner start when read. */
class ConstructLog {
  readonly entries: Construct[] = [];
  private sortedLength = 0;

  add(construct: Construct): void {
    this.entries.push(construct);
  }

  sorted(): readonly Construct[] {
    if (this.sortedLength !== this.entries.length) {
      this.entries.sort((a, b) => a.inner.start - b.inner.start || b.inner.end - a.inner.end);
      this.sortedLength = this.entries.length;
    }
    return this.entries;
  }
}

const EDGE_SPACE = /^\s+|\s+$/g;

export class MappedText {
  /** Use MappedText.of; `from[i]`, `to[i]`: the source range character i stands for. */
  constructor(
    readonly text: string,
    readonly from: Int32Array,
    readonly to: Int32Array,
    readonly log: ConstructLog | null,
  ) {}

  /** The source itself: each character stands for itself. */
  static of(source: string): MappedText {
    const from = new Int32Array(source.length);
    const to = new Int32Array(source.length);
    for (let i = 0; i < source.length; i++) {
      from[i] = i;
      to[i] = i + 1;
    }
    return new MappedText(source, from, to, source === '' ? null : new ConstructLog());
  }

  get length(): number {
    return this.text.length;
  }

  /** The range of the source that characters [start, end) were read from, with their markup whole. */
  sourceSpan(start: number, end: number): SourceSpan {
    const own = this.ownSpan(start, end);
    return this.log ? widened(own, this.log.sorted()) : own;
  }

  /** The source range of characters [start, end), without the markup around them. */
  ownSpan(start: number, end: number): SourceSpan {
    if (start < 0 || end > this.text.length || start >= end) throw new RangeError(`no span [${start}, ${end}) in a text of ${this.text.length}`);
    let first = this.from[start]!;
    let last = this.to[end - 1]!;
    for (let i = start; i < end; i++) {
      if (this.from[i]! < first) first = this.from[i]!;
      if (this.to[i]! > last) last = this.to[i]!;
    }
    return { start: first, end: last };
  }

  slice(start: number, end: number = this.text.length): MappedText {
    // Views, not copies: a MappedText is never changed once made.
    return new MappedText(this.text.slice(start, end), this.from.subarray(start, end), this.to.subarray(start, end), this.log);
  }

  /** Lines, split at '\n', each with the source range of the newline that ends it (null for the last). */
  lines(): { line: MappedText; newline: SourceSpan | null }[] {
    const lines: { line: MappedText; newline: SourceSpan | null }[] = [];
    let start = 0;
    for (;;) {
      const end = this.text.indexOf('\n', start);
      if (end < 0) {
        lines.push({ line: this.slice(start), newline: null });
        return lines;
      }
      lines.push({ line: this.slice(start, end), newline: { start: this.from[end]!, end: this.to[end]! } });
      start = end + 1;
    }
  }

  /** String.prototype.replace, keeping the map: `$n` in a string replacement is group n. */
  replace(pattern: RegExp, replacement: Replacement, options: ReplaceOptions = {}): MappedText {
    const re = withIndices(pattern);
    re.lastIndex = 0;
    let match = re.exec(this.text);
    if (!match) return this;
    const out = new Builder(this.text.length, this.log);
    const unicode = /[uv]/.test(re.flags);
    let copied = 0;
    while (match) {
      const start = match.index;
      const end = start + match[0].length;
      out.copy(this, copied, start);
      const at = start < this.text.length ? this.from[start]! : this.endOfSource();
      const source = start < end ? this.ownSpan(start, end) : { start: at, end: at };
      out.replacement(this.piecesOf(match, replacement), source, options.markup === true);
      copied = end;
      if (!pattern.global) break;
      if (end === start) re.lastIndex = end + (unicode && isSurrogatePair(this.text, end) ? 2 : 1);
      if (re.lastIndex > this.text.length) break;
      match = re.exec(this.text);
    }
    out.copy(this, copied, this.text.length);
    return out.build();
  }

  /** ^\s+ and \s+$ removed (as String.prototype.trim). */
  trim(): MappedText {
    return this.replace(EDGE_SPACE, '');
  }

  /** Joins pieces of mapped text with '\n', each newline mapped to the source range given with it. */
  static join(parts: readonly { text: MappedText; separator: SourceSpan | null }[]): MappedText {
    const out = new Builder(
      parts.reduce((n, part) => n + part.text.length + 1, 0),
      parts.find((p) => p.text.log)?.text.log ?? null,
    );
    parts.forEach(({ text, separator }, i) => {
      out.copy(text, 0, text.length);
      if (i < parts.length - 1) out.literal('\n', separator ?? { start: out.lastEnd(), end: out.lastEnd() });
    });
    return out.build();
  }

  private endOfSource(): number {
    return this.to.length > 0 ? this.to[this.to.length - 1]! : 0;
  }

  private piecesOf(match: RegExpExecArray, replacement: Replacement): Piece[] {
    if (typeof replacement === 'function') {
      const result = replacement({ text: match[0], group: (n) => this.groupOf(match, n) });
      return Array.isArray(result) ? result : [result];
    }
    return templatePieces(replacement).map((piece) => (typeof piece === 'number' ? (this.groupOf(match, piece) ?? '') : piece));
  }

  private groupOf(match: RegExpExecArray, n: number): MappedText | undefined {
    const at = match.indices?.[n];
    return at ? this.slice(at[0], at[1]) : undefined;
  }
}

/** `span` widened by every construct all of whose kept text it holds, until none is left. */
function widened(span: SourceSpan, constructs: readonly Construct[]): SourceSpan {
  let { start, end } = span;
  for (let changed = true; changed;) {
    changed = false;
    // Constructs are sorted by inner start: the first that may lie within the span, then onwards.
    let lo = 0;
    let hi = constructs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (constructs[mid]!.inner.start < start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < constructs.length && constructs[i]!.inner.start < end; i++) {
      const { inner, outer } = constructs[i]!;
      if (inner.end > end || (outer.start >= start && outer.end <= end)) continue;
      start = Math.min(start, outer.start);
      end = Math.max(end, outer.end);
      changed = true;
    }
  }
  return { start, end };
}

/** Output being built: its text and the source range of each character. */
class Builder {
  private readonly chunks: string[] = [];
  private from: Int32Array;
  private to: Int32Array;
  private size = 0;

  constructor(
    capacity: number,
    private log: ConstructLog | null,
  ) {
    this.from = new Int32Array(Math.max(capacity, 16));
    this.to = new Int32Array(Math.max(capacity, 16));
  }

  copy(text: MappedText, start: number, end: number): void {
    if (end <= start) return;
    this.adopt(text.log);
    this.reserve(end - start);
    this.from.set(text.from.subarray(start, end), this.size);
    this.to.set(text.to.subarray(start, end), this.size);
    this.size += end - start;
    this.chunks.push(start === 0 && end === text.length ? text.text : text.text.slice(start, end));
  }

  literal(text: string, source: SourceSpan): void {
    if (text === '') return;
    this.reserve(text.length);
    this.from.fill(source.start, this.size, this.size + text.length);
    this.to.fill(source.end, this.size, this.size + text.length);
    this.size += text.length;
    this.chunks.push(text);
  }

  /** A match's replacement; with `markup`, what it removed around what it kept is logged as a construct. */
  replacement(pieces: readonly Piece[], source: SourceSpan, markup: boolean): void {
    let cursor = source.start;
    const kept: SourceSpan[] = [];
    pieces.forEach((piece, i) => {
      if (typeof piece === 'string') {
        // Literal text stands for the source between the pieces around it.
        const next = pieces.slice(i + 1).find((p): p is MappedText => typeof p !== 'string' && p.length > 0);
        const until = next ? Math.max(cursor, next.ownSpan(0, next.length).start) : source.end;
        this.literal(piece, { start: cursor, end: until });
        if (piece !== '') cursor = until;
        return;
      }
      if (piece.length === 0) return;
      this.copy(piece, 0, piece.length);
      for (let c = 0; c < piece.length; c++) kept.push({ start: piece.from[c]!, end: piece.to[c]! });
      cursor = Math.max(cursor, piece.ownSpan(0, piece.length).end);
    });
    if (markup && this.log) {
      const construct = constructOf(source, kept);
      if (construct) this.log.add(construct);
    }
  }

  lastEnd(): number {
    return this.size > 0 ? this.to[this.size - 1]! : 0;
  }

  build(): MappedText {
    return new MappedText(this.chunks.join(''), this.from.slice(0, this.size), this.to.slice(0, this.size), this.log);
  }

  /** Texts of one source share one log; another's entries (a join of two sources) are taken over. */
  private adopt(log: ConstructLog | null): void {
    if (!log || log === this.log) return;
    if (!this.log) this.log = log;
    else for (const entry of log.entries) this.log.add(entry);
  }

  private reserve(more: number): void {
    if (this.size + more <= this.from.length) return;
    const capacity = Math.max(this.from.length * 2, this.size + more);
    const [from, to] = [new Int32Array(capacity), new Int32Array(capacity)];
    from.set(this.from.subarray(0, this.size));
    to.set(this.to.subarray(0, this.size));
    [this.from, this.to] = [from, to];
  }
}

/**
 * The markup of one match: from the first source character it removed to the last, and what it
 * kept in between; or, when it removed only before (a heading's "## ") or only after what it kept,
 * that markup and what it kept. Kept characters beyond the markup (the context a pattern reads,
 * such as the space before "*emphasis*") are not part of it. Null when nothing was both removed
 * and kept.
 */
function constructOf(source: SourceSpan, kept: readonly SourceSpan[]): Construct | null {
  const length = source.end - source.start;
  if (length <= 0 || kept.length === 0) return null;
  const covered = new Uint8Array(length);
  for (const { start, end } of kept) covered.fill(1, Math.max(start - source.start, 0), Math.min(end - source.start, length));
  const [firstRemoved, lastRemoved] = [covered.indexOf(0), covered.lastIndexOf(0)];
  const [firstKept, lastKept] = [covered.indexOf(1), covered.lastIndexOf(1)];
  if (firstRemoved < 0 || firstKept < 0) return null;
  const at = (start: number, end: number) => ({ start: source.start + start, end: source.start + end });
  const keptWithin = covered.subarray(firstRemoved, lastRemoved).indexOf(1);
  if (keptWithin >= 0) {
    const innerStart = firstRemoved + keptWithin;
    let innerEnd = lastRemoved;
    while (covered[innerEnd - 1] === 0) innerEnd--;
    return { outer: at(firstRemoved, lastRemoved + 1), inner: at(innerStart, innerEnd) };
  }
  if (firstKept > lastRemoved) return { outer: at(firstRemoved, lastKept + 1), inner: at(firstKept, lastKept + 1) };
  if (lastKept < firstRemoved) return { outer: at(firstKept, lastRemoved + 1), inner: at(firstKept, lastKept + 1) };
  return null;
}

const withIndicesCache = new WeakMap<RegExp, RegExp>();

/**
 * The same pattern with match indices (the `d` flag) and global matching, for exec loops. Kept
 * per pattern object: callers keep their patterns in constants.
 */
function withIndices(pattern: RegExp): RegExp {
  let re = withIndicesCache.get(pattern);
  if (!re) {
    const flags = new Set(pattern.flags);
    flags.add('d');
    flags.add('g');
    re = new RegExp(pattern.source, [...flags].join(''));
    withIndicesCache.set(pattern, re);
  }
  return re;
}

const templateCache = new Map<string, (string | number)[]>();

/** "$1- " -> [1, "- "]. */
function templatePieces(template: string): (string | number)[] {
  let pieces = templateCache.get(template);
  if (!pieces) {
    pieces = template.split(/(\$\d)/).flatMap((part): (string | number)[] => (/^\$\d$/.test(part) ? [Number(part[1])] : part === '' ? [] : [part]));
    templateCache.set(template, pieces);
  }
  return pieces;
}

function isSurrogatePair(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code >= 0xd800 && code <= 0xdbff && at + 1 < text.length;
}
