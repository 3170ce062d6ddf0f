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

t.test('conditions, the law\u2019s limits, denied acts and every exception stay, or the quote is told as it is', async (t) => {
  const bounce = 'If messages sent to the e-mail address you provide are returned as undeliverable, the company may terminate your account.';
  t.notOk(groundedIn('The provider can close your account without telling you first.', bounce, 'provider'), 'a condition dropped');
  t.ok(groundedIn('If your email bounces, the provider can close your account.', bounce, 'provider'));
  const lawful = 'To the extent permitted by law, all claims will be settled by arbitration.';
  t.notOk(groundedIn('Disputes go to private arbitration instead of a court.', lawful, 'provider'), 'the law\u2019s limit dropped');
  const noEdit = 'We will not edit or monitor user-provided content, but we reserve the right to remove content that breaches this Agreement.';
  t.notOk(groundedIn('The provider can remove, edit or check content on the service.', noEdit, 'provider'), 'an act the quote denies');
  t.ok(groundedIn('The provider can remove content that breaks the agreement.', noEdit, 'provider'));
  const two = 'Disputes go to arbitration, except small claims, and except claims about intellectual property.';
  t.notOk(
    groundedIn('Disputes go to private arbitration instead of a court, except that small-claims court stays open.', two, 'provider'),
    'one exception of two',
  );
  t.notOk(
    groundedIn(
      'Your subscription renews and charges you automatically until you cancel.',
      'Payment to a bank account at a future date (such as a recurring payment):',
      'provider',
    ),
    'a lead-in states nothing alone',
  );
  t.match(readableClause('any action shall be brought in the courts located in us, ca'), /located in us, ca/, '"us" the country stays');
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
