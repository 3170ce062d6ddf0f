// Plain English built from the quote: nothing claimed that the quote does not carry.
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { groundedIn } from '../../src/analysis/grounded.js';
import { clauseConfidence, readableClause } from '../../src/analysis/plain-english.js';

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

t.test('"we" named as the provider agrees with its verb, and both parties stay both', async (t) => {
  t.equal(
    readableClause('If we suffer any damage, you must compensate the damage when we demand it.'),
    'If the provider suffers any damage, you must compensate the damage when the provider demands it.',
  );
  t.equal(readableClause('In particular, we sometimes make updates.'), 'In particular, the provider sometimes makes updates.');
  t.equal(readableClause("We don't make guarantees, and we're not responsible."), "The provider doesn't make guarantees, and the provider is not responsible.");
  t.equal(
    readableClause('If you and we are unable to agree, you and we agree to mediation.'),
    'If you and the provider are unable to agree, you and the provider agree to mediation.',
  );
  t.equal(readableClause('We can each end this Contract.'), 'You and the provider can each end this Contract.', 'a mutual right is no power of one side');
  t.equal(readableClause('All claims between us will be settled in court.'), 'All claims between you and the provider will be settled in court.');
});

t.test('section numbers, dangling list joints and names are left as the quote has them', async (t) => {
  t.equal(readableClause('5.2. Users may cancel at any time.'), 'Users may cancel at any time.');
  t.equal(readableClause('add, change or remove features; and/or'), 'Add, change or remove features.');
  t.equal(
    readableClause('The Federal Arbitration Act governs all issues related to arbitration.'),
    'The Federal Arbitration Act governs all issues related to arbitration (a private arbitrator decides instead of a court).',
  );
  t.match(
    readableClause('TO THE EXTENT PERMITTED BY APPLICABLE LAWS AND REGULATIONS, WE ARE NOT LIABLE.'),
    /^As far as the law allows, the provider is not liable/,
  );
});

t.test('claims read in the quote itself: the law broken, risk carried, terms changed, disputes sent, notice the law requires', async (t) => {
  t.notOk(
    groundedIn(
      'The provider can remove what you post if it breaks the rules or the law.',
      'We can act against content that violates these Terms or where we are permitted or required by law.',
      'provider',
    ),
    'what the law permits is no law broken',
  );
  t.notOk(
    groundedIn(
      'The provider says it is not responsible for any interaction, so you carry that risk.',
      'We are not responsible for any such interaction, and you shall only hold the other user responsible.',
      'provider',
    ),
  );
  t.notOk(groundedIn('The provider can change these terms.', 'The changes will not be retroactive.', 'provider'));
  t.notOk(
    groundedIn(
      'Disputes go to private arbitration instead of a court.',
      'Disputes relating to your privacy rights are not excepted from this binding arbitration section.',
      'provider',
    ),
  );
  t.ok(groundedIn('Disputes go to private arbitration instead of a court.', 'All disputes will be resolved by binding arbitration.', 'provider'));
  t.notOk(
    groundedIn(
      'The provider can end your access without telling you first.',
      'We can stop providing the service to you without notice (or after providing reasonable notice where required by applicable law).',
      'provider',
    ),
    'the notice the law may require is kept',
  );
  t.notOk(
    groundedIn(
      'Disputes have to be brought before the courts in San Francisco County, California.',
      'You agree to submit to the personal jurisdiction of these courts, waive any venue defenses, and agree to service of process by email.',
      'user',
    ),
    'courts named before are not told for a quote that does not send disputes there',
  );
});

t.test('a negation and a missing notice are never told the other way round', async (t) => {
  t.notOk(groundedIn('The provider is responsible for what you post.', 'The provider is not responsible for what you post.', 'provider'));
  t.ok(groundedIn('The provider stays liable for its gross negligence.', 'We remain liable for our gross negligence.', 'provider'));
  t.notOk(groundedIn('The provider can close your account after telling you.', 'We may close your account without notice.', 'provider'));
  t.ok(groundedIn('The provider can close your account, with notice.', 'We may close your account with notice to you.', 'provider'));
});

t.test('currency, the law as it allows, listed cases and long lead-ins that forbid', async (t) => {
  t.match(readableClause('IN NO EVENT WILL OUR AGGREGATE LIABILITY EXCEED US$100.'), /exceed US\$100\.$/);
  t.equal(readableClause('We need flexibility.'), 'The provider needs flexibility.');
  t.notOk(
    groundedIn(
      'The provider can remove content, possibly without telling you first.',
      'To the extent that laws allow this, we can remove it with or without notice.',
      'provider',
    ),
    'the law’s limit stays',
  );
  t.notOk(
    groundedIn(
      'The provider can change these terms, not always telling you first.',
      'We may not always provide prior notice of changes (1) when those changes are legally required, or (2) when they relate to a new feature.',
      'provider',
    ),
    'the listed cases stay',
  );
  t.equal(
    readableClause(
      'use any robot to access the service.',
      'That means, among other things, you may not do, attempt to do, enable or encourage anyone else to do any of the following; and doing so may result in us terminating your access:',
    ),
    'The terms forbid you to: use any robot to access the service.',
  );
});

t.test('notice denied, any infringement, a scope of consumers and a numbered condition are read as the quote has them', async (t) => {
  t.notOk(
    groundedIn(
      'The provider can change the service after telling you.',
      'If these actions do not materially affect your rights, we may not provide you with notice before taking them.',
      'provider',
    ),
  );
  t.ok(groundedIn('The provider can change the service after telling you.', 'We may change the service and will notify you before we do.', 'provider'));
  t.notOk(
    groundedIn(
      'The provider can end your access if you repeatedly infringe the rights of others.',
      'We may terminate the accounts of users who infringe, whether or not there is any repeat infringement.',
      'provider',
    ),
  );
  t.notOk(
    groundedIn(
      'Disputes have to be brought before the courts in Vienna.',
      'The courts of Vienna shall have jurisdiction for agreements not concluded with consumers.',
      'provider',
    ),
  );
  t.notOk(
    groundedIn(
      'The contract is governed by a law the provider chose.',
      '21.2 if you reside in china these terms will be interpreted in accordance with the laws of china.',
      'user',
    ),
  );
});
