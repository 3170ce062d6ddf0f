// Plain English built from the quote: nothing claimed that the quote does not carry.
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { clauseConfidence, groundedIn, readableClause } from '../../src/analysis/plain-english.js';

t.test('the quote made readable, legal words explained once', async (t) => {
  t.equal(
    readableClause('To the fullest extent permitted by applicable law, we shall not be liable for consequential damages.'),
    'As far as the law allows, the provider will not be liable for consequential damages (losses that follow indirectly).',
  );
  t.equal(readableClause('WE MAY SUSPEND YOUR ACCOUNT AT ANY TIME.'), 'The provider may suspend your account at any time.');
  t.equal(readableClause('(b) scrape the service;', 'You agree not to:'), 'You agree not to: scrape the service.');
});

t.test('a rendering is kept only where it is grounded in its quote', async (t) => {
  const quote = 'We may suspend your account if you break these terms.';
  t.ok(groundedIn('The provider can suspend your account if you break the rules.', quote, 'provider'));
  t.notOk(groundedIn('The provider can suspend your account at any time, without telling you first.', quote, 'provider'), 'qualifiers not in the quote');
  t.notOk(groundedIn('The provider can end this contract.', 'You may cancel this Agreement.', 'user'), 'the user\u2019s act told as the provider\u2019s');
  t.notOk(groundedIn('The provider says it owes you nothing.', 'Twitch is not responsible for Promotions.', 'provider'), 'a stock sentence');
  t.notOk(
    groundedIn('The arbitrator decides everything.', 'The arbitrator rules on all issues except that a court decides arbitrability.', 'third-party'),
    'an exception dropped',
  );
});

t.test('confidence is low for long clauses and fragments', async (t) => {
  t.equal(clauseConfidence('We may close your account.'), 'high');
  t.equal(clauseConfidence('(c) misuse the service;'), 'low');
  t.equal(clauseConfidence(`${'word '.repeat(100)}end.`), 'low');
});

t.test('a list item is read with its lead-in', async (t) => {
  const [clause] = analyzeDocument(
    'You agree that you will not:\n(a) post unlawful content;\n(b) use any robot, spider, scraper or other automated means to access the service.\n',
  ).filter((c) => c.category === 'automated-access');
  t.ok(clause, 'listed');
  t.match(clause.plain_english, /^You agree that you will not: use any robot/);
  t.equal(clause.party, 'user');
});
