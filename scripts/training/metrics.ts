// Precision/recall/F1 tallies and the tables scripts/training/eval.ts prints.
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export type Tally = Map<string, Counts>;

export function newTally(slugs: readonly string[]): Tally {
  return new Map(slugs.map((s) => [s, { tp: 0, fp: 0, fn: 0 }]));
}

export function add(tally: Tally, slug: string, predicted: boolean, actual: boolean): void {
  const c = tally.get(slug);
  if (!c) return;
  if (predicted && actual) c.tp++;
  else if (predicted) c.fp++;
  else if (actual) c.fn++;
}

export function prf(c: Counts): { p: number; r: number; f: number } {
  const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
  const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  return { p, r, f: p + r ? (2 * p * r) / (p + r) : 0 };
}

export function sum(tally: Tally, slugs: readonly string[]): Counts {
  const total: Counts = { tp: 0, fp: 0, fn: 0 };
  for (const s of slugs) {
    const c = tally.get(s) as Counts;
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
  }
  return total;
}

/** Prints per-category P/R/F1; returns the macro-F1 over `macroSlugs`. */
export function printTable(title: string, tally: Tally, macroSlugs: readonly string[]): number {
  console.log(`\n${title}`);
  console.log(`  ${'category'.padEnd(26)} ${'P'.padStart(6)} ${'R'.padStart(6)} ${'F1'.padStart(6)} ${'support'.padStart(8)}`);
  let macro = 0;
  for (const [slug, c] of tally) {
    const { p, r, f } = prf(c);
    const inMacro = macroSlugs.includes(slug);
    if (inMacro) macro += f;
    const note = inMacro ? '' : '  (not in macro-F1)';
    console.log(
      `  ${slug.padEnd(26)} ${p.toFixed(3).padStart(6)} ${r.toFixed(3).padStart(6)} ${f.toFixed(3).padStart(6)} ${String(c.tp + c.fn).padStart(8)}${note}`,
    );
  }
  macro /= macroSlugs.length;
  const micro = prf(sum(tally, macroSlugs));
  console.log(
    `  macro-F1 (${macroSlugs.length} categories) ${macro.toFixed(3)}   micro P ${micro.p.toFixed(3)} R ${micro.r.toFixed(3)} F1 ${micro.f.toFixed(3)}`,
  );
  return macro;
}

export const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(1) : '-') + '%';
