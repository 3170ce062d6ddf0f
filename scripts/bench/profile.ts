// Where a request's time goes: a V8 CPU profile (node --cpu-prof) of the server under load,
// each sample charged to the innermost frame of its stack that belongs to a named part (so the
// socket write under the response's end() counts as writing the response, and the one under
// the database driver as metering). Used by `BENCH_PROFILE=1 npm run bench`; on its own:
//   node --import tsx scripts/bench/profile.ts <file.cpuprofile> [fromMs toMs [topCount]]
// The profiler samples wall-clock time: a thread descheduled inside a syscall (a socket write
// that wakes the database backend, on a busy machine) is charged to that syscall, so the socket
// parts' shares grow with the machine's load. Compare JavaScript parts, and CPU per request.
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

// Both layouts: src/core/... now, src/http/... before the doors were split (commit 6f6941b and
// earlier), so that `npm run bench:ab -- --base <older commit>` compares like with like.
export const PARTS: readonly [string, RegExp][] = [
  ['content versions (batched reads)', /dist\/src\/(core\/answers\/(content|provider)-version|http\/content-version|repositories\/content-version)/],
  [
    'key digest and metering (batched statement, driver)',
    /dist\/src\/(core\/(access\/|batcher)|http\/(auth|api-keys|request-meter|budgets|batcher)\.|repositories\/metering|db\/)|node_modules\/(postgres|kysely)\/|^node:internal\/crypto/,
  ],
  ['response cache (key, lookup)', /dist\/src\/(core\/answers\/|http\/(response-cache|cached-operations)\.)/],
  [
    'validation (parameters, contract)',
    /node_modules\/(ajv|ajv-formats)\/|fastify\/lib\/validation|dist\/src\/(core\/(contract\/|input)|http\/(contract|ajv|parameter-conversion|request-text)\.)/,
  ],
  ['our request path (invoke, operation routes)', /dist\/src\/(core\/invoke|http\/operation-routes)\./],
  ['writing the response (headers, body, socket)', /^node:_http_outgoing/],
  ['reading the request (HTTP parser)', /^node:_http_(server|common|incoming)/],
  ['logging', /node_modules\/(pino|pino-std-serializers|sonic-boom)\//],
  ['Fastify (routing, hooks, reply) and our other hooks', /node_modules\/(fastify|find-my-way|avvio|@fastify|fast-[a-z-]+|light-my-request)\/|dist\/src\//],
];
export const GC = 'garbage collection';
export const OTHER = 'other (event loop, promises, sockets)';

/**
 * Shares of the busy (non-idle) samples by part, over the samples taken between `fromMs` and
 * `toMs` after the profile started (all of them when not given).
 */
export function profileShares(file: string, fromMs = 0, toMs = Infinity): Map<string, number> {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const partOfNode = new Map<number, string | null>();
  const partOf = (id: number): string | null => {
    if (partOfNode.has(id)) return partOfNode.get(id)!;
    const frame = byId.get(id)!.callFrame;
    let part: string | null = frame.functionName === '(idle)' ? null : frame.functionName === '(garbage collector)' ? GC : null;
    if (part === null && frame.functionName !== '(idle)') {
      part = PARTS.find(([, pattern]) => pattern.test(frame.url))?.[0] ?? null;
      if (part === null) part = parentOf.has(id) ? partOf(parentOf.get(id)!) : OTHER;
    }
    partOfNode.set(id, part);
    return part;
  };
  const totals = new Map<string, number>();
  let busy = 0;
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const ms = at / 1000;
    if (ms < fromMs || ms > toMs) continue;
    const id = profile.samples[i];
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const part = partOf(id) ?? OTHER;
    const delta = profile.timeDeltas[i] ?? 0;
    totals.set(part, (totals.get(part) ?? 0) + delta);
    busy += delta;
  }
  const shares = new Map<string, number>();
  for (const [part, time] of [...totals].sort((a, b) => b[1] - a[1])) shares.set(part, busy > 0 ? time / busy : 0);
  return shares;
}

/** The functions with the most samples of their own (self time) between `fromMs` and `toMs`, as shares of the busy samples. */
export function topFunctions(file: string, count: number, fromMs = 0, toMs = Infinity): [string, number][] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let busy = 0;
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at / 1000 < fromMs || at / 1000 > toMs) continue;
    const frame = byId.get(profile.samples[i]!)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}`;
    totals.set(name, (totals.get(name) ?? 0) + delta);
    busy += delta;
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => [name, busy > 0 ? time / busy : 0]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, from, to, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile.ts <file.cpuprofile> [fromMs toMs [topCount]]');
  const window = [Number(from ?? 0), Number(to ?? Infinity)] as const;
  for (const [part, share] of profileShares(file, ...window)) console.log(`${(share * 100).toFixed(1).padStart(5)}%  ${part}`);
  if (top) {
    console.log('\nself time by function:');
    for (const [name, share] of topFunctions(file, Number(top), ...window)) console.log(`${(share * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}
