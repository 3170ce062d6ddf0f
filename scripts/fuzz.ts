// `npm run fuzz -- --runs N [--seed S] [--operation ID[,ID]] [--property valid|refused] [--path P]`:
// the OpenAPI-driven fuzz suite (test/fuzz/) with as many cases per operation as asked, on a
// fresh database (PostgreSQL when DATABASE_URL is set, PGlite otherwise). Prints the figures per
// operation, and for any failure the seed, fast-check path and the command that replays it.
import { parseArgs } from 'node:util';
import { openWorld } from '../test/fuzz/world.js';
import { runFuzz, type PropertyName } from '../test/fuzz/run.js';
import { closeConnections } from '../test/fuzz/http.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '300' },
    seed: { type: 'string' },
    operation: { type: 'string', multiple: true },
    property: { type: 'string' },
    path: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (values.property !== undefined && values.property !== 'valid' && values.property !== 'refused') throw new Error('--property is valid or refused');
const operations = values.operation?.flatMap((o) => o.split(','));

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`fuzz: ${runs} cases per operation, seed ${seed}, database ${database}`);
const started = Date.now();
const world = await openWorld();
let failed = 0;
try {
  const result = await runFuzz(world, {
    runs,
    seed,
    operations,
    property: values.property as PropertyName | undefined,
    path: values.path,
    log: (line) => console.log(line),
  });
  const cases = result.figures.reduce((n, f) => n + f.valid + f.refused, 0);
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n${result.figures.length} operations, ${cases} cases, ${result.failures.length} failures, ${seconds.toFixed(0)} s (${database}, seed ${seed})`);
  for (const failure of result.failures) {
    console.log(
      `\nFAILURE ${failure.operationId} (${failure.property}), fast-check seed ${failure.seed}, path ${failure.path}\n${failure.message}\nreplay: ${failure.replay}`,
    );
  }
  failed = result.failures.length;
} finally {
  closeConnections();
  await world.close();
}
process.exit(failed > 0 ? 1 : 0);
