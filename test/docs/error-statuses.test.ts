// The error statuses the README and docs/api.md promise ("an honest status (400, 401, ...)") are
// those the OpenAPI document gives the agent API's operations: none missing (docs/api.md once
// left out 503), none made up.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../..');
const document = parse(fs.readFileSync(path.join(ROOT, 'openapi/openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, { responses?: object }>> };
const documented = [
  ...new Set(
    Object.entries(document.paths)
      .filter(([url]) => url.startsWith('/api/agents/'))
      .flatMap(([, operations]) => Object.values(operations).flatMap((op) => Object.keys(op.responses ?? {})))
      .filter((status) => Number(status) >= 400),
  ),
].sort();

t.test("the statuses listed are the agent operations' error statuses", async (t) => {
  t.ok(documented.includes('503'), `the document's: ${documented.join(', ')}`);
  for (const file of ['README.md', 'docs/api.md']) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const listed = /with an honest status \(([\d, ]+)\)/.exec(text)?.[1];
    t.ok(listed, `${file} lists the statuses`);
    t.same(listed!.split(/,\s*/).sort(), documented, file);
  }
});
