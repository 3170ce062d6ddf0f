// The tos-ratings command as an operator runs it (`npx tos-ratings ...` in a checkout): the
// analyzer commands, usage, and one-line errors with their exit codes. The database commands:
// ingest.test.ts; where a command works (its first line): where.test.ts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { cli, root } from '../helpers/cli.js';
import { minimalPdf } from '../helpers/pdf.js';
import { analyzeText } from '../../src/analysis-pool/analyze-text.js';

t.test('npx tos-ratings classify: one JSON object per input line, in order', async (t) => {
  const lines = [
    'We may terminate your account at any time for any reason without notice.',
    '',
    'The weather is nice today.',
    'Any dispute shall be resolved by binding arbitration and you waive any class action.',
  ];
  const res = cli(['classify'], {}, lines.join('\n') + '\n', true);
  t.equal(res.status, 0, res.stderr);
  const out = res.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  t.equal(out.length, lines.length);
  t.ok(out[0].categories.includes('unilateral-termination'));
  t.same(out[1], { categories: [], severity: null });
  t.same(out[2], { categories: [], severity: null });
  t.ok(out[3].categories.includes('arbitration'));
  t.ok(['critical', 'high', 'medium', 'low'].includes(out[3].severity));
});

t.test('analyze FILE prints what the API gives: clauses, facts, overall rating and guides, offsets into FILE', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'terms.txt');
  const text = 'Terms.\r\n\r\nWe may suspend or  terminate your account at any time without notice.\n\nThese terms are governed by the laws of England.\n';
  fs.writeFileSync(file, text);
  const res = cli(['analyze', file]);
  t.equal(res.status, 0, res.stderr);
  const answer = JSON.parse(res.stdout);
  t.same(answer, JSON.parse(JSON.stringify(analyzeText(text, 'text'))), 'the one function behind the API');
  t.equal(answer.format, 'text');
  t.ok(answer.clauses.length >= 1);
  t.ok(answer.overall_rating > 1, `an overall rating (${answer.overall_rating})`);
  t.ok(answer.protections.length > 0, 'protection guides');
  for (const c of answer.clauses) {
    t.equal(text.slice(c.start, c.end), c.clause_text, 'the quote is the file from start to end');
    t.match(c, { party: /^(provider|user|third-party)$/, confidence: /^(high|low)$/ }, 'each clause names its party and confidence');
  }
  t.equal(res.stderr, '', 'no database, no server: nothing to name');

  const pdf = path.join(dir, 'terms.pdf');
  const lines = [
    'Terms of Service',
    '',
    'We may terminate your account at any time without notice.',
    ...Array.from({ length: 12 }, () => 'You agree to use the service lawfully and to keep your password safe at all times.'),
  ];
  fs.writeFileSync(pdf, minimalPdf(lines));
  const fromPdf = JSON.parse(cli(['analyze', pdf]).stdout);
  t.equal(fromPdf.format, 'pdf');
  t.type(fromPdf.extracted_text, 'string');
  t.ok(fromPdf.clauses.length >= 1);
  for (const c of fromPdf.clauses) t.equal(fromPdf.extracted_text.slice(c.start, c.end), c.clause_text, 'a PDF: offsets into its extracted text');
});

/** One line on stderr that says why, an exit code, no stack trace. */
function oneLine(t: Test, res: ReturnType<typeof cli>, status: number, message: RegExp): void {
  t.equal(res.status, status, `exit code ${res.status}: ${res.stderr}`);
  t.equal(res.stderr.trim().split('\n').length, 1, `one line: ${res.stderr}`);
  t.match(res.stderr.trim(), message);
  t.notMatch(res.stderr, /\n\s+at |Error:/, 'no stack trace');
}

t.test('a file that cannot be read, or is no terms: one line, exit 1', async (t) => {
  oneLine(t, cli(['analyze', 'nope.md']), 1, /^tos-ratings: cannot read nope\.md: no such file \(ENOENT\)$/);
  oneLine(t, cli(['analyze', os.tmpdir()]), 1, /cannot read .*: it is a directory/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'empty.md'), '   \n');
  oneLine(t, cli(['analyze', path.join(dir, 'empty.md')]), 1, /empty\.md: document is empty$/);
});

t.test('usage; an unknown command says so', async (t) => {
  oneLine(t, cli(['compare', 'a', 'b']), 2, /^tos-ratings: unknown command "compare"; tos-ratings --help lists the commands$/);
  const res = cli([]);
  t.equal(res.status, 2);
  t.match(res.stderr, /usage: tos-ratings/);
  t.match(cli(['analyze']).stderr, /usage: tos-ratings/, 'a command without its argument: the usage');
  t.ok(execFileSync('npx', ['--no-install', 'tos-ratings', '--help'], { cwd: root, encoding: 'utf8' }).includes('ingest --dir'));
});
