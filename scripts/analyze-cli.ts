// Two commands of the tos-ratings CLI backed by the analyzer:
//   classify: sentences on standard input (one per line) -> one JSON object per line, in order;
//   analyze <file>: one document -> what POST /api/agents/analyze answers for it (less the
//   attribution): the same function (src/analysis-pool/analyze-text.ts), so clauses, facts, the
//   overall rating and the protection guides are the API's, with offsets into the file. The
//   format comes from the file's extension (then its content); a PDF is read for its text, which
//   the answer carries as `extracted_text`.
import { createInterface } from 'node:readline';
import { classifySentence, detectFormat } from '../src/analysis/index.js';
import { analyzeText } from '../src/analysis-pool/analyze-text.js';
import { DomainError } from '../src/core/errors.js';
import { pdfToText } from '../src/extract/pdf-text.js';
import { ExtractionError } from '../src/extract/index.js';
import { CliError, readInputFile } from './cli/input-file.js';

function write(output: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    output.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

export async function runClassify(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    const sentence = line.trim();
    const result = sentence ? classifySentence(sentence) : { categories: [], severity: null };
    await write(output, JSON.stringify({ categories: result.categories, severity: result.severity }) + '\n');
  }
}

export async function runAnalyze(file: string, output: NodeJS.WritableStream): Promise<void> {
  const bytes = readInputFile(file);
  try {
    if (/\.pdf$/i.test(file) || bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
      const text = await pdfToText(bytes);
      await write(output, JSON.stringify({ ...analyzeText(text, 'text'), format: 'pdf', extracted_text: text }, null, 2) + '\n');
      return;
    }
    const raw = bytes.toString('utf8');
    await write(output, JSON.stringify(analyzeText(raw, detectFormat(file, raw)), null, 2) + '\n');
  } catch (error) {
    // A file that is no terms document is the operator's to know of, in a line.
    if (error instanceof DomainError || error instanceof ExtractionError) throw new CliError(`${file}: ${error.message}`);
    throw error;
  }
}

// Runnable on its own too: node --import tsx scripts/analyze-cli.ts classify|analyze <file>
if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, file] = process.argv.slice(2);
  if (command === 'classify') await runClassify(process.stdin, process.stdout);
  else if (command === 'analyze' && file) await runAnalyze(file, process.stdout);
  else {
    console.error('usage: analyze-cli.ts classify < sentences.txt | analyze <file>');
    process.exitCode = 2;
  }
}
