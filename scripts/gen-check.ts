// Fails when generated/openapi.d.ts is not what openapi-typescript makes of the document now.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const committed = path.join(root, 'generated/openapi.d.ts');
const fresh = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gen-check-')), 'openapi.d.ts');
execFileSync(path.join(root, 'node_modules/.bin/openapi-typescript'), [path.join(root, 'openapi/openapi.yaml'), '-o', fresh], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
const upToDate = fs.existsSync(committed) && fs.readFileSync(committed, 'utf8') === fs.readFileSync(fresh, 'utf8');
fs.rmSync(path.dirname(fresh), { recursive: true, force: true });
if (!upToDate) {
  console.error('generated/openapi.d.ts is stale: run `npm run gen` and commit the result.');
  process.exit(1);
}
console.log('generated/openapi.d.ts matches openapi/openapi.yaml');
