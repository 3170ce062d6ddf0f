// Confidence that means something (issue 44, item 6): a clause is told with `confidence: "high"` only
// when readers of never-read documents found clauses of its kind faithful at least 95% of the time,
// on enough of them to tell. The measurements are one table, calibration.json beside this file,
// rebuilt from judged faithfulness rounds by scripts/training/ledger/calibrate.ts; this file reads it
// once and holds the rule that turns a row into a confidence.
import { readFileSync } from 'node:fs';
import type { CategorySlug } from './categories/index.js';
import type { Confidence } from './plain-english.js';

/**
 * How a clause's plain English was written: `specific`, the category's own rendering (a summary,
 * grounded in the quote: grounded.ts); `quote`, the quote itself made readable (plain-english.ts);
 * `table`, a row of a table told as a record (tables.ts).
 */
export type Rendering = 'specific' | 'quote' | 'table';

/** A kind of clause: its primary category and how it was told ("limitation-of-liability/specific"). */
export type ClauseKind = `${CategorySlug}/${Rendering}`;

export function clauseKind(category: CategorySlug, rendering: Rendering): ClauseKind {
  return `${category}/${rendering}`;
}

/** One row of the table: how readers judged the clauses of one kind. */
export interface KindCounts {
  readonly kind: string;
  readonly n: number;
  readonly faithful: number;
  readonly partly: number;
  readonly wrong: number;
}

export interface CalibrationTable {
  /** The judged rounds the counts come from ("9a", ...), and how many never-read documents they stand on. */
  readonly rounds: readonly string[];
  readonly documents: number;
  readonly built: string;
  readonly kinds: readonly KindCounts[];
}

/** A kind is told with high confidence only when readers found it faithful this often... */
export const HIGH_SHARE = 0.95;
/**
 * ... on at least this many judged clauses. With 20, one reading in twenty may be partly or wrong
 * (19/20 = 95%); a kind that readers would in truth find faithful only 80% of the time still
 * reaches 19 of 20 by chance less than 7% of the time (binomial), and 20 judged clauses of one kind
 * come within a few rounds of 60 for the common kinds. Fewer judged clauses say nothing either way.
 */
export const MIN_JUDGED = 20;

export const CALIBRATION_URL = new URL('./calibration.json', import.meta.url);

let table: Map<string, KindCounts> | undefined;

function loadTable(): Map<string, KindCounts> {
  if (!table) {
    const read = JSON.parse(readFileSync(CALIBRATION_URL, 'utf8')) as CalibrationTable;
    table = new Map(read.kinds.map((row) => [row.kind, row]));
  }
  return table;
}

/** Whether readers found this kind faithful often enough, on enough clauses, to tell it with high confidence. */
export function measuredFaithful(row: KindCounts | undefined): boolean {
  return row !== undefined && row.n >= MIN_JUDGED && row.faithful / row.n >= HIGH_SHARE;
}

/** The confidence a kind has earned: `high` only where the table shows it faithful; unmeasured kinds are `low`. */
export function kindConfidence(kind: ClauseKind): Confidence {
  return measuredFaithful(loadTable().get(kind)) ? 'high' : 'low';
}
