// Rebuilds the calibration table (src/analysis/calibration.json) from judged faithfulness rounds:
// for each kind of clause (its category and how it was told: calibration.ts), how many listed
// clauses readers judged, and how many of them faithful, partly and wrong. A round is three files,
// in either of two layouts of a rounds folder (default scripts/training/rounds):
//   NN.sample.json     or rNN.json               the sample: [{id, quote, category, title, party, plain_english, confidence}]
//   NN.documents.json  or rNN.documents.json     where each came from: [{id, document, start, end, kind?}] (kind since issue 44)
//   NN.verdicts.json   or judge-NN/verdicts.json the reader's verdicts: [{id, verdict, concern, states_category, kind, why}]
// A sample drawn before clauses carried their kind has it read from the sample itself: a plain English
// that repeats the quote's words is the quote made readable, anything else the category's rendering.
// Prints counts and shares only (the rounds' documents may still be sealed). Usage:
//   node --import tsx scripts/training/ledger/calibrate.ts [--dir DIR] [--write] [ROUND ...]
// With no ROUND, every judged round in DIR; --write replaces the table the analyzer reads.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALIBRATION_URL, measuredFaithful, type CalibrationTable, type KindCounts } from '../../../src/analysis/calibration.js';

const VERDICTS = ['faithful', 'partly', 'wrong'] as const;
type Verdict = (typeof VERDICTS)[number];

interface SampleItem {
  id: number;
  quote: string;
  category: string;
  plain_english: string;
}
interface DocumentItem {
  id: number;
  document?: string;
  kind?: string;
}
interface VerdictItem {
  id: number;
  verdict: Verdict;
  states_category?: boolean;
}

export interface JudgedClause {
  round: string;
  kind: string;
  category: string;
  document?: string;
  verdict: Verdict;
  states?: boolean;
}

const words = (text: string) => text.toLowerCase().match(/\p{L}[\p{L}'’]*/gu) ?? [];
// Words the quote made readable adds of its own: "the provider" for "we", the glosses' words.
const ADDED = new Set(['the', 'provider', "provider's", 'its', 'it', 'a', 'of', 'as', 'far', 'law', 'allows', 'will', 'before', 'after', 'about', 'under']);

/** How a clause of a round drawn before clauses carried their kind was told: the quote made readable, or a rendering. */
export function inferredRendering(quote: string, plainEnglish: string): 'quote' | 'specific' {
  const quoted = new Set(words(quote));
  const told = words(plainEnglish).filter((w) => !ADDED.has(w));
  if (told.length === 0) return 'specific';
  const shared = told.filter((w) => quoted.has(w)).length / told.length;
  // The quote made readable keeps nearly all its words; a rendering is written in its own.
  return shared >= 0.8 && told.length >= Math.min(12, words(quote).length * 0.6) ? 'quote' : 'specific';
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The first of a round's candidate files that exists. */
function firstOf(dir: string, names: string[]): string | undefined {
  return names.map((n) => join(dir, n)).find((f) => existsSync(f));
}

const sampleFile = (dir: string, round: string) => firstOf(dir, [`${round}.sample.json`, `r${round}.json`]);
const documentsFile = (dir: string, round: string) => firstOf(dir, [`${round}.documents.json`, `r${round}.documents.json`]);
const verdictsFile = (dir: string, round: string) => firstOf(dir, [`${round}.verdicts.json`, join(`judge-${round}`, 'verdicts.json')]);

/** The judged clauses of one round, each with its kind. */
export function readRound(dir: string, round: string): JudgedClause[] {
  const samplePath = sampleFile(dir, round);
  const verdictsPath = verdictsFile(dir, round);
  if (!samplePath || !verdictsPath) throw new Error(`round ${round}: no sample or no verdicts in ${dir}`);
  const sample = readJson<SampleItem[]>(samplePath);
  const documentsPath = documentsFile(dir, round);
  const documents = documentsPath ? readJson<DocumentItem[]>(documentsPath) : [];
  const verdicts = readJson<VerdictItem[]>(verdictsPath);
  const byId = new Map(sample.map((s) => [s.id, s]));
  const whereFrom = new Map(documents.map((d) => [d.id, d]));
  return verdicts.map((v) => {
    const item = byId.get(v.id);
    if (!item) throw new Error(`round ${round}: verdict for id ${v.id}, which the sample does not have`);
    if (!VERDICTS.includes(v.verdict)) throw new Error(`round ${round}: id ${v.id} has verdict "${String(v.verdict)}"`);
    const from = whereFrom.get(v.id);
    const kind = from?.kind ?? `${item.category}/${inferredRendering(item.quote, item.plain_english)}`;
    return { round, kind, category: item.category, document: from?.document, verdict: v.verdict, states: v.states_category };
  });
}

/** The judged rounds of a folder: those with a sample and a verdicts file, in either layout. */
export function judgedRounds(dir: string): string[] {
  const names = readdirSync(dir);
  const rounds = names.flatMap((name) => [/^(\w+)\.verdicts\.json$/.exec(name)?.[1], /^judge-(\w+)$/.exec(name)?.[1]]);
  return [...new Set(rounds.filter((r): r is string => !!r && !!verdictsFile(dir, r) && !!sampleFile(dir, r)))].sort();
}

/** The table of the judged clauses: one row a kind, most judged first. */
export function calibrationTable(clauses: readonly JudgedClause[], rounds: readonly string[], built: string): CalibrationTable {
  const rows = new Map<string, { n: number; faithful: number; partly: number; wrong: number }>();
  for (const c of clauses) {
    const row = rows.get(c.kind) ?? { n: 0, faithful: 0, partly: 0, wrong: 0 };
    row.n++;
    row[c.verdict]++;
    rows.set(c.kind, row);
  }
  const kinds: KindCounts[] = [...rows].map(([kind, r]) => ({ kind, ...r })).sort((a, b) => b.n - a.n || a.kind.localeCompare(b.kind));
  const documents = new Set(clauses.map((c) => `${c.round}:${c.document ?? '?'}`)).size;
  return { rounds: [...rounds], documents, built, kinds };
}

const pct = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)}%` : '-');

/** The table as docs/analysis.md shows it. */
export function markdownTable(table: CalibrationTable): string {
  const lines = ['| kind | n | faithful | partly | wrong | confidence |', '|---|---|---|---|---|---|'];
  for (const r of table.kinds)
    lines.push(`| ${r.kind} | ${r.n} | ${r.faithful} (${pct(r.faithful, r.n)}) | ${r.partly} | ${r.wrong} | ${measuredFaithful(r) ? 'high' : 'low'} |`);
  return lines.join('\n');
}

/** Each category's listing precision as readers judged it: the share of its clauses whose quote states it. */
export function statesByCategory(clauses: readonly JudgedClause[]): string {
  const rows = new Map<string, { n: number; states: number }>();
  for (const c of clauses) {
    if (c.states === undefined) continue;
    const row = rows.get(c.category) ?? { n: 0, states: 0 };
    row.n++;
    if (c.states) row.states++;
    rows.set(c.category, row);
  }
  const sorted = [...rows].sort((a, b) => a[1].states / a[1].n - b[1].states / b[1].n);
  return ['| category | n | states its category |', '|---|---|---|', ...sorted.map(([c, r]) => `| ${c} | ${r.n} | ${r.states} (${pct(r.states, r.n)}) |`)].join(
    '\n',
  );
}

function main(argv: string[]): void {
  const dirAt = argv.indexOf('--dir');
  const dir = dirAt >= 0 ? resolve(argv[dirAt + 1]) : resolve(fileURLToPath(new URL('../rounds', import.meta.url)));
  const write = argv.includes('--write');
  const named = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--dir');
  const rounds = named.length ? named : judgedRounds(dir);
  if (rounds.length === 0) {
    console.error(`no judged round in ${dir}`);
    process.exit(2);
  }
  const clauses = rounds.flatMap((round) => readRound(dir, round));
  const table = calibrationTable(clauses, rounds, new Date().toISOString().slice(0, 10));
  const counts = VERDICTS.map((v) => `${clauses.filter((c) => c.verdict === v).length} ${v}`).join(', ');
  console.log(`rounds ${rounds.join(', ')}: ${clauses.length} judged clauses of ${table.documents} documents (${counts})\n`);
  console.log(markdownTable(table));
  console.log(`\n${statesByCategory(clauses)}`);
  if (write) {
    writeFileSync(CALIBRATION_URL, JSON.stringify(table, null, 2) + '\n');
    console.log(`\nwrote ${fileURLToPath(CALIBRATION_URL)}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
