// Tables of regional terms, read as records: a header row names the columns ("Where you live | Governing
// law | Courts"), and each row below it is one record whose cells belong together (issue 44, item 2).
// Rows are lines of cells split by " | " (Markdown tables as normalise.ts writes them).
import { isRestOfWorld, regionOfPhrase } from './regions.js';
import type { FactSentence } from './sentences.js';

export interface TableRecord {
  /** The row the record was read from. */
  readonly row: FactSentence;
  readonly region: 'us' | 'other' | null;
  /** The row covers everyone not named in another row ("Rest of world", "All other countries"). */
  readonly rest: boolean;
  /** The cell under a governing-law column, if the table has one. */
  readonly law: string | null;
  /** The cell under a courts / jurisdiction / venue column, if the table has one. */
  readonly courts: string | null;
}

const cellsOf = (s: FactSentence) => s.text.split(' | ').map((c) => c.trim());

const LAW_COLUMN = /\b(?:governing|applicable|choice of) law\b|^\W*laws?\W*$/i;
const COURTS_COLUMN = /\b(?:courts?|jurisdiction|venue|forum|place of (?:jurisdiction|performance))\b/i;

const cache = new WeakMap<readonly FactSentence[], TableRecord[]>();

/** The records of every table whose header names a governing-law or courts column, in document order. */
export function tableRecords(sentences: readonly FactSentence[]): TableRecord[] {
  const known = cache.get(sentences);
  if (known) return known;
  const records: TableRecord[] = [];
  let k = 0;
  while (k < sentences.length) {
    if (cellsOf(sentences[k]).length < 2) {
      k++;
      continue;
    }
    // A table: consecutive rows of cells, one row per paragraph.
    const rows: FactSentence[] = [];
    let paragraph = sentences[k].paragraph;
    while (k < sentences.length && cellsOf(sentences[k]).length >= 2 && sentences[k].paragraph - paragraph <= 1) {
      rows.push(sentences[k]);
      paragraph = sentences[k].paragraph;
      k++;
    }
    const header = cellsOf(rows[0]);
    const lawColumn = header.findIndex((c) => LAW_COLUMN.test(c));
    const courtsColumn = header.findIndex((c, i) => i !== lawColumn && COURTS_COLUMN.test(c));
    if (lawColumn < 0 && courtsColumn < 0) continue;
    for (const row of rows.slice(1)) {
      const cells = cellsOf(row);
      records.push({
        row,
        region: regionOfPhrase(cells[0]),
        rest: isRestOfWorld(cells[0]),
        law: lawColumn >= 0 ? (cells[lawColumn] ?? null) : null,
        courts: courtsColumn >= 0 ? (cells[courtsColumn] ?? null) : null,
      });
    }
  }
  cache.set(sentences, records);
  return records;
}

/** The record for users in the United States (named, or in a "rest of world" row), else the first record that has the wanted cell. */
export function preferredRecord(sentences: readonly FactSentence[], cell: 'law' | 'courts'): TableRecord | null {
  const records = tableRecords(sentences).filter((r) => r[cell]);
  return records.find((r) => r.region === 'us' && !r.rest) ?? records.find((r) => r.rest) ?? records[0] ?? null;
}
