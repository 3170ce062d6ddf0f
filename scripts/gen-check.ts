// Fails when generated/ is not what the document makes now: openapi-typescript's types
// (generated/openapi.d.ts) and the operations' access (generated/operations.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPERATIONS_FILE, operationsModule } from './gen-operations.js';

const root = path.resolve(import.meta.dirname, '..');
const committed = path.join(root, 'generated/openapi.d.ts');
const fresh = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gen-check-')), 'openapi.d.ts');
execFileSync(path.join(root, 'node_modules/.bin/openapi-typescript'), [path.join(root, 'openapi/openapi.yaml'), '-o', fresh], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
const same = (file: string, text: string) => fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text;
const stale = [
  ...(same(committed, fs.readFileSync(fresh, 'utf8')) ? [] : ['generated/openapi.d.ts']),
  ...(same(OPERATIONS_FILE, operationsModule()) ? [] : ['generated/operations.ts']),
];
fs.rmSync(path.dirname(fresh), { recursive: true, force: true });
if (stale.length > 0) {
  console.error(`${stale.join(' and ')} ${stale.length > 1 ? 'are' : 'is'} stale: run \`npm run gen\` and commit the result.`);
  process.exit(1);
}
console.log('generated/ matches openapi/openapi.yaml');
