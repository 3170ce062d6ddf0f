// From a web page to the terms text: terms pages built from ../shared/terms inside navigation,
// a cookie banner, a sidebar, a footer, scripts and a hidden dialog, in three layouts. The text
// keeps every heading and paragraph of the terms (compared word for word with the Markdown
// original) and none of the surroundings. Also: PDFs, plain text, binary answers.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { normaliseDocument } from '../../src/analysis/index.js';
import { extractTerms } from '../../src/extract/extract-terms.js';
import { ExtractionError, htmlToTerms } from '../../src/extract/terms-html.js';
import { wordsOf } from '../../src/ingest/words.js';
import { haveSharedTerms, SHARED_TERMS, SURROUNDINGS, termsPage, type Layout } from '../helpers/terms-pages.js';
import { minimalPdf } from '../helpers/pdf.js';

const PROVIDERS = ['Reddit', 'Spotify', 'TikTok', 'Bluesky', 'Pinterest', 'Twitch'];

function paragraphs(markdown: string): string[] {
  return normaliseDocument(markdown, 'markdown')
    .split(/\n\s*\n/)
    .map((p) => wordsOf(p).join(' '))
    .filter((p) => p.length > 0);
}

t.test('terms pages: every heading and paragraph kept, no surroundings', { skip: !haveSharedTerms && 'shared/terms is absent' }, async (t) => {
  for (const name of PROVIDERS) {
    const markdown = fs.readFileSync(path.join(SHARED_TERMS, 'current', `${name}.md`), 'utf8');
    const expected = paragraphs(markdown);
    for (const layout of ['main', 'soup', 'selector'] as Layout[]) {
      const page = termsPage(markdown, layout, `${name} terms`);
      const extracted = htmlToTerms(page, layout === 'selector' ? { select: ['[data-policy=terms]'], remove: ['.related'] } : {});
      const words = ` ${wordsOf(normaliseDocument(extracted, 'markdown')).join(' ')} `;
      const missing = expected.filter((p) => !words.includes(` ${p} `));
      t.same(missing, [], `${name} (${layout}): every paragraph and heading is there`);
      for (const word of SURROUNDINGS) t.notOk(words.includes(` ${wordsOf(word).join(' ')} `), `${name} (${layout}): no "${word}"`);
    }
  }
});

t.test('Markdown keeps headings and lists for the analyzer', async (t) => {
  const md = htmlToTerms(
    `<main><h1>Terms</h1><h2>1. Disputes</h2><p>${'Words of the terms. '.repeat(40)}</p><ul><li>First item</li><li>Second item</li></ul><table><tr><td>Fee</td><td>$5</td></tr></table></main>`,
  );
  t.match(md, /^# Terms$/m);
  t.match(md, /^## 1\\?\. Disputes$/m);
  t.match(md, /^- +First item$/m);
  t.match(md, /Fee \| \$5/);
});

t.test('collapsed accordion panels are terms; a cookie section of the terms is kept', async (t) => {
  const filler = 'These terms explain your rights and our duties in plain words. '.repeat(12);
  const md =
    htmlToTerms(`<main><p>${filler}</p><button aria-controls="p1">Arbitration</button><div id="p1" hidden><p>Disputes go to binding arbitration.</p></div>
    <section id="cookies"><h2>Cookies</h2><p>We use cookies as the Cookie Policy explains, and this section is part of the terms.</p></section></main>`);
  t.match(md, /binding arbitration/);
  t.match(md, /this section is part of the terms/);
});

t.test('selectors that match nothing, pages without terms, invalid selectors', async (t) => {
  const page = termsPage('# Terms\n\n' + 'Some terms text here. '.repeat(40), 'main');
  t.throws(() => htmlToTerms(page, { select: ['#gone'] }), { constructor: ExtractionError, message: /matches nothing/ });
  t.throws(() => htmlToTerms(page, { select: ['div[[['] }), { constructor: ExtractionError, message: /not valid CSS/ });
  t.throws(() => htmlToTerms('<html><body><nav>Menu</nav><p>Please enable JavaScript.</p></body></html>'), {
    constructor: ExtractionError,
    message: /no terms text/,
  });
});

t.test('by content type: text and Markdown pass through, PDF gives its text, the rest is refused', async (t) => {
  const text = 'We may terminate your account at any time.\n\nDisputes go to arbitration.';
  t.same(await extractTerms({ contentType: 'text/plain; charset=utf-8', body: Buffer.from(text) }), { text, format: 'text' });
  t.same(await extractTerms({ contentType: 'text/markdown', body: Buffer.from(`# Terms\n\n${text}`) }), { text: `# Terms\n\n${text}`, format: 'markdown' });
  t.same(await extractTerms({ contentType: 'text/plain; charset=iso-8859-1', body: Buffer.from('Caf\xe9 terms', 'latin1') }), {
    text: 'Café terms',
    format: 'text',
  });
  const lines = [
    'Terms of Service',
    '',
    'We may terminate your account at any time, for any reason, without notice to you or anyone else.',
    'Any dispute shall be resolved by binding arbitration in San Francisco, California, and you waive',
    'your right to a class action.',
  ];
  const pdf = await extractTerms({
    contentType: 'application/pdf',
    body: minimalPdf([...lines, ...Array(8).fill('These terms are long enough to be terms and have many words in every line of them.')]),
  });
  t.equal(pdf.format, 'text');
  t.match(pdf.text, /We may terminate your account at any time, for any reason, without notice/);
  t.match(pdf.text, /you waive your right to a class action/, 'lines of one paragraph are joined');
  await t.rejects(extractTerms({ contentType: 'image/png', body: Buffer.from([137, 80, 78, 71]) }), { constructor: ExtractionError, message: /image\/png/ });
  await t.rejects(extractTerms({ contentType: 'text/html', body: Buffer.from([60, 104, 0, 1, 2, 3]) }), { constructor: ExtractionError, message: /binary/ });
  await t.rejects(extractTerms({ contentType: 'application/pdf', body: Buffer.from('%PDF-1.4 broken') }), {
    constructor: ExtractionError,
    message: /PDF could not be read/,
  });
});
