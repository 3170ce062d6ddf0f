// Benchmarks the analyzer on the real terms documents in ../shared/terms/current (or
// $TERMS_DIR): normalise + analyze per document, median of several runs, plus the time for a
// 60 KB document, and the contract facts of that document (readFacts, also run by every analysis). Usage: node --import tsx scripts/bench-analysis.ts   (env: BENCH_RUNS=7)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { analyzeDocument, detectFormat, favourableClauses, normaliseDocument, readFacts } from '../src/analysis/index.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dir = resolve(root, process.env.TERMS_DIR ?? '../shared/terms/current');
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function timeIt(raw: string, file: string): { ms: number; clauses: number } {
  const times: number[] = [];
  let clauses = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const text = normaliseDocument(raw, detectFormat(file, raw));
    clauses = analyzeDocument(text).length;
    times.push(performance.now() - t0);
  }
  return { ms: median(times), clauses };
}

if (!existsSync(dir)) {
  console.log(`terms folder not found at ${dir}: nothing to benchmark`);
  process.exit(0);
}
const files = readdirSync(dir)
  .filter((f) => /\.(md|markdown|txt|html?)$/i.test(f))
  .sort();
// Warm-up: loads the model and lets the JIT compile the hot paths before anything is timed.
for (const f of files.slice(0, 3)) timeIt(readFileSync(join(dir, f), 'utf8'), f);

console.log(`${'document'.padEnd(20)} ${'KB'.padStart(7)} ${'clauses'.padStart(8)} ${'ms'.padStart(8)}   (median of ${runs} runs)`);
let totalMs = 0;
let totalBytes = 0;
let totalClauses = 0;
const all: string[] = [];
for (const f of files) {
  const raw = readFileSync(join(dir, f), 'utf8');
  all.push(raw);
  const { ms, clauses } = timeIt(raw, f);
  totalMs += ms;
  totalBytes += Buffer.byteLength(raw);
  totalClauses += clauses;
  console.log(`${f.padEnd(20)} ${(Buffer.byteLength(raw) / 1024).toFixed(1).padStart(7)} ${String(clauses).padStart(8)} ${ms.toFixed(1).padStart(8)}`);
}
console.log(`${'total'.padEnd(20)} ${(totalBytes / 1024).toFixed(1).padStart(7)} ${String(totalClauses).padStart(8)} ${totalMs.toFixed(1).padStart(8)}`);
console.log(`throughput ${(totalBytes / 1024 / (totalMs / 1000)).toFixed(0)} KB/s`);

// A 60 KB document cut from the real ones (at a paragraph break), as the budget is stated for it.
const joined = all.join('\n\n');
const cut = joined.lastIndexOf('\n\n', 60 * 1024);
const sixty = joined.slice(0, cut > 0 ? cut : 60 * 1024);
const { ms, clauses } = timeIt(sixty, 'sixty.md');
console.log(`60 KB document (${(Buffer.byteLength(sixty) / 1024).toFixed(1)} KB): ${clauses} clauses in ${ms.toFixed(1)} ms`);

// The contract facts of the same document: a second pass over its sentences, run beside analyzeDocument.
const sixtyText = normaliseDocument(sixty, 'markdown');
const factTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  readFacts(sixtyText);
  factTimes.push(performance.now() - t0);
}
console.log(`60 KB document: contract facts in ${median(factTimes).toFixed(1)} ms`);

// What the terms give the user, from the same document: a third pass, run beside the other two.
const favourTimes: number[] = [];
let favourable = 0;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  favourable = favourableClauses(sixtyText).length;
  favourTimes.push(performance.now() - t0);
}
console.log(`60 KB document: ${favourable} clauses in your favour in ${median(favourTimes).toFixed(1)} ms`);
