// Writes generated/operations.ts: who may call each operation of the document (its `security`),
// as a type, so that a handler's context is typed from the document (an agent operation gets
// the calling agent) and no list of operations is kept by hand. `npm run gen` runs it after
// openapi-typescript; scripts/gen-check.ts fails when the committed file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { operationSpecs } from '../src/core/operation-table.js';

export const OPERATIONS_FILE = path.resolve(import.meta.dirname, '../generated/operations.ts');

export function operationsModule(): string {
  const lines = operationSpecs().map((spec) => `  ${spec.operationId}: '${spec.caller}';`);
  return [
    '// Generated from openapi/openapi.yaml by scripts/gen-operations.ts (`npm run gen`): do not edit.',
    '',
    '/** Who may call each operation: anyone, an agent with its key, or an operator with the admin token. */',
    'export interface OperationAccess {',
    ...lines,
    '}',
    '',
  ].join('\n');
}

if (process.argv[1] === import.meta.filename) {
  fs.writeFileSync(OPERATIONS_FILE, operationsModule());
  console.log(`wrote ${path.relative(process.cwd(), OPERATIONS_FILE)}`);
}
