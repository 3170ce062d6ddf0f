// segmentSentences: offsets are exact (text.slice(start, end) is the sentence verbatim), and
// abbreviations, list items and headings are handled; checked on every real terms document.
import t from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { detectFormat, normaliseDocument } from '../../../src/analysis/normalise.js';
import { segmentSentences, splitSentences } from '../../../src/analysis/engine/segment.js';

const TERMS = fileURLToPath(new URL('../../../../shared/terms/current', import.meta.url));

t.test('abbreviations, numbers and quotes do not split sentences', async (t) => {
  const text = 'Reddit, Inc. and its U.S. affiliates (e.g., Reddit Ltd.) may act, i.e. remove content. You pay $1.50 per item. "We decide." Then we act!';
  t.same(splitSentences(text), [
    'Reddit, Inc. and its U.S. affiliates (e.g., Reddit Ltd.) may act, i.e. remove content.',
    'You pay $1.50 per item.',
    '"We decide."',
    'Then we act!',
  ]);
});

t.test('headings and list items are their own sentences, without bullets', async (t) => {
  const text = '1. Your Account\n\nWe may suspend it:\n- if you break the rules;\n- if the law requires it.\nSection 2 follows';
  t.same(splitSentences(text), ['1. Your Account', 'We may suspend it:', 'if you break the rules;', 'if the law requires it.', 'Section 2 follows']);
});

t.test('spans are trimmed and verbatim', async (t) => {
  const text = '  First sentence here.   Second one?  \n\n  Third.';
  for (const { start, end } of segmentSentences(text)) {
    const s = text.slice(start, end);
    t.equal(s, s.trim());
    t.ok(s.length > 0);
  }
  t.equal(segmentSentences(text).length, 3);
});

t.test('offsets are verbatim on every real terms document', { skip: !existsSync(TERMS) && 'terms folder absent' }, async (t) => {
  const files = readdirSync(TERMS).filter((f) => f.endsWith('.md'));
  t.ok(files.length > 0);
  for (const file of files) {
    const raw = readFileSync(join(TERMS, file), 'utf8');
    const text = normaliseDocument(raw, detectFormat(file, raw));
    const spans = segmentSentences(text);
    let bad = 0;
    let previousEnd = 0;
    for (const { start, end } of spans) {
      const s = text.slice(start, end);
      if (start < previousEnd || s !== s.trim() || s.length === 0 || /^[-*\u2022] /.test(s) || /\*\*|\]\(/.test(s)) bad++;
      previousEnd = end;
    }
    t.equal(bad, 0, `${file}: ${spans.length} sentences, all verbatim, ordered, trimmed, without markup`);
    t.ok(spans.length > 50, `${file} has a realistic number of sentences`);
  }
});

t.test('a name spelt with "!" does not end a sentence', async (t) => {
  t.same(splitSentences('If you wish to suspend the use of Yahoo! JAPAN ID, contact us. Then stop!'), [
    'If you wish to suspend the use of Yahoo! JAPAN ID, contact us.',
    'Then stop!',
  ]);
});

t.test('a document all in lower case is split at full stops, abbreviations kept', async (t) => {
  const lower =
    'we may change these terms at any time . you agree to be bound by them . ' +
    'the liability of 9gag , inc. is limited to u.s. dollars 100 , e.g. for lost data . '.repeat(3) +
    'these terms are governed by the laws of california .';
  t.same(splitSentences(lower), [
    'we may change these terms at any time .',
    'you agree to be bound by them .',
    ...Array(3).fill('the liability of 9gag , inc. is limited to u.s. dollars 100 , e.g. for lost data .'),
    'these terms are governed by the laws of california .',
  ]);
  const cased = 'We may act approx. once a year. You agree.';
  t.same(splitSentences(cased), ['We may act approx. once a year.', 'You agree.'], 'cased text keeps the lower-case continuation rule');
});

t.test('a file of one sentence per line, with or without blank lines, keeps each line a sentence', async (t) => {
  const lines = [
    '1. Introduction',
    'We may terminate your account at any time.',
    'you agree to arbitration -lrb- see below -rrb- .',
    'These Terms are governed by English law',
  ];
  for (const joiner of ['\n', '\n\n']) {
    const text = normaliseDocument(lines.join(joiner) + '\n', 'text');
    t.same(splitSentences(text), lines, JSON.stringify(joiner));
  }
});
