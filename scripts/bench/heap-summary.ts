// Reads a V8 .heapsnapshot (the JSON that v8.writeHeapSnapshot and Worker.getHeapSnapshot write)
// and sums the self sizes of its nodes by constructor name (objects) or by kind (strings, arrays,
// compiled code...), so a benchmark can say where a heap's memory is without DevTools.
import fs from 'node:fs';

export interface HeapSummary {
  /** Sum of every node's self size: the live heap once the snapshot's GC has run. */
  readonly totalBytes: number;
  /** Largest groups first: [name, bytes, count]. */
  readonly groups: Array<[string, number, number]>;
  /** Largest single nodes: [kind, name (cut short), bytes]. */
  readonly largest: Array<[string, string, number]>;
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export function summariseHeapSnapshot(file: string, top = 15): HeapSummary {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = parsed.snapshot.meta.node_fields;
  const types = parsed.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const width = fields.length;
  const groups = new Map<string, [number, number]>();
  const largest: Array<[string, string, number]> = [];
  let totalBytes = 0;
  const { nodes, strings } = parsed;
  for (let i = 0; i < nodes.length; i += width) {
    const kind = types[nodes[i + typeAt]!]!;
    const size = nodes[i + sizeAt]!;
    const name = strings[nodes[i + nameAt]!] ?? '';
    totalBytes += size;
    // Objects by constructor; the rest (strings, arrays, code, closures) by kind, since their names are their contents.
    const key = kind === 'object' || kind === 'native' ? name : `(${kind})`;
    const group = groups.get(key) ?? [0, 0];
    group[0] += size;
    group[1]++;
    groups.set(key, group);
    if (largest.length < top || size > largest[largest.length - 1]![2]) {
      largest.push([kind, name.slice(0, 60).replace(/\s+/g, ' '), size]);
      largest.sort((a, b) => b[2] - a[2]);
      largest.length = Math.min(largest.length, top);
    }
  }
  const sorted = [...groups].map(([name, [bytes, count]]) => [name, bytes, count] as [string, number, number]).sort((a, b) => b[1] - a[1]);
  return { totalBytes, groups: sorted.slice(0, top), largest };
}

export function printHeapSummary(label: string, summary: HeapSummary): void {
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1).padStart(7);
  console.log(`\n${label}: live heap ${mb(summary.totalBytes).trim()} MB`);
  console.log('  by constructor or kind (self sizes)');
  for (const [name, bytes, count] of summary.groups) console.log(`  ${mb(bytes)} MB  ${String(count).padStart(9)}  ${name}`);
  console.log('  largest single objects');
  for (const [kind, name, bytes] of summary.largest) console.log(`  ${mb(bytes)} MB  ${kind} ${JSON.stringify(name)}`);
}
