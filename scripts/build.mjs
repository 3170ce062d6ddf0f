// `npm run build`: compiles src/ and db/ to dist/ and copies the files the server reads at run
// time (the OpenAPI document, the classifier's model), so that `node dist/src/server.js` runs
// without a TypeScript loader (less memory, faster start).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
fs.rmSync(dist, { recursive: true, force: true });
execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
for (const asset of ['openapi/openapi.yaml', 'src/analysis/model/model.json']) {
  fs.mkdirSync(path.dirname(path.join(dist, asset)), { recursive: true });
  fs.copyFileSync(path.join(root, asset), path.join(dist, asset));
}
console.log('built dist/ (start it with: npm run start:prod)');
