// The batcher: work submitted in one turn goes in one call, results come back to their callers
// in order, no item joins a batch that started before it arrived, errors reach every caller.
import t from 'tap';
import { Batcher } from '../../src/core/batcher.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

t.test('items submitted in one turn share one call and get their own results', async (t) => {
  const calls: number[][] = [];
  const batcher = new Batcher(async (items: number[]) => {
    calls.push(items);
    return items.map((n) => n * 10);
  });
  const results = await Promise.all([1, 2, 3].map((n) => batcher.submit(n)));
  t.same(results, [10, 20, 30]);
  t.same(calls, [[1, 2, 3]]);
});

t.test('at most maxInFlight calls run at once; later items wait for the next call', async (t) => {
  const started: number[][] = [];
  const releases: (() => void)[] = [];
  const batcher = new Batcher(
    (items: number[]) =>
      new Promise<number[]>((resolve) => {
        started.push(items);
        releases.push(() => resolve(items));
      }),
    1,
  );
  const first = batcher.submit(1);
  await turn();
  t.same(started, [[1]], 'the first call started');
  const second = [batcher.submit(2), batcher.submit(3)];
  await turn();
  t.same(started, [[1]], 'no second call while one runs');
  releases[0]!();
  t.equal(await first, 1);
  await turn();
  await turn();
  t.same(started, [[1], [2, 3]], 'items that arrived during the first call go together, after it');
  releases[1]!();
  t.same(await Promise.all(second), [2, 3]);
});

t.test('an item never joins a call that started before it arrived', async (t) => {
  const seen: number[][] = [];
  const batcher = new Batcher(async (items: number[]) => {
    seen.push(items);
    await turn();
    return items;
  }, 4);
  const a = batcher.submit(1);
  await turn(); // the first call has started
  const b = batcher.submit(2);
  await Promise.all([a, b]);
  t.same(seen, [[1], [2]]);
});

t.test('a failed call rejects every item in it, and the batcher goes on', async (t) => {
  let fail = true;
  const batcher = new Batcher(async (items: number[]) => {
    if (fail) throw new Error('database down');
    return items;
  });
  const results = await Promise.allSettled([batcher.submit(1), batcher.submit(2)]);
  t.same(
    results.map((r) => r.status),
    ['rejected', 'rejected'],
  );
  fail = false;
  t.equal(await batcher.submit(3), 3);
});

t.test('batches are cut at maxBatch items', async (t) => {
  const sizes: number[] = [];
  const batcher = new Batcher(
    async (items: number[]) => {
      sizes.push(items.length);
      return items;
    },
    2,
    3,
  );
  await Promise.all(Array.from({ length: 8 }, (_, i) => batcher.submit(i)));
  t.same(sizes, [3, 3, 2]);
});
