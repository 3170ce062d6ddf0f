// Tables in terms (issue 44, item 2): Open Terms Archive's markdown writes them as `| a | b |` rows
// under a `|---|` line (normalised to "a | b" lines), the annotated corpus as tab-separated lines. A
// row is one record (a region, its law, its courts), read by its header, not as a sentence: the
// classifier reads "Where you live: United States; Governing law: the laws of California; ...", the
// plain English tells the record, and the title names what the row's cell for its category says.
import type { Span } from './engine/segment.js';

export interface TableRow {
  /** The header's cells ("" where the table has no header row). */
  readonly header: readonly string[];
  readonly cells: readonly string[];
}

const MARKER = /^(?:\(?[a-z0-9]{1,4}[.)]|[ivx]{1,5}\.|[-*•])$/i;

/** The cells of a line that is a table row, or undefined. */
function cellsOf(line: string): string[] | undefined {
  if (line.includes('|')) {
    const cells = line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
    return cells.length >= 2 ? cells : undefined;
  }
  if (line.includes('\t')) {
    const cells = line
      .split('\t')
      .map((c) => c.trim())
      .filter((c, i) => !(i === 0 && MARKER.test(c)));
    // A list item ("1.\tIntroduction") is no row: a row has two cells of its own at least.
    return cells.length >= 2 && cells.filter(Boolean).length >= 2 ? cells : undefined;
  }
  return undefined;
}

interface Line {
  readonly start: number;
  readonly end: number;
  readonly cells?: string[];
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    lines.push({ start, end: start + line.length, cells: cellsOf(line) });
    start += line.length + 1;
  }
  return lines;
}

/**
 * Each row of each table of the text, by the offset where its line starts. A table is two lines or
 * more in a row with the same number of cells; its first line is its header unless every cell of it
 * is empty (a table written without one).
 */
export function tableRows(text: string): Map<number, { row: TableRow; end: number }> {
  const rows = new Map<number, { row: TableRow; end: number }>();
  if (!text.includes('|') && !text.includes('\t')) return rows;
  const lines = linesOf(text);
  for (let i = 0; i < lines.length;) {
    const width = lines[i].cells?.length;
    let j = i;
    while (width && j < lines.length && lines[j].cells?.length === width) j++;
    if (width && j - i >= 2) {
      const first = lines[i].cells!;
      const headed = first.some(Boolean);
      const header = headed ? first : first.map(() => '');
      for (let k = headed ? i + 1 : i; k < j; k++)
        if (lines[k].cells!.some(Boolean)) rows.set(lines[k].start, { row: { header, cells: lines[k].cells! }, end: lines[k].end });
    }
    i = Math.max(j, i + 1);
  }
  return rows;
}

/** The spans with those of one table row joined: a row is one record, whatever stops its cells hold. */
export function joinRows(text: string, spans: readonly Span[], rows: ReadonlyMap<number, { end: number }>): Span[] {
  if (!rows.size) return [...spans];
  const out: Span[] = [];
  for (const span of spans) {
    const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
    const row = rows.get(lineStart);
    const last = out[out.length - 1];
    if (row && last && last.start >= lineStart && last.end <= row.end && span.end <= row.end) out[out.length - 1] = { start: last.start, end: span.end };
    else out.push(span);
  }
  return out;
}

/** The row of a span that is a whole table row, if it is one. */
export function rowOf(text: string, span: Span, rows: ReadonlyMap<number, { row: TableRow; end: number }>): TableRow | undefined {
  const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
  const found = rows.get(lineStart);
  return found && span.start <= lineStart + 4 && span.end >= found.end - 4 ? found.row : undefined;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The row as its fields: "Where you live: United States; Governing law: the laws of California." */
export function recordText(row: TableRow): string {
  const fields = row.cells
    .map((cell, i) => ({ name: row.header[i]?.replace(/[:\s]+$/, ''), cell }))
    .filter((f) => f.cell)
    .map((f) => (f.name ? `${capitalised(f.name)}: ${f.cell}` : f.cell));
  return `${fields.join('; ')}.`.replace(/([.!?])\.$/, '$1');
}

/** The record told: the row's first field says whom or what it is for, the others what holds for it. */
export function tellRecord(row: TableRow): string {
  return `A row of a table in the terms: ${recordText(row)}`;
}

/** The cell of the row whose header names the category's subject, if the table has one. */
export function cellFor(row: TableRow, subject: RegExp): string | undefined {
  const i = row.header.findIndex((h) => subject.test(h));
  return i >= 0 ? row.cells[i] : undefined;
}
