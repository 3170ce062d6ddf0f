// Kinds of partly or wrong readings that rounds 9b-9d found on never-read terms, each tested by
// examples written here (paraphrases, not the judged quotes): what changes, what is ended, who acts,
// what sends disputes to arbitration, and the conditions a telling keeps.
import t from 'tap';
import { changedThing } from '../../src/analysis/categories/unilateral-change/object.js';
import { statesCategory } from '../../src/analysis/statement.js';
import { clauseParty } from '../../src/analysis/party.js';
import { readableClause } from '../../src/analysis/plain-english.js';
import { definitionOf } from '../../src/analysis/categories/index.js';
import { titleClause, translateClause } from '../../src/analysis/translate.js';

const changeTitle = (text: string) => titleClause(text, 'unilateral-change');

t.test('a change is told of what its grammar says changes', async (t) => {
  // The verb's object; the subject of an intransitive or passive change; the noun "which" refers to.
  t.equal(changedThing('We may change the monthly charge for Gold Tokens at any time.')?.kind, 'prices');
  t.equal(changedThing('The Company may amend this Agreement from time to time.')?.kind, 'terms');
  t.equal(changedThing('These Conditions may be revised by us at any time.')?.kind, 'terms');
  t.equal(changedThing('We may levy charges for premium storage, which may vary from time to time.')?.kind, 'prices');
  t.equal(changedThing('We may modify or withdraw, temporarily or permanently, the App with or without notice.')?.kind, 'service');
  // A lower-case noun before the head narrows it: pricing guidelines are no terms of this contract.
  t.equal(changedThing('Acme may set or update listing guidelines and requirements at its discretion.')?.kind, 'other');
  // A list of nouns is no verb: "patches, updates, new Content".
  t.equal(changedThing('We may ship patches, updates, new Content or other modifications to the Game.'), undefined);

  t.equal(changeTitle('We may change the monthly charge for Gold Tokens at any time.'), 'Changes to the monthly charge for Gold Tokens');
  t.equal(changeTitle('Acme reserves the right to update Marketplace Fees from time to time.'), 'Changes to fees');
  t.equal(changeTitle('We may revise or withdraw any previously granted store credit at any time.'), 'Changes to previously granted store credit');
  t.equal(changeTitle('We may update these Terms at any time.'), 'Changes to the terms');
  t.equal(changeTitle('We may change our prices from time to time.'), 'Changes to prices');
  // Prices of something, or anything else, are told as the quote (the rendering names "what the clause names": not grounded).
  t.match(translateClause('We may change the monthly charge for Gold Tokens at any time.', 'unilateral-change'), /what the clause names/);
  t.notMatch(translateClause('We may levy charges for premium storage, which may vary from time to time.', 'unilateral-change'), /these terms/);
});

t.test("another party's change, a cause of change and a notice of change are no power of the provider's", async (t) => {
  const gate = definitionOf('unilateral-change').isConcern!;
  t.notOk(gate('Participating retailers may alter their terms, conditions or commission rates.'), 'retailers');
  t.notOk(gate('Your mobile operator may change the price of your plan at any time.'), 'the user’s operator');
  t.equal(clauseParty('Your mobile operator may change the price of your plan at any time.'), 'third-party');
  t.notOk(gate('Tighter financial regulation may result in changes to our products, including Savings.'), 'a cause');
  t.notOk(gate('We keep improving the app, so these Terms may need to change over time.'), 'a reason');
  t.notOk(gate('Sometimes we may send you an email notifying you of a Change.'), 'a notice');
  t.ok(gate('We may change these Terms at any time and will notify you by email.'), 'the power itself');
  t.ok(gate('We may need to update these Terms to reflect changes to our Services.'), 'the provider’s own need to change');
});

t.test('arbitration is stated only where disputes are sent to it', async (t) => {
  for (const text of [
    'Any arbitration under these Terms will be conducted on an individual basis; class arbitrations and class actions are not allowed.',
    'ALL CLAIMS, WHETHER IN COURT OR IN ARBITRATION, MUST BE BROUGHT INDIVIDUALLY AND YOU WAIVE ANY CLASS ARBITRATION OR CLASS ACTION.',
    'You give up the right to sue in court before a judge or jury for any claim subject to the arbitration provision below.',
    'Nothing in this Section shall modify the binding arbitration clause in Section 9.',
  ])
    t.notOk(statesCategory(text, 'arbitration'), text.slice(0, 60));
  t.ok(statesCategory('Any dispute between you and us will be resolved by binding arbitration.', 'arbitration'));
  t.ok(statesCategory('Any arbitration under these Terms will be conducted on an individual basis.', 'class-action-waiver'), 'the waiver is stated');
  t.notOk(
    statesCategory(
      'If you do not opt out, you are bound by this section, including the arbitration and class-action waiver provisions.',
      'class-action-waiver',
    ),
    'a waiver named by its title',
  );
});

t.test('what a power to end acts on, and what a title names', async (t) => {
  const ends = (text: string) => statesCategory(text, 'unilateral-termination');
  t.notOk(ends('We may retire or discontinue any map tile supplier within the feature at any time.'), 'a supplier within a feature');
  t.notOk(ends('We may terminate the Founders Discount program at any time.'), 'a programme');
  t.ok(ends('We may terminate your account at any time.'));
  t.ok(ends('We may suspend or terminate the Services at any time.'));
  t.ok(ends('We may suspend your access to the mapping service if you violate these terms.'));
  const title = (text: string) => titleClause(text, 'unilateral-termination');
  t.equal(title('We may suspend or end your access to the mapping service if you violate these terms.'), 'Access termination for rule breaches');
  t.equal(title('We may end your use of the Pro Services at any time for any reason.'), 'Termination at will');
  t.equal(title('We may terminate your account at any time for any reason.'), 'Account termination at will');
  // A ground others allege is told as theirs, not as a breach found.
  const notices = 'We may close the account of any member who is the subject of repeated copyright infringement notices.';
  t.equal(title(notices), "Account termination on others' notices");
  t.match(translateClause(notices, 'unilateral-termination'), /receives repeated notices that you infringe/);
  t.notMatch(
    translateClause('We may suspend your access to the mapping service upon notice to you if we determine you violate these terms.', 'unilateral-termination'),
    /notices/,
    "the provider's own notice is no complaint",
  );
});

t.test('a list item is told with its lead-in only where it can follow it', async (t) => {
  const forbids = 'You may not do, or attempt to do, or help anyone else do any of the following things, whatever the reason:';
  t.equal(readableClause('Partners may change their rates.', forbids), 'Partners may change their rates.', 'an item with its own subject');
  t.match(readableClause('scrape the site;', forbids), /^The terms forbid you to: scrape the site/);
  const power = 'Acme has the right, but not the obligation, to take any of the following actions at any time and without notice:';
  t.match(readableClause('disclose information about you to the police;', power), /^Acme has the right, but not the obligation/, 'a right is no ban');
});

t.test('who holds a denial, a responsibility or a waiver', async (t) => {
  const party = definitionOf('limitation-of-liability').party!;
  t.equal(party('user', 'You agree that you may see posts from many sources, and that we are not responsible for their accuracy.'), 'provider');
  t.equal(clauseParty('Customer is responsible for its own data charges.'), 'user');
  t.equal(clauseParty('Customer agrees that Acme may terminate this Agreement at any time.'), 'provider');
  t.notMatch(translateClause('Customer is responsible for its own data charges.', 'limitation-of-liability'), /^The provider says it is responsible/);
  t.match(translateClause('You may be held liable for losses caused by anyone using your password.', 'limitation-of-liability'), /may be held liable/);
  t.match(
    translateClause('You and Acme each agree to waive the right to a jury trial.', 'class-action-waiver'),
    /^You and the provider each give up the right to a jury trial/,
  );
});

t.test('a telling keeps the law’s limit, the purpose of sharing and the document bound to', async (t) => {
  t.match(
    translateClause(
      'To the fullest extent permitted by law, you and we agree to bring claims only individually and not in any class proceeding.',
      'class-action-waiver',
    ),
    /^As far as the law allows, you and the provider each give up/,
  );
  t.match(
    translateClause('We may share your personal information with partners to show you tailored offers.', 'data-sharing'),
    /, to show you tailored offers\.$/,
  );
  t.match(
    translateClause('By downloading the public archive, you agree to be bound by the terms of that license.', 'contract-by-using'),
    /what the clause names/,
  );
  t.equal(
    translateClause('By using the Services, you agree to these Terms.', 'contract-by-using'),
    'Just using the service binds you to these terms, without signing anything.',
  );
});

t.test("content the service itself offers is no user's content removed", async (t) => {
  const gate = definitionOf('content-removal').isConcern!;
  t.notOk(gate('For example, we may remove or change content, programming, features, or available speeds.'), 'the service’s own content');
  t.ok(gate('We may remove any content you post at any time.'));
  t.ok(gate('We may remove user content, features or functionality.'), 'users’ content named as well');
});
