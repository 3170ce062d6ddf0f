// `tos-ratings ingest --dir DIR`: one provider per document (named after the file), created if
// new, then its document submitted; a progress bar on standard error.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { detectFormat } from '../../src/analysis/index.js';
import type { Database } from '../../src/db/schema.js';
import { ingestDocument } from '../../src/pipeline/ingest.js';
import { createProvider, findProviderAnyState } from '../../src/repositories/provider-admin.js';
import { knownProvider } from './known-providers.js';

const DOCUMENT = /\.(md|markdown|txt|html?)$/i;

export async function ingestDirectory(db: Kysely<Database>, dir: string, progress: NodeJS.WritableStream): Promise<number> {
  const files = fs.readdirSync(dir).filter((f) => DOCUMENT.test(f)).sort();
  if (files.length === 0) {
    console.error(`no documents (.md, .txt, .html) in ${dir}`);
    return 1;
  }
  let failures = 0;
  for (const [index, file] of files.entries()) {
    const name = path.basename(file, path.extname(file));
    drawBar(progress, index, files.length, name);
    const meta = knownProvider(name);
    try {
      const provider = (await findProviderAnyState(db, meta.slug)) ?? (await createProvider(db, meta)) ?? (await findProviderAnyState(db, meta.slug))!;
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const result = await ingestDocument(db, provider.id, raw, detectFormat(file, raw));
      console.log(JSON.stringify({ provider: meta.slug, status: result.status, appeared: result.added.length, went: result.removed.length, kept: result.kept }));
    } catch (error) {
      failures++;
      console.error(`\n${file}: ${(error as Error).message}`);
    }
  }
  drawBar(progress, files.length, files.length, 'done');
  progress.write('\n');
  return failures === 0 ? 0 : 1;
}

function drawBar(out: NodeJS.WritableStream, done: number, total: number, label: string): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  out.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} ${label.padEnd(20).slice(0, 20)}`);
}
