// Confidence from calibration (issue 44, item 6): `high` only for kinds of clause readers found
// faithful at least 95% of the time on at least MIN_JUDGED clauses; the table is rebuilt from judged
// rounds by scripts/training/ledger/calibrate.ts.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { HIGH_SHARE, kindConfidence, measuredFaithful, MIN_JUDGED } from '../../src/analysis/calibration.js';
import { calibrationTable, inferredRendering, judgedRounds, markdownTable, readRound, statesByCategory } from '../../scripts/training/ledger/calibrate.js';

const row = (n: number, faithful: number, wrong = 0) => ({ kind: 'x/specific', n, faithful, partly: n - faithful - wrong, wrong });

t.test('high only with enough judged clauses, faithful at least 95% of the time', async (t) => {
  t.equal(MIN_JUDGED, 20);
  t.equal(HIGH_SHARE, 0.95);
  t.ok(measuredFaithful(row(20, 19)), '19 of 20');
  t.ok(measuredFaithful(row(40, 38)), '38 of 40');
  t.notOk(measuredFaithful(row(20, 18)), '18 of 20 is 90%');
  t.notOk(measuredFaithful(row(19, 19)), 'too few judged, however faithful');
  t.notOk(measuredFaithful(undefined), 'an unmeasured kind');
});

t.test('each clause has the confidence its kind earned, and low when told as a long quote', async (t) => {
  const text = [
    'We may terminate your account at any time for any reason without notice.',
    'These Terms are governed by the laws of the State of California.',
    'IN NO EVENT SHALL OUR TOTAL LIABILITY EXCEED ONE HUNDRED US DOLLARS.',
  ].join('\n\n');
  const clauses = analyzeDocument(text, { kinds: true });
  t.ok(clauses.length >= 3);
  for (const c of clauses) {
    t.match(c.kind, new RegExp(`^${c.category}/(?:specific|quote|table)$`), 'the kind is the category and the rendering');
    if (c.confidence === 'high') t.equal(kindConfidence(c.kind!), 'high', 'high only for a kind that earned it');
  }
  t.notOk(
    analyzeDocument(text).some((c) => 'kind' in c),
    'the kind is not part of the clause unless asked for',
  );
});

t.test('calibrate.ts counts verdicts per kind from the rounds on disk', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rounds-'));
  const quote = 'We may change these terms at any time by posting the new terms on this page.';
  const sample = [
    {
      id: 1,
      quote,
      category: 'unilateral-change',
      title: 'Changes to the terms',
      party: 'provider',
      plain_english: 'The provider can change these terms at any time.',
      confidence: 'high',
    },
    {
      id: 2,
      quote,
      category: 'unilateral-change',
      title: 'Changes to the terms',
      party: 'provider',
      plain_english: 'The provider may change these terms at any time by posting the new terms on this page.',
      confidence: 'low',
    },
    { id: 3, quote, category: 'unilateral-change', title: 'Changes to the terms', party: 'provider', plain_english: 'x', confidence: 'low' },
  ];
  writeFileSync(join(dir, 'r1.json'), JSON.stringify(sample));
  writeFileSync(
    join(dir, 'r1.documents.json'),
    JSON.stringify([
      { id: 3, document: 'terms/a.md', kind: 'unilateral-change/table' },
      { id: 1, document: 'terms/a.md' },
      { id: 2, document: 'terms/b.md' },
    ]),
  );
  mkdirSync(join(dir, 'judge-1'));
  writeFileSync(
    join(dir, 'judge-1', 'verdicts.json'),
    JSON.stringify([
      { id: 1, verdict: 'faithful', concern: true, states_category: true, kind: null, why: '' },
      { id: 2, verdict: 'partly', concern: true, states_category: false, kind: 'detail', why: '' },
      { id: 3, verdict: 'wrong', concern: true, states_category: true, kind: 'table', why: '' },
    ]),
  );
  mkdirSync(join(dir, 'judge-2')); // a round not judged yet: no verdicts
  t.same(judgedRounds(dir), ['1']);
  const clauses = readRound(dir, '1');
  t.same(
    clauses.map((c) => c.kind),
    ['unilateral-change/specific', 'unilateral-change/quote', 'unilateral-change/table'],
    'the kind recorded with the sample, else read from how it was told',
  );
  const table = calibrationTable(clauses, ['1'], '2026-11-27');
  t.equal(table.documents, 2);
  t.same(
    table.kinds.find((k) => k.kind === 'unilateral-change/quote'),
    { kind: 'unilateral-change/quote', n: 1, faithful: 0, partly: 1, wrong: 0 },
  );
  t.match(markdownTable(table), /\| unilateral-change\/specific \| 1 \| 1 \(100%\) \| 0 \| 0 \| low \|/, 'one faithful reading is not enough for high');
  t.match(statesByCategory(clauses), /\| unilateral-change \| 3 \| 2 \(67%\) \|/);
  writeFileSync(join(dir, 'judge-1', 'verdicts.json'), JSON.stringify([{ id: 9, verdict: 'faithful' }]));
  t.throws(() => readRound(dir, '1'), /id 9/, 'a verdict for a clause the sample lacks is refused');
});

t.test('a rendering is told apart from the quote made readable', async (t) => {
  const quote = 'We reserve the right to suspend or terminate your account at our sole discretion, with or without notice.';
  t.equal(inferredRendering(quote, 'The provider reserves the right to suspend or terminate your account at its own choice, with or without notice.'), 'quote');
  t.equal(inferredRendering(quote, 'The provider can suspend or close your account whenever it decides.'), 'specific');
});
