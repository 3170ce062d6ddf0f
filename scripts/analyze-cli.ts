// Two commands of the tos-ratings CLI backed by the analyzer:
//   classify: sentences on standard input (one per line) -> one JSON object per line, in order;
//   analyze <file>: one document (format from its extension) -> {"overall_rating", "band", "clauses": [...], "facts": {...}, "in_your_favour": [...]}, the
//   document normalised as the server normalises it, so that its facts are those the API gives.
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { analyzeDocument, bandOf, classifySentence, detectFormat, explainRating, favourableClauses, looksEnglish, readFacts } from '../src/analysis/index.js';
import { normalise } from '../src/analysis-pool/prepare-document.js';

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
  const raw = await readFile(file, 'utf8');
  const text = normalise(raw, detectFormat(file, raw));
  const clauses = analyzeDocument(text).map((c) => ({
    title: c.title,
    clause_text: c.clause_text,
    plain_english: c.plain_english,
    severity: c.severity,
    category: c.category,
    categories: c.categories,
    ai_rating: c.ai_rating,
    party: c.party,
    confidence: c.confidence,
    start: c.start,
    end: c.end,
  }));
  // The rating and its band as the API gives them for `analyze` (one formula, one band function).
  const rating = explainRating(clauses).overall;
  const band = bandOf(rating, looksEnglish(text) ? null : 'Text not in English');
  await write(
    output,
    JSON.stringify({ overall_rating: rating, band, clauses, facts: readFacts(text), in_your_favour: favourableClauses(text) }, null, 2) + '\n',
  );
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
