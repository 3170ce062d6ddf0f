// The postgres.js fixes of scripts/patch-dependencies.mjs are in node_modules after `npm ci`
// (postinstall), in each build of the driver that Node may load (ESM, CommonJS, workers).
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MARK = 'patched by tos-ratings (scripts/patch-dependencies.mjs)';

t.test('every build of postgres.js carries the fixes', async (t) => {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/postgres/package.json'), 'utf8'));
  if (version !== '3.4.9') return t.plan(0, `postgres.js ${version}: the fixes were written for 3.4.9`);
  for (const build of ['src', 'cjs/src']) {
    const connection = fs.readFileSync(path.join(ROOT, 'node_modules/postgres', build, 'connection.js'), 'utf8');
    const index = fs.readFileSync(path.join(ROOT, 'node_modules/postgres', build, 'index.js'), 'utf8');
    t.equal(connection.split(MARK).length - 1, 2, `${build}/connection.js: no write on a closed socket, nothing of it kept`);
    t.equal(index.split(MARK).length - 1, 3, `${build}/index.js: reservations kept waiting, closed reserved connections not reused`);
  }
});
