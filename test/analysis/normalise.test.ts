// normaliseDocument / detectFormat: HTML and Markdown become readable plain text; bad documents
// are refused with a DocumentError.
import t from 'tap';
import { DocumentError, detectFormat, normaliseDocument } from '../../src/analysis/normalise.js';

const WORDS = 'These terms govern your use of the service and explain your rights.';

t.test('html: tags, scripts and styles go, entities are decoded, paragraphs stay', async (t) => {
  const html = `<!doctype html><html><head><title>T</title><style>p{color:red}</style></head><body>
    <script>alert("x")</script><h1>Terms &amp; Conditions</h1>
    <p>We may change these terms at any time&nbsp;without&#160;notice &ndash; see &#x201C;Changes&#x201D;.</p>
    <ul><li>First item</li><li>Second item</li></ul><!-- hidden comment --></body></html>`;
  const text = normaliseDocument(html, 'html');
  t.notMatch(text, /<|alert|color:red|hidden comment|&amp;|&nbsp;/);
  t.match(text, 'Terms & Conditions');
  t.match(text, 'We may change these terms at any time without notice \u2013 see \u201cChanges\u201d.');
  t.match(text, /Terms & Conditions\n\nWe may change/, 'block elements become paragraph breaks');
  t.match(text, /- First item\n\n- Second item/);
});

t.test('markdown: link URLs, heading markers, emphasis and escapes go, words stay', async (t) => {
  const md =
    '# Terms of Service\r\n\r\n##### **1\\. Your Account**\r\n\r\nBy using the [Services](https://example.com/services "S"), you agree to be **bound** by these _Terms_.\r\n\r\n* We may *suspend* your account.\r\n* See [](#anchor)section 2.\r\n';
  const text = normaliseDocument(md, 'markdown');
  t.notMatch(text, /https?:|#|\*\*|\\|\r|\]\(/);
  t.match(text, 'Terms of Service\n\n1. Your Account\n\nBy using the Services, you agree to be bound by these Terms.');
  t.match(text, '- We may suspend your account.');
  t.match(text, '- See section 2.');
});

t.test('text: line endings and white-space runs are normalised, paragraph breaks kept', async (t) => {
  const text = normaliseDocument(`  ${WORDS}\r\n\r\n\r\n\r\nSecond   paragraph\there.\u00a0 \n`, 'text');
  t.equal(text, `${WORDS}\n\nSecond paragraph here.`);
});

t.test('bad documents throw DocumentError with a clear message', async (t) => {
  t.throws(() => normaliseDocument('', 'text'), DocumentError);
  t.throws(() => normaliseDocument('   \n\t ', 'markdown'), { name: 'DocumentError', message: /empty/ });
  t.throws(() => normaliseDocument(`${WORDS}\u0000\u0001binary`, 'text'), { name: 'DocumentError', message: /binary/ });
  const controls = Array.from({ length: 400 }, (_, i) => String.fromCharCode(i % 8 === 0 ? 65 : (i % 30) + 1)).join('');
  t.throws(() => normaliseDocument(controls, 'text'), { name: 'DocumentError', message: /binary/ });
  t.throws(() => normaliseDocument('<html><body><script>var a = 1;</script><img src="x.png"></body></html>', 'html'), {
    name: 'DocumentError',
    message: /no readable text/,
  });
  t.throws(() => normaliseDocument('# \n\n---\n\n* \n', 'markdown'), DocumentError);
});

t.test('detectFormat uses the content type, the file name, then the content', async (t) => {
  t.equal(detectFormat('text/html; charset=utf-8', WORDS), 'html');
  t.equal(detectFormat('text/markdown', WORDS), 'markdown');
  t.equal(detectFormat('text/plain', WORDS), 'text');
  t.equal(detectFormat('/tmp/terms/Reddit.md', WORDS), 'markdown');
  t.equal(detectFormat('terms.HTML', WORDS), 'html');
  t.equal(detectFormat('notes.txt', '# looks like markdown'), 'text');
  t.equal(detectFormat(undefined, '<html><body><p>Hi</p></body></html>'), 'html');
  t.equal(detectFormat(undefined, '## Heading\n\nSome [link](http://x).'), 'markdown');
  t.equal(detectFormat(undefined, WORDS), 'text');
});

t.test('looksEnglish tells English terms from German ones', async (t) => {
  const { looksEnglish } = await import('../../src/analysis/index.js');
  const english = 'By using the Service you agree to these Terms. We may change the Terms at any time and you should review them. '.repeat(5);
  const german =
    'Durch die Anmeldung bei Telegram akzeptierst du unsere Datenschutzerklärung und stimmst zu, Folgendes zu unterlassen. Wir behalten uns das Recht vor, diese Nutzungsbedingungen später zu aktualisieren. '.repeat(
      5,
    );
  t.equal(looksEnglish(english), true);
  t.equal(looksEnglish(german), false);
});

t.test('invisible characters stay, so that quotes are verbatim', async (t) => {
  const text = normaliseDocument('The Evernote Busines\u00ad\u00ads Agreement and these Terms apply to you.\n', 'text');
  t.equal(text, 'The Evernote Busines\u00ad\u00ads Agreement and these Terms apply to you.');
});
