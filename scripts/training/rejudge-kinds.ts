// Re-reads the clauses of judged faithfulness rounds with the analyzer as it is now: for each judged
// item, whether its quote is still listed and what it now says (category, title, party, plain English),
// beside the verdict the reader gave. For mending kinds of mistakes, not a measure: the rounds'
// documents are `read`. Refuses any document the ledger does not mark `read` or `open`.
// Usage:
//   node --import tsx scripts/training/rejudge-kinds.ts [--all] [--json OUT] [--against BASE.json] 9a 9b 9c 9d
//   (default: only the items judged partly or wrong are printed; --all prints the faithful ones that changed too;
//   --json writes every item as it is now; --against compares with such a file, written by another version,
//   instead of with what the readers saw)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeDocument, detectFormat, type AnalyzedClause } from '../../src/analysis/index.js';
import { normalise } from '../../src/analysis-pool/prepare-document.js';
import { OTA_ROOT, readLedger } from './ledger/ledger.js';

interface SampleItem {
  id: number;
  quote: string;
  category: string;
  title: string;
  party: string;
  plain_english: string;
}
interface Verdict {
  id: number;
  verdict: 'faithful' | 'partly' | 'wrong';
  kind: string | null;
  why: string;
}
interface Told {
  category: string;
  title: string;
  party: string;
  plain_english: string;
}
interface Entry {
  item: string;
  now: Told | 'not listed';
}
interface Placed {
  id: number;
  document: string;
  start: number;
  end: number;
}

const args = process.argv.slice(2);
const all = args.includes('--all');
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const againstAt = args.indexOf('--against');
const against = againstAt >= 0 ? new Map((JSON.parse(readFileSync(args[againstAt + 1], 'utf8')) as Entry[]).map((e) => [e.item, e.now])) : undefined;
const rounds = args.filter((a, i) => !a.startsWith('--') && i !== jsonAt + 1 && i !== againstAt + 1);
const ROUNDS = join(import.meta.dirname, 'rounds');
const readable = new Map(readLedger().map((r) => [r.file, r.state === 'read' || r.state === 'open']));
const analyses = new Map<string, AnalyzedClause[]>();

function clausesOf(document: string): AnalyzedClause[] {
  if (!readable.get(document)) throw new Error(`${document} is not read or open in the ledger: refused`);
  let clauses = analyses.get(document);
  if (!clauses) {
    const raw = readFileSync(join(OTA_ROOT, document), 'utf8');
    clauses = analyzeDocument(normalise(raw, detectFormat(document, raw)));
    analyses.set(document, clauses);
  }
  return clauses;
}

const load = <T>(round: string, part: string): T[] => JSON.parse(readFileSync(join(ROUNDS, `${round}.${part}.json`), 'utf8')) as T[];
const tally = { bad: 0, badUnlisted: 0, badChanged: 0, good: 0, goodSame: 0, goodChanged: 0, goodUnlisted: 0 };
const report: unknown[] = [];
for (const round of rounds) {
  const sample = new Map(load<SampleItem>(round, 'sample').map((s) => [s.id, s]));
  const placed = new Map(load<Placed>(round, 'documents').map((d) => [d.id, d]));
  for (const v of load<Verdict>(round, 'verdicts')) {
    const was = sample.get(v.id)!;
    const at = placed.get(v.id)!;
    // The clause now listed at the same place (the first that starts there, else the first that overlaps).
    const now = clausesOf(at.document).find((c) => c.start === at.start) ?? clausesOf(at.document).find((c) => c.start < at.end && c.end > at.start);
    const base = against?.get(`${round}#${v.id}`) ?? was;
    const same =
      base === 'not listed'
        ? !now
        : now && now.title === base.title && now.plain_english === base.plain_english && now.party === base.party && now.category === base.category;
    const good = v.verdict === 'faithful';
    if (good) {
      tally.good++;
      if (!now) tally.goodUnlisted++;
      else if (same) tally.goodSame++;
      else tally.goodChanged++;
    } else {
      tally.bad++;
      if (!now) tally.badUnlisted++;
      else if (!same) tally.badChanged++;
    }
    const entry = {
      item: `${round}#${v.id}`,
      verdict: v.verdict,
      kind: v.kind,
      why: v.why,
      quote: was.quote,
      was: base === 'not listed' ? base : { category: base.category, title: base.title, party: base.party, plain_english: base.plain_english },
      now: now ? { category: now.category, title: now.title, party: now.party, plain_english: now.plain_english } : 'not listed',
    };
    report.push(entry);
    if (good && (same || !all)) continue;
    if (against && same) continue;
    console.log(`== ${entry.item} ${v.verdict} (${v.kind}): ${v.why}`);
    console.log(`   quote: ${was.quote.slice(0, 400)}`);
    console.log(
      base === 'not listed' ? '   was:   not listed' : `   was:   ${base.category} | ${base.title} | ${base.party} | ${base.plain_english.slice(0, 300)}`,
    );
    console.log(now ? `   now:   ${now.category} | ${now.title} | ${now.party} | ${now.plain_english.slice(0, 300)}` : '   now:   not listed');
  }
}
console.log(
  `\npartly/wrong: ${tally.bad} (${tally.badUnlisted} no longer listed, ${tally.badChanged} told differently, ${tally.bad - tally.badUnlisted - tally.badChanged} unchanged)`,
);
console.log(`faithful: ${tally.good} (${tally.goodSame} unchanged, ${tally.goodChanged} told differently, ${tally.goodUnlisted} no longer listed)`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(report, null, 2) + '\n');
