// `npm run build`: compiles src/ and db/ to dist/ and copies the files the server reads at run
// time (the OpenAPI document, the classifier's model and confidence table, the catalogue of real providers, the
// shipped snapshot of their terms and the empty embedded cluster), so that `node dist/src/server.js` runs without a TypeScript
// loader (less memory, faster start). test/e2e/production-build.test.ts checks that the built
// server tracks as many providers as the one run from source.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
fs.rmSync(dist, { recursive: true, force: true });
execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
const assets = [
  'openapi/openapi.yaml',
  'src/analysis/model/model.json',
  'src/analysis/calibration.json',
  'db/catalogue/providers.json',
  'db/catalogue/README.md',
  'db/snapshot',
  'db/pglite',
];
for (const asset of assets) {
  fs.mkdirSync(path.dirname(path.join(dist, asset)), { recursive: true });
  fs.cpSync(path.join(root, asset), path.join(dist, asset), { recursive: true });
}
console.log('built dist/ (start it with: npm run start:prod)');
