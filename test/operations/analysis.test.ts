// analyzeTerms: the analyzer on text an agent brings; nothing stored; limits on the text.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { analyzeDocument } from '../../src/analysis/index.js';
import { NOT_ENGLISH_TEXT_NOTE } from '../../src/analysis-pool/analyze-text.js';

const { app, database } = await buildTestApp(t);
const call = apiClient(t, app);
const key = await registerAgent(call);
const TERMS = [
  '# Terms of Service',
  '',
  'We may terminate your account at any time, for any reason, without notice.',
  '',
  'Any dispute shall be resolved by binding arbitration, and you waive any right to a class action.',
  '',
  'You can export your data from the settings page.',
].join('\n');

t.test('clauses, overall rating and guides, as the analyzer gives them; nothing stored', async (t) => {
  const response = await call('POST', '/api/agents/analyze', { key, body: { text: TERMS } });
  t.equal(response.status, 200);
  const { clauses, overall_rating, rating_note, protections, attribution } = response.body;
  const expected = analyzeDocument(
    'Terms of Service\n\nWe may terminate your account at any time, for any reason, without notice.\n\nAny dispute shall be resolved by binding arbitration, and you waive any right to a class action.\n\nYou can export your data from the settings page.',
  );
  t.same(
    clauses.map((c: any) => [c.clause_text, c.party, c.confidence]),
    expected.map((c) => [c.clause_text, c.party, c.confidence]),
    'each clause with its party and confidence',
  );
  t.equal(clauses.find((c: any) => c.category === 'unilateral-termination')?.party, 'provider', '"We may terminate" is the provider’s power');
  t.ok(clauses.length >= 2, 'the termination and the arbitration clauses');
  t.ok(clauses.some((c: any) => c.category === 'arbitration' || c.categories.includes('arbitration')));
  for (const clause of clauses) t.equal(TERMS.slice(clause.start, clause.end), clause.clause_text, 'an exact quote, where it stands in the text sent');
  t.equal(response.body.format, 'markdown', 'told apart by its heading');
  t.equal(response.body.extracted_text, null, 'the offsets index the text sent');
  t.ok(overall_rating > 1);
  t.equal(rating_note, null);
  t.ok(protections.length > 0);
  t.equal(attribution.required, true);
  const stored = await database.handle.db
    .selectFrom('clauses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  t.equal(Number(stored.n), 0, 'no clause stored');
});

t.test('text that is not English says so; limits and bad bodies', async (t) => {
  const german = 'Wir können dein Konto jederzeit ohne Angabe von Gründen kündigen und die Dienste ändern. '.repeat(10);
  const response = await call('POST', '/api/agents/analyze', { key, body: { text: german } });
  t.equal(response.status, 200);
  t.equal(response.body.rating_note, NOT_ENGLISH_TEXT_NOTE);
  t.same(response.body.band, { level: 'unrated', label: 'Text not in English', colour: response.body.band.colour }, 'no band that would read as clean terms');
  const french = await call('POST', '/api/agents/analyze', { key, body: { text: 'Nous pouvons résilier votre compte à tout moment sans préavis.' } });
  t.same(
    [french.status, french.body.rating_note, french.body.band.label],
    [200, NOT_ENGLISH_TEXT_NOTE, 'Text not in English'],
    'one sentence of French says so too',
  );
  const hello = await call('POST', '/api/agents/analyze', { key, body: { text: 'Hello. This is a nice day.' } });
  t.same(
    [hello.status, hello.body.clauses, hello.body.rating_note, hello.body.overall_rating],
    [200, [], null, 1],
    'a short English text is readable: no concerning clause',
  );
  const cases: [unknown, string][] = [
    [{ text: '' }, 'body.text must NOT have fewer than 1 characters'],
    [{ text: '   ' }, 'body.text must not be blank'],
    [{ text: 'x'.repeat(200_001) }, 'body.text must NOT have more than 200000 characters'],
    [{ text: 'ok', format: 'pdf' }, 'body.format must be one of: text, markdown, html'],
    [{ text: 'ok', language: 'en' }, 'body.language is not allowed'],
    [{ text: '12 34 !!' }, 'document has no readable text after normalisation'],
  ];
  for (const [body, error] of cases) t.same(await call('POST', '/api/agents/analyze', { key, body }).then((r) => [r.status, r.body]), [400, { error }]);
  t.same(await call('POST', '/api/agents/analyze', { key, body: { text: 'a\u0000b' } }).then((r) => [r.status, r.body]), [
    400,
    { error: 'body.text must not contain NUL characters (U+0000)' },
  ]);
  const huge = await call('POST', '/api/agents/analyze', {
    key,
    raw: JSON.stringify({ text: 'y'.repeat(1_100_000) }),
    headers: { 'content-type': 'application/json' },
  });
  t.same([huge.status, huge.body], [413, { error: 'request body is too large (limit 1 MiB)' }]);
  t.equal((await call('POST', '/api/agents/analyze', { body: { text: TERMS } })).status, 401, 'keyed');
});

t.test('offsets index the text sent: plain text, Markdown, and HTML with its extracted text', async (t) => {
  const plain = 'Intro line.\r\n\r\nWe   may terminate your account at any time,\twithout notice.\r\nAny dispute shall be resolved by binding arbitration.';
  const asText = await call('POST', '/api/agents/analyze', { key, body: { text: plain, format: 'text' } });
  t.equal(asText.status, 200);
  t.equal(asText.body.format, 'text');
  t.ok(asText.body.clauses.length >= 2);
  for (const c of asText.body.clauses) t.equal(plain.slice(c.start, c.end), c.clause_text, 'text.slice(start, end) is the quote');
  t.ok(
    asText.body.clauses.some((c: any) => c.clause_text === 'We   may terminate your account at any time,\twithout notice.'),
    'white space as sent',
  );
  for (const e of asText.body.facts.arbitration.evidence) t.equal(plain.slice(e.start, e.end), e.quote);
  const markdown = '# Terms\n\n**We may terminate your account** at any time, [without notice](https://example.com/notice).';
  const asMarkdown = await call('POST', '/api/agents/analyze', { key, body: { text: markdown } });
  t.equal(asMarkdown.body.format, 'markdown');
  const [clause] = asMarkdown.body.clauses;
  t.equal(clause.clause_text, 'We may terminate your account at any time, without notice.', 'the quote is read without markup');
  t.equal(
    markdown.slice(clause.start, clause.end),
    '**We may terminate your account** at any time, [without notice](https://example.com/notice).',
    'the span has it',
  );
  const html = '<html><body><p>We may terminate your account at any time, for any reason, without notice.</p></body></html>';
  const asHtml = await call('POST', '/api/agents/analyze', { key, body: { text: html } });
  t.equal(asHtml.body.format, 'html');
  t.type(asHtml.body.extracted_text, 'string');
  for (const c of asHtml.body.clauses) t.equal(asHtml.body.extracted_text.slice(c.start, c.end), c.clause_text, 'HTML: the offsets index extracted_text');
});

t.test('the largest text allowed is analysed', async (t) => {
  const sentence = 'We may change these terms at any time and your continued use means you accept them. ';
  const text = sentence.repeat(Math.floor(200_000 / sentence.length));
  const response = await call('POST', '/api/agents/analyze', { key, body: { text } });
  t.equal(response.status, 200);
  t.ok(response.body.clauses.length > 100);
});
