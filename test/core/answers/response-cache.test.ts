// The response cache: a body is served only under a version at least as new as the request's,
// concurrent misses render once, and the byte budget holds (least recently used go first).
import t from 'tap';
import { ENTRY_OVERHEAD_BYTES, ResponseCache } from '../../../src/core/answers/response-cache.js';

const body = (text: string) => Buffer.from(text);

t.test('serves a body while the version is unchanged, renders again when it moves on', async (t) => {
  const cache = new ResponseCache(64 * 1024);
  let renders = 0;
  const render = (text: string) => async () => {
    renders++;
    return body(text);
  };
  t.equal(String(await cache.get('k', 1, render('one'))), 'one');
  t.equal(String(await cache.get('k', 1, render('not used'))), 'one', 'same version: from memory');
  t.equal(renders, 1);
  t.equal(String(await cache.get('k', 2, render('two'))), 'two', 'newer version: rendered again');
  t.equal(String(await cache.get('k', 1, render('not used'))), 'two', 'an older request may get newer content');
  t.equal(renders, 2);
});

t.test('requests that miss together share one rendering; a failed rendering is not kept', async (t) => {
  const cache = new ResponseCache(64 * 1024);
  let renders = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const render = async () => {
    renders++;
    await gate;
    return body('shared');
  };
  const pending = [cache.get('k', 5, render), cache.get('k', 5, render), cache.get('k', 5, render)];
  release();
  t.same((await Promise.all(pending)).map(String), ['shared', 'shared', 'shared']);
  t.equal(renders, 1);

  await t.rejects(cache.get('missing', 1, async () => Promise.reject(new Error('404'))));
  t.equal(String(await cache.get('missing', 1, async () => body('found now'))), 'found now', 'the failure was not cached');
});

t.test('the byte budget holds, counting the overhead of each entry: least recently used go first; oversized bodies are not kept', async (t) => {
  const entryCost = 90 + 2 + ENTRY_OVERHEAD_BYTES; // body, one-character key (2 bytes), overhead
  const cache = new ResponseCache(4 * entryCost + 10);
  const fill = (key: string) => cache.get(key, 1, async () => Buffer.alloc(90, key));
  for (const key of ['a', 'b', 'c', 'd']) await fill(key);
  t.same(cache.size, { entries: 4, bytes: 4 * entryCost });
  await fill('a'); // a is now the most recently used
  await fill('e');
  t.same(cache.size, { entries: 4, bytes: 4 * entryCost }, 'one entry went');
  let rendered = false;
  await cache.get('b', 1, async () => {
    rendered = true;
    return Buffer.alloc(90, 'b');
  });
  t.ok(rendered, 'b, the least recently used, was the one dropped');
  await cache.get('big', 1, async () => Buffer.alloc(2 * entryCost));
  t.ok(cache.size.entries <= 4 && cache.size.bytes <= 4 * entryCost + 10, 'a body over a quarter of the budget is not kept');
});

t.test('many tiny distinct pages cannot grow the cache past its budget', async (t) => {
  const budget = 1024 * 1024;
  const cache = new ResponseCache(budget);
  for (let page = 1; page <= 5000; page++) await cache.get(`["listOpinions",null,${page},null]`, 1, async () => Buffer.from('{"opinions":[]}'));
  t.ok(cache.size.bytes <= budget);
  t.ok(cache.size.entries < 1000, `${cache.size.entries} entries kept for a 1 MiB budget`);
});

t.test('size 0 turns the cache off', async (t) => {
  const cache = new ResponseCache(0);
  let renders = 0;
  const render = async () => body(String(++renders));
  await cache.get('k', 1, render);
  t.equal(String(await cache.get('k', 1, render)), '2');
});
