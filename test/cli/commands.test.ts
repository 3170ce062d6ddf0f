// The tos-ratings command as an operator runs it (`npx tos-ratings ...` in a checkout): the
// analyzer commands and usage. The database commands: ingest.test.ts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { cli, root } from '../helpers/cli.js';

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

t.test('analyze FILE prints clauses with verbatim quotes and offsets', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'terms.txt');
  fs.writeFileSync(
    file,
    'Terms.\n\nWe may suspend or terminate your account at any time without notice.\n\nThese terms are governed by the laws of England.\n',
  );
  const res = cli(['analyze', file]);
  t.equal(res.status, 0, res.stderr);
  const { clauses } = JSON.parse(res.stdout);
  t.ok(clauses.length >= 1);
  for (const c of clauses) {
    t.type(c.start, 'number');
    t.type(c.plain_english, 'string');
    t.match(c, { party: /^(provider|user|third-party)$/, confidence: /^(high|low)$/ }, 'each clause names its party and confidence');
  }
  t.equal(cli(['analyze', path.join(dir, 'missing.txt')]).status === 0, false, 'a missing file fails');
});

t.test('usage', async (t) => {
  const res = cli(['nonsense']);
  t.equal(res.status, 2);
  t.match(res.stderr, /usage: tos-ratings/);
  t.ok(execFileSync('npx', ['--no-install', 'tos-ratings', '--help'], { cwd: root, encoding: 'utf8' }).includes('ingest --dir'));
});
