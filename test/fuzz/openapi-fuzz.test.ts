// The OpenAPI-driven fuzz suite in `npm test`: every operation of the served document, at least
// 300 generated cases each (a third valid, the rest mutated), over real HTTP on this run's
// database. `npm run fuzz -- --runs N` runs the same suite with more cases; FUZZ_RUNS and
// FUZZ_SEED set them here (the seed is printed, so a failure in CI can be replayed).
import t from 'tap';
import { openWorld } from './world.js';
import { runFuzz } from './run.js';
import { closeConnections } from './http.js';
import { PRECISE_RULES } from './oracle.js';

const runs = Math.max(300, Number(process.env.FUZZ_RUNS ?? 300));
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
t.setTimeout(20 * 60 * 1000);

const world = await openWorld();
t.teardown(async () => {
  closeConnections();
  await world.close();
});

t.comment(`fuzz seed ${seed}, ${runs} cases per operation (replay: FUZZ_SEED=${seed} npm test, or npm run fuzz -- --seed ${seed} --runs ${runs})`);
const result = await runFuzz(world, { runs, seed, log: (line) => t.comment(line) });

t.test('every operation of the served document is fuzzed, with at least the cases asked for', async (t) => {
  t.same(
    result.figures.map((f) => f.operationId),
    result.operations,
    'all operations, admin API included',
  );
  for (const f of result.figures) t.ok(f.valid + f.refused >= runs, `${f.operationId}: ${f.valid} valid + ${f.refused} refused cases`);
  const generic = result.operations.filter((id) => !PRECISE_RULES.has(id));
  if (generic.length > 0) t.comment(`judged by the generic rule (add a precise one in test/fuzz/oracle.ts): ${generic.join(', ')}`);
});

t.test('no generated request breaks the contract, gets a 5xx, or changes what it must not', async (t) => {
  for (const failure of result.failures) {
    t.fail(
      `${failure.operationId} (${failure.property}): fast-check seed ${failure.seed}, path ${failure.path}\n${failure.message}\nreplay: ${failure.replay}`,
    );
  }
  t.equal(result.failures.length, 0);
});

t.test('the server is healthy at the end', async (t) => {
  const res = await world.app.inject({ method: 'GET', url: '/ready' });
  t.equal(res.statusCode, 200);
});
