// What the terms give the user, told apart from the concerns: a right, a duty the provider takes on,
// consumer law kept; only on a concern's topic; quoted verbatim; never among the concerning clauses.
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { favourableClauses } from '../../src/analysis/in-your-favour.js';
import { normaliseDocument } from '../../src/analysis/normalise.js';

const TEXT = normaliseDocument(
  [
    'You may cancel your subscription and end this agreement at any time.',
    'We will notify you by email at least 30 days before any change to these Terms takes effect.',
    'Nothing in these Terms limits or excludes your statutory rights as a consumer.',
    'You may contact our support team by email.',
    'We may suspend your account at any time for any reason.',
  ].join('\n\n'),
  'markdown',
);

t.test('rights, duties and consumer law kept are told apart, each quoted verbatim', async (t) => {
  const found = favourableClauses(TEXT);
  t.same(
    found.map((c) => c.kind),
    ['right', 'duty', 'consumer-law'],
  );
  t.same(
    found.map((c) => c.title),
    ['Your right', "The provider's duty", 'Your rights under the law kept'],
  );
  for (const c of found) t.equal(TEXT.slice(c.start, c.end), c.clause_text, 'verbatim');
  t.match(found[1].plain_english, /^The provider will notify you by email at least 30 days before/);
  t.notOk(
    found.some((c) => /contact our support/.test(c.clause_text)),
    'a right on no concern’s topic is not told',
  );
  t.notOk(
    found.some((c) => /suspend your account/.test(c.clause_text)),
    'a power of the provider is no favour',
  );
});

t.test('what is in the user’s favour is never a concerning clause', async (t) => {
  const favour = new Set(favourableClauses(TEXT).map((c) => c.start));
  const concerns = analyzeDocument(TEXT);
  t.ok(
    concerns.some((c) => /suspend your account/.test(c.clause_text)),
    'the power is listed',
  );
  t.notOk(concerns.some((c) => favour.has(c.start)));
});
