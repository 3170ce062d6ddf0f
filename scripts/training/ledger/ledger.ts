// The ledger of ../shared/terms/ota-contrib: every document with its state, so that a figure can
// say how many never-read documents stand under it.
//   sealed  drawn with a recorded seed; nobody opens it while writing or changing a rule
//   open    not drawn; free to read while developing (it becomes `read` when read)
//   read    opened by someone: when, by whom and why are in `date` and `why`
// `use` names what a sealed document is spent on (facts-gold, faithfulness round N): a document
// is used once, then moved to `read`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32, shuffle } from '../random.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const LEDGER_PATH = join(HERE, 'ledger.tsv');
export const OTA_ROOT = process.env.OTA_ROOT ?? join(HERE, '../../../../shared/terms/ota-contrib');

export type LedgerState = 'sealed' | 'open' | 'read';

export interface ManifestRow {
  kind: string;
  service: string;
  file: string;
  recorded_at: string;
  versions_recorded: number;
  words: number;
  language_guess: string;
}

export interface LedgerRow {
  file: string;
  service: string;
  kind: string;
  words: number;
  language_guess: string;
  /** The first file of its near-duplicate group, or '' when it has none. */
  group: string;
  state: LedgerState;
  use: string;
  date: string;
  why: string;
}

const COLUMNS: (keyof LedgerRow)[] = ['file', 'service', 'kind', 'words', 'language_guess', 'group', 'state', 'use', 'date', 'why'];

export function otaAvailable(): boolean {
  return existsSync(join(OTA_ROOT, 'manifest.tsv'));
}

export function readManifest(): ManifestRow[] {
  const [header, ...lines] = readFileSync(join(OTA_ROOT, 'manifest.tsv'), 'utf8').trim().split('\n');
  const names = header.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    const row = Object.fromEntries(names.map((n, i) => [n, cells[i]]));
    return { ...row, versions_recorded: Number(row.versions_recorded), words: Number(row.words) } as unknown as ManifestRow;
  });
}

export function readLedger(): LedgerRow[] {
  const [, ...lines] = readFileSync(LEDGER_PATH, 'utf8').trim().split('\n');
  return lines.map((line) => {
    const cells = line.split('\t');
    const row = Object.fromEntries(COLUMNS.map((c, i) => [c, cells[i] ?? '']));
    return { ...row, words: Number(row.words) } as unknown as LedgerRow;
  });
}

export function writeLedger(rows: LedgerRow[]): void {
  const clean = (v: unknown) => String(v).replace(/[\t\n]/g, ' ');
  const body = rows.map((r) => COLUMNS.map((c) => clean(r[c])).join('\t')).join('\n');
  writeFileSync(LEDGER_PATH, COLUMNS.join('\t') + '\n' + body + '\n');
}

/** Sealed documents not yet spent on anything, in the ledger's order. */
export function unusedSealed(rows: LedgerRow[]): LedgerRow[] {
  return rows.filter((r) => r.state === 'sealed' && r.use === '');
}

/**
 * Draws `count` unused sealed documents for a use (a round), with a seed, and records the use.
 * Near-duplicates of a drawn document are drawn with it, so that no round's documents reappear.
 */
export function drawForUse(rows: LedgerRow[], count: number, use: string, seed: number, filter: (r: LedgerRow) => boolean = () => true): LedgerRow[] {
  const candidates = unusedSealed(rows).filter((r) => r.kind === 'terms' && filter(r));
  shuffle(candidates, mulberry32(seed));
  const drawn: LedgerRow[] = [];
  for (const row of candidates) {
    if (drawn.length >= count) break;
    if (row.use !== '') continue;
    const family = rows.filter((r) => r === row || (row.group !== '' && (r.group === row.group || r.file === row.group)));
    for (const member of family) {
      member.use = use;
      member.why = `${member.why}; ${use} (seed ${seed})`;
    }
    drawn.push(row);
  }
  return drawn;
}

/** Moves documents to `read`, with the date and the reason. */
export function markRead(rows: LedgerRow[], files: string[], date: string, why: string): void {
  const wanted = new Set(files);
  for (const row of rows) {
    if (!wanted.has(row.file)) continue;
    row.state = 'read';
    row.date = date;
    row.why = `${row.why}; read: ${why}`;
  }
}

export function ledgerCounts(rows: LedgerRow[]): Record<LedgerState, number> {
  return {
    sealed: rows.filter((r) => r.state === 'sealed').length,
    open: rows.filter((r) => r.state === 'open').length,
    read: rows.filter((r) => r.state === 'read').length,
  };
}

/** How many of these files (paths relative to ota-contrib) the ledger still holds sealed. */
export function sealedInLedger(files: string[]): number {
  if (!existsSync(LEDGER_PATH)) return 0;
  const sealed = new Set(
    readLedger()
      .filter((r) => r.state === 'sealed')
      .map((r) => r.file),
  );
  return files.filter((f) => sealed.has(f)).length;
}
