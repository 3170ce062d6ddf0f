// `npm install` prints no EBADENGINE warning: every installed package's `engines.node` accepts the
// oldest Node.js this project supports (package.json `engines`) and the one running the tests.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import t from 'tap';

const root = path.resolve(import.meta.dirname, '../..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const ours: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;

t.test('every dependency supports the Node.js versions we support', async (t) => {
  const oldest = semver.minVersion(ours)!.version;
  t.equal(lock.packages[''].engines.node, ours, 'package-lock.json agrees with package.json');
  t.ok(semver.satisfies(process.version, ours), `the Node.js running this (${process.version}) is one we support (${ours})`);
  const refusing = Object.entries(lock.packages as Record<string, { engines?: { node?: string } | string[] }>)
    .filter(([name, p]) => name !== '' && p.engines && !Array.isArray(p.engines) && typeof p.engines.node === 'string')
    .filter(([, p]) => {
      const range = (p.engines as { node: string }).node;
      return !semver.satisfies(oldest, range) || !semver.satisfies(process.version, range);
    })
    .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')} wants node ${(p.engines as { node: string }).node}`);
  t.same(refusing, [], `no package refuses Node.js ${oldest} or ${process.version}`);
});
