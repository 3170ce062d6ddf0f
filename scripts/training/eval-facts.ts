// Scores the contract-fact readers (src/analysis/facts) against gold facts written by reading the
// documents (scripts/training/gold-facts/). A (document, fact) pair is right when the reader and the
// gold agree on null-ness and on every field (places match when one names the other: "California" and
// "San Francisco County, California"); `why` and `evidence` are not compared, but every evidence span
// must lie inside the analysed text. Documents are analysed as `tos-ratings analyze FILE` reads them.
// Usage: npm run eval:facts [-- GOLD_FILE]   (default scripts/training/gold-facts/dev.json;
//   EVAL_TABLE=1 prints the facts table of every document; FACTS_SOURCE=DIR overrides the gold's folder)
// A gold file of sealed documents (ota-sealed.json: their ledger state is `sealed`) prints scores
// only, never a wrong pair or a quote, unless EVAL_SHOW_WRONG=1 (after the documents move to read).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFacts } from '../../src/analysis/facts/index.js';
import { FACT_NAMES, type ContractFacts, type FactName } from '../../src/analysis/facts/types.js';
import { detectFormat, normaliseDocument } from '../../src/analysis/normalise.js';
import { sealedInLedger } from './ledger/ledger.js';

type GoldFact = Record<string, unknown> | null;
interface GoldDocument {
  name: string;
  file: string;
  facts: Record<FactName, GoldFact>;
}
interface Gold {
  source: string;
  documents: GoldDocument[];
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const goldFile = resolve(process.argv[2] ?? join(root, 'scripts/training/gold-facts/dev.json'));
const gold = JSON.parse(readFileSync(goldFile, 'utf8')) as Gold;
const source = process.env.FACTS_SOURCE ?? resolve(root, gold.source);

/** "the State of California, USA" -> "california": what a place is called, without the words around it. */
export function placeKey(place: string): string {
  return place
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, ' ')
    .replace(/\b(?:the|state|states|of|republic|commonwealth|usa|u s a|united states|america|county|courts?|city)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function placesMatch(a: string, b: string): boolean {
  const x = placeKey(a);
  const y = placeKey(b);
  return x !== '' && y !== '' && (x.includes(y) || y.includes(x));
}

function fieldsMatch(expected: Record<string, unknown>, got: Record<string, unknown>): boolean {
  return Object.entries(expected).every(([field, value]) => {
    if (field === 'why' || field === 'evidence') return true;
    if (field === 'place') return typeof got.place === 'string' && placesMatch(String(value), got.place);
    return got[field] === value;
  });
}

function show(fact: Record<string, unknown> | null): string {
  if (!fact) return 'null';
  const fields = Object.entries(fact).filter(([k]) => k !== 'why' && k !== 'evidence');
  return fields.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ');
}

if (!existsSync(source)) {
  console.log(`skipped: the documents of ${goldFile} are not at ${source}`);
  process.exit(0);
}

const sealedDocuments = sealedInLedger(gold.documents.map((d) => d.file));
const scoresOnly = sealedDocuments > 0 && process.env.EVAL_SHOW_WRONG !== '1';

const right = new Map<FactName, number>(FACT_NAMES.map((f) => [f, 0]));
const wrong: string[] = [];
const badEvidence: string[] = [];
const table: [string, ContractFacts][] = [];
let scored = 0;
for (const doc of gold.documents) {
  const path = join(source, doc.file);
  if (!existsSync(path)) {
    console.log(`missing: ${path}`);
    continue;
  }
  const raw = readFileSync(path, 'utf8');
  const text = normaliseDocument(raw, detectFormat(path, raw));
  const facts = readFacts(text);
  table.push([doc.name, facts]);
  scored++;
  for (const name of FACT_NAMES) {
    const expected = doc.facts[name];
    const got = facts[name] as unknown as Record<string, unknown> | null;
    for (const e of facts[name]?.evidence ?? []) {
      if (!(Number.isInteger(e.start) && Number.isInteger(e.end) && 0 <= e.start && e.start < e.end && e.end <= text.length))
        badEvidence.push(`${doc.name} ${name} ${JSON.stringify(e)}`);
    }
    if (got && (facts[name]?.evidence.length ?? 0) === 0) badEvidence.push(`${doc.name} ${name}: no evidence`);
    const ok = expected === null ? got === null : got !== null && fieldsMatch(expected, got);
    if (ok) right.set(name, (right.get(name) ?? 0) + 1);
    else {
      const quote = (facts[name]?.evidence ?? []).map((e) => text.slice(e.start, e.end).replace(/\s+/g, ' ').slice(0, 160)).join(' | ');
      wrong.push(`${doc.name} ${name}\n    gold: ${show(expected)}\n    read: ${show(got)}${quote ? `\n    from: ${quote}` : ''}`);
    }
  }
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
console.log(`gold: ${goldFile} (${scored} documents, ${sealedDocuments} of them sealed until now, ${new Date().toISOString().slice(0, 10)})`);
for (const name of FACT_NAMES) console.log(`  ${name.padEnd(22)} ${String(right.get(name)).padStart(3)}/${scored}  ${pct(right.get(name) ?? 0, scored)}`);
const total = [...right.values()].reduce((a, b) => a + b, 0);
console.log(`  ${'all pairs'.padEnd(22)} ${String(total).padStart(3)}/${scored * FACT_NAMES.length}  ${pct(total, scored * FACT_NAMES.length)}`);
console.log(`evidence outside the text or missing: ${badEvidence.length}`);
if (scoresOnly) {
  console.log(`wrong pairs: ${wrong.length} (not shown: ${sealedDocuments} documents are sealed; EVAL_SHOW_WRONG=1 once they are read)`);
  process.exit(0);
}
for (const b of badEvidence) console.log(`  ${b}`);
if (wrong.length) console.log(`\nwrong pairs (${wrong.length}):`);
for (const w of wrong) console.log(`  ${w}`);

if (process.env.EVAL_TABLE === '1') {
  const cell = (name: FactName, f: ContractFacts): string => {
    const fact = f[name];
    if (!fact) return '-';
    switch (name) {
      case 'governing_law':
        return f.governing_law!.place;
      case 'courts':
        return `${f.courts!.place}${f.courts!.exclusive ? ' (exclusive)' : ''}`;
      case 'arbitration': {
        const a = f.arbitration!;
        return [
          a.mandatory ? 'mandatory' : 'optional',
          a.class_action_waiver ? 'class waiver' : '',
          a.opt_out_days !== null ? `opt-out ${a.opt_out_days}d` : '',
        ]
          .filter(Boolean)
          .join(', ');
      }
      case 'liability_cap': {
        const c = f.liability_cap!;
        const sum = c.amount !== null ? `${c.amount}${c.currency ? ` ${c.currency}` : ''}` : '';
        const fees = c.fees_paid_months !== null ? `${c.fees_paid_months} months' fees` : '';
        return [sum, fees].filter(Boolean).join(' or ') || 'capped';
      }
      case 'terms_changes':
        return `${f.terms_changes!.notice}${f.terms_changes!.notice_days !== null ? ` ${f.terms_changes!.notice_days}d` : ''}`;
      case 'provider_termination': {
        const t = f.provider_termination!;
        return [t.without_notice ? 'no notice' : 'notice', t.without_cause ? 'any reason' : 'for cause'].join(', ');
      }
      case 'claim_time_limit':
        return `${f.claim_time_limit!.days}d`;
      case 'minimum_age':
        return String(f.minimum_age!.years);
      case 'automated_access':
        return 'forbidden';
    }
  };
  console.log(`\n| provider | ${FACT_NAMES.join(' | ')} |`);
  console.log(`|${'---|'.repeat(FACT_NAMES.length + 1)}`);
  for (const [name, facts] of table) console.log(`| ${name} | ${FACT_NAMES.map((f) => cell(f, facts)).join(' | ')} |`);
}
