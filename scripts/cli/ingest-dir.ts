// `tos-ratings ingest --dir DIR`: one provider per document (named after the file; the
// catalogue's facts when it knows the service), created if new, then its document submitted; a
// progress bar on standard error. A file that fails is reported and the others go on.
import fs from 'node:fs';
import path from 'node:path';
import { detectFormat } from '../../src/analysis/index.js';
import { CliError, type Door } from './doors.js';
import { knownProvider } from './known-providers.js';

const DOCUMENT = /\.(md|markdown|txt|html?)$/i;

export async function ingestDirectory(door: Door, dir: string, progress: NodeJS.WritableStream): Promise<number> {
  let files: string[];
  try {
    files = fs
      .readdirSync(dir)
      .filter((f) => DOCUMENT.test(f))
      .sort();
  } catch (error) {
    throw new CliError(`cannot read directory ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (files.length === 0) throw new CliError(`no documents (.md, .txt, .html) in ${dir}`);
  let failures = 0;
  for (const [index, file] of files.entries()) {
    const name = path.basename(file, path.extname(file));
    drawBar(progress, index, files.length, name);
    const meta = knownProvider(name);
    try {
      await door.call('createProvider', { body: meta }).catch((error) => {
        if (!(error instanceof CliError && /exists/.test(error.message))) throw error;
      });
      const content = fs.readFileSync(path.join(dir, file), 'utf8');
      const result = await door.call('submitDocument', { params: { slug: meta.slug }, body: { content, format: detectFormat(file, content) } });
      console.log(
        JSON.stringify({ provider: meta.slug, status: result.status, appeared: result.appeared.length, went: result.went.length, kept: result.kept }),
      );
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      failures++;
      progress.write(`\n${file}: ${error.message}\n`);
    }
  }
  drawBar(progress, files.length, files.length, 'done');
  progress.write('\n');
  if (failures > 0) throw new CliError(`${failures} of ${files.length} document(s) failed`);
  return 0;
}

function drawBar(out: NodeJS.WritableStream, done: number, total: number, label: string): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  out.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} ${label.padEnd(20).slice(0, 20)}`);
}
