// Groups documents that share most of their text (the same agreement published under several
// services' names), by the overlap of their word 8-grams. Prints nothing of the texts.

const SHINGLE = 8;
const CONTAINMENT = 0.6;

function shingles(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + SHINGLE <= words.length; i++) out.add(words.slice(i, i + SHINGLE).join(' '));
  return out;
}

/** Groups (each sorted, first file first) of files whose smaller one is >= 60% inside the other. */
export function nearDuplicateGroups(texts: Map<string, string>): string[][] {
  const files = [...texts.keys()].sort();
  const sets = new Map(files.map((f) => [f, shingles(texts.get(f) ?? '')]));
  const parent = new Map(files.map((f) => [f, f]));
  const find = (f: string): string => {
    while (parent.get(f) !== f) f = parent.get(f)!;
    return f;
  };
  for (let i = 0; i < files.length; i++) {
    for (let j = i + 1; j < files.length; j++) {
      const a = sets.get(files[i])!;
      const b = sets.get(files[j])!;
      const [small, large] = a.size <= b.size ? [a, b] : [b, a];
      if (small.size < 20) continue;
      let shared = 0;
      for (const s of small) if (large.has(s)) shared++;
      if (shared / small.size >= CONTAINMENT) parent.set(find(files[j]), find(files[i]));
    }
  }
  const groups = new Map<string, string[]>();
  for (const f of files) {
    const root = find(f);
    groups.set(root, [...(groups.get(root) ?? []), f]);
  }
  return [...groups.values()].filter((g) => g.length > 1).map((g) => g.sort());
}
