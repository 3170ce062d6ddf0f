// Offsets into the caller's own text (analyzeText, behind analyzeTerms, analyze_terms and the CLI's
// analyze), checked as an outside check would: for plain text, text.slice(start, end) is the quote
// of every clause, fact and clause in the user's favour; for Markdown, that span with its markup
// removed (by marked, a Markdown reader of its own) reads as the quote. On the 25 real terms of
// ../shared/terms/current, and on generated documents (fast-check; seed and path printed on failure).
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import fc from 'fast-check';
import { marked } from 'marked';
import { analyzeText, type TextAnalysis } from '../../src/analysis-pool/analyze-text.js';
import { FACT_NAMES, normaliseMapped, segmentSentences } from '../../src/analysis/index.js';
import { decodeEntities } from '../../src/analysis/normalise.js';
import { TERMS } from '../helpers/cli.js';

/** Every span the answer gives: clauses, the facts' evidence, what is in the user's favour. */
function spans(analysis: TextAnalysis): { what: string; start: number; end: number; quote: string }[] {
  return [
    ...analysis.clauses.map((c) => ({ what: `clause ${c.category}`, start: c.start, end: c.end, quote: c.clause_text })),
    ...FACT_NAMES.flatMap((name) => (analysis.facts[name]?.evidence ?? []).map((e) => ({ what: `fact ${name}`, ...e }))),
    ...analysis.in_your_favour.map((c) => ({ what: `favour ${c.kind}`, start: c.start, end: c.end, quote: c.clause_text })),
  ];
}

/** Markdown read by marked, tags dropped (blocks apart), entities decoded. */
function withoutMarkup(markdown: string): string {
  const html = marked.parse(markdown, { async: false }) as string;
  return decodeEntities(html.replace(/<\/?(?:p|li|h\d|div|ul|ol|tr|td|th|table|thead|tbody|blockquote|pre|br|hr)\b[^>]*>/g, ' ').replace(/<[^>]*>/g, ''));
}

const words = (text: string) => (text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

/**
 * Whether a slice of Markdown reads as the quote. Read out of its document, a slice loses the
 * list it was indented in (an indented line would read as code) and a numbered item's number
 * would read as the list's numbering, where the quote keeps it: lines are read unindented, and
 * numbers as written.
 */
function readsAs(slice: string, quote: string): boolean {
  const unindented = slice.replace(/^[ \t]+/gm, '').replace(/^(\d+)([.)])(?=\s)/gm, '$1\\$2');
  return words(withoutMarkup(unindented)) === words(quote);
}

const documents = fs.existsSync(TERMS) ? fs.readdirSync(TERMS).filter((f) => f.endsWith('.md')) : [];

t.test(
  'Markdown: the span of each quote, markup removed, reads as the quote (25 real terms)',
  { skip: documents.length === 0 && 'shared/terms is absent' },
  async (t) => {
    let checked = 0;
    for (const file of documents) {
      const raw = fs.readFileSync(path.join(TERMS, file), 'utf8');
      const analysis = analyzeText(raw, 'markdown');
      t.equal(analysis.extracted_text, null, `${file}: offsets index the text sent`);
      for (const span of spans(analysis)) {
        checked++;
        const slice = raw.slice(span.start, span.end);
        if (!readsAs(slice, span.quote))
          t.fail(`${file} ${span.what} [${span.start}, ${span.end}): ${JSON.stringify(slice)} does not read as ${JSON.stringify(span.quote)}`);
      }
    }
    t.ok(checked > 1000, `${checked} spans checked`);
  },
);

/** A document's text as plain text an agent might send: irregular white space, CRLF line ends. */
function asPlainText(normalised: string): string {
  return normalised
    .split('\n')
    .map((line, i) => (i % 3 === 0 ? `  ${line.replace(/ /g, (s, at: number) => (at % 7 === 0 ? '   ' : at % 11 === 0 ? '\t' : s))} ` : line))
    .join('\r\n');
}

t.test(
  'plain text: text.slice(start, end) is the quote of every clause and fact (25 real terms)',
  { skip: documents.length === 0 && 'shared/terms is absent' },
  async (t) => {
    let checked = 0;
    for (const file of documents) {
      const text = asPlainText(normaliseMapped(fs.readFileSync(path.join(TERMS, file), 'utf8'), 'markdown').text);
      const analysis = analyzeText(text, 'text');
      for (const span of spans(analysis)) {
        checked++;
        if (text.slice(span.start, span.end) !== span.quote)
          t.fail(`${file} ${span.what}: ${JSON.stringify(text.slice(span.start, span.end))} is not ${JSON.stringify(span.quote)}`);
        if (span.quote !== span.quote.trim()) t.fail(`${file} ${span.what}: the quote has white space at its ends`);
      }
    }
    t.ok(checked > 1000, `${checked} spans checked`);
  },
);

t.test('a repeated sentence is quoted where it stands, not where it first appears', async (t) => {
  const sentence = 'We may terminate your account at any time without notice.';
  const text = `${sentence}\n\nYou may use the service.\n\n**${sentence}**`;
  const clauses = analyzeText(text, 'markdown').clauses.filter((c) => c.clause_text === sentence);
  t.same(
    clauses.map((c) => text.slice(c.start, c.end)),
    [sentence, `**${sentence}**`],
  );
  const plain = `${sentence}\n${sentence}`;
  t.same(
    analyzeText(plain, 'text').clauses.map((c) => [c.start, c.end]),
    [
      [0, sentence.length],
      [sentence.length + 1, 2 * sentence.length + 1],
    ],
  );
});

t.test('markup around a quote is taken whole; markup around part of it is not', async (t) => {
  const text = [
    'See our [terms](https://example.com/terms "Terms").',
    '',
    '**We may terminate your account at any time.** You agree to *binding arbitration* of any dispute.',
    '',
    '- [3\\. Changes to these terms](#changes)',
  ].join('\n');
  const mapped = normaliseMapped(text, 'markdown');
  const slices = segmentSentences(mapped.text).map(({ start, end }) => {
    const source = mapped.sourceSpan(start, end);
    return text.slice(source.start, source.end);
  });
  t.same(slices, [
    'See our [terms](https://example.com/terms "Terms").',
    '**We may terminate your account at any time.**',
    'You agree to *binding arbitration* of any dispute.',
    '3\\.',
    'Changes to these terms',
  ]);
});

t.test('HTML: the answer carries the extracted text, which the offsets index', async (t) => {
  const html = '<html><body><h1>Terms</h1><p>We may <b>terminate</b> your account at any time without notice.</p></body></html>';
  const analysis = analyzeText(html);
  t.equal(analysis.format, 'html');
  t.type(analysis.extracted_text, 'string');
  t.ok(analysis.clauses.length > 0);
  for (const span of spans(analysis)) t.equal(analysis.extracted_text!.slice(span.start, span.end), span.quote, span.what);
});

// Generated Markdown: sentences with markup around words and around whole sentences, lists,
// quotations, headings and table rows, escapes and entities, CRLF and runs of white space.
const word = fc.constantFrom(
  'We',
  'may',
  'terminate',
  'your',
  'account',
  'you',
  'agree',
  'to',
  'arbitration',
  'terms',
  'any',
  'time',
  'notice',
  'data',
  'Service',
  'law',
);
const inlineWord = fc.oneof(
  { weight: 6, arbitrary: word },
  fc.tuple(word, fc.constantFrom('**', '*', '_', '__', '~~', '`')).map(([w, m]) => `${m}${w}${m}`),
  fc.tuple(word, fc.webPath()).map(([w, p]) => `[${w}](https://example.com${p.replace(/[()\s]/g, '')})`),
  word.map((w) => `<b>${w}</b>`),
  word.map((w) => `${w} &amp;`),
  word.map((w) => `${w}\\*`),
);
const spaces = fc.constantFrom(' ', ' ', ' ', '  ', '\t', '\u00a0');
const sentence = fc
  .tuple(fc.array(fc.tuple(inlineWord, spaces), { minLength: 3, maxLength: 10 }), fc.constantFrom('.', '.', '!', '?', ';'))
  .map(([parts, stop]) => parts.map(([w, s], i) => (i === parts.length - 1 ? w : w + s)).join('') + stop);
const wrapped = fc.oneof({ weight: 4, arbitrary: sentence }, ...['**', '*', '_'].map((m) => sentence.map((s) => `${m}${s.slice(0, -1)}${m}${s.slice(-1)}`)));
const line = fc.oneof(
  { weight: 4, arbitrary: fc.array(wrapped, { minLength: 1, maxLength: 3 }).map((s) => s.join(' ')) },
  wrapped.map((s) => `- ${s}`),
  wrapped.map((s) => `* ${s}`),
  wrapped.map((s) => `1. ${s}`),
  wrapped.map((s) => `> ${s}`),
  fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => `## ${w.join(' ')}`),
  fc.tuple(wrapped, wrapped).map(([a, b]) => `| ${a} | ${b} |`),
);
const markdownDocument = fc
  .tuple(fc.array(fc.tuple(line, fc.constantFrom('\n', '\n\n', '\r\n', '\r\n\r\n', '  \n')), { minLength: 2, maxLength: 12 }))
  .map(([lines]) => `We may terminate your account at any time.\n\n${lines.map(([l, end]) => l + end).join('')}`);

t.test('property: every sentence of generated Markdown maps back to a span that reads as it', async (t) => {
  const seed = Number(process.env.FC_SEED ?? 4242);
  fc.assert(
    fc.property(markdownDocument, (raw) => {
      const mapped = normaliseMapped(raw, 'markdown');
      for (const { start, end } of segmentSentences(mapped.text)) {
        const quote = mapped.text.slice(start, end);
        const source = mapped.sourceSpan(start, end);
        const slice = raw.slice(source.start, source.end);
        if (!readsAs(slice, quote)) throw new Error(`${JSON.stringify(slice)} does not read as ${JSON.stringify(quote)}`);
      }
      for (const span of spans(analyzeText(raw, 'markdown'))) {
        if (!readsAs(raw.slice(span.start, span.end), span.quote)) throw new Error(`${span.what}: ${JSON.stringify(raw.slice(span.start, span.end))}`);
      }
    }),
    { numRuns: 300, seed },
  );
  t.pass(`300 generated documents (seed ${seed})`);
});

t.test('property: plain text maps back exactly, white space and line ends as sent', async (t) => {
  const plain = markdownDocument.map((md) => md.replace(/[*_`~#>|[\]]/g, ''));
  fc.assert(
    fc.property(plain, (raw) => {
      const analysis = analyzeText(raw, 'text');
      for (const span of spans(analysis)) if (raw.slice(span.start, span.end) !== span.quote) throw new Error(`${span.what}: ${JSON.stringify(span)}`);
      const mapped = normaliseMapped(raw, 'text');
      for (const { start, end } of segmentSentences(mapped.text)) {
        const source = mapped.sourceSpan(start, end);
        const collapsed = raw
          .slice(source.start, source.end)
          .replace(/\r\n?/g, '\n')
          .replace(/[\t\u00a0 ]+/g, ' ');
        if (collapsed !== mapped.text.slice(start, end)) throw new Error(`${JSON.stringify(collapsed)} !== ${JSON.stringify(mapped.text.slice(start, end))}`);
      }
    }),
    { numRuns: 300, seed: Number(process.env.FC_SEED ?? 4243) },
  );
  t.pass('300 generated texts');
});
