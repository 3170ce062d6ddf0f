// A statement, not a mention (issue 44, item 3): a clause is listed in a category only when its main
// clause states the concern; pointers and warnings, words in a condition or an exception, a fallback
// of the provision itself, a heading and a power over something other than the user's side list nothing.
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { isHeading } from '../../src/analysis/engine/heading.js';
import { statesCategory } from '../../src/analysis/statement.js';

const listedAs = (text: string) => analyzeDocument(text).flatMap((c) => c.categories);

t.test('a pointer or a warning that another part does it states nothing', async (t) => {
  const pointers: [string, Parameters<typeof statesCategory>[1]][] = [
    [
      'IMPORTANT NOTE: The section titled “Settling Disputes” contains an arbitration clause and class-action waiver that applies to all U.S. users.',
      'class-action-waiver',
    ],
    ['These Terms contain a binding arbitration provision and class action waiver terms.', 'arbitration'],
    ['SECTION 23 BELOW CONTAINS PROVISIONS THAT REQUIRE THE USE OF ARBITRATION, RATHER THAN COURTS OR JURY TRIALS, TO RESOLVE DISPUTES.', 'arbitration'],
    ['Please refer to the Binding Arbitration section of the Residential Agreement, which applies to any Dispute between you and us.', 'arbitration'],
    ['Section 12 limits our liability to you.', 'limitation-of-liability'],
  ];
  for (const [s, c] of pointers) t.notOk(statesCategory(s, c), s.slice(0, 60));
  t.ok(statesCategory('All disputes will be resolved by binding arbitration.', 'arbitration'));
  t.ok(statesCategory('Our total liability to you shall not exceed one hundred dollars.', 'limitation-of-liability'));
});

t.test('words in a condition, an exception or an aside are no statement', async (t) => {
  t.notOk(
    statesCategory('Upon any termination of this Agreement, all rights and licenses granted hereunder will immediately terminate.', 'unilateral-termination'),
    'a consequence of termination',
  );
  t.notOk(statesCategory('In its decision to suspend the Account, the Company will consider the seriousness of the violation.', 'unilateral-termination'));
  t.notOk(
    statesCategory('In addition to terminating or suspending your account, we reserve the right to take appropriate legal action.', 'unilateral-termination'),
  );
  t.notOk(
    statesCategory(
      'Your agreement with us does not give rights to any third parties, except that the exclusions and limitations of liability in section 14 apply to our affiliates.',
      'limitation-of-liability',
    ),
  );
  t.notOk(
    statesCategory('Except as provided in Section 18.8 (Class Actions Waiver), the arbitrator can award any relief available in court.', 'class-action-waiver'),
  );
  t.notOk(
    statesCategory('We are not responsible for any loss arising from the suspension of your account.', 'unilateral-termination'),
    'liability that names a suspension',
  );
  t.ok(statesCategory('We are not responsible for any loss arising from the suspension of your account.', 'limitation-of-liability'));
});

t.test('a fallback does not state the provision it falls back from', async (t) => {
  t.notOk(
    statesCategory('If the Class Action Waiver is found invalid or unenforceable, the entire Dispute Resolution section will be void.', 'class-action-waiver'),
  );
  t.notOk(statesCategory('Any dispute between the parties that is not subject to arbitration will be resolved in Zug, Switzerland.', 'arbitration'));
  t.ok(
    statesCategory(
      'If any Claim is not subject to arbitration, the state and federal courts located in Delaware will have exclusive jurisdiction.',
      'jurisdiction',
    ),
  );
});

t.test('a power to end is over the user’s side of the contract', async (t) => {
  const powers = [
    'We may terminate your account at any time for any reason.',
    'Your account may be suspended if you breach these Terms.',
    'Failure to provide such information may result in suspension of your access to the Services.',
    'It is our policy in appropriate circumstances to disable and/or terminate the accounts of users who are repeat infringers.',
    'The Company reserves the right to determine what conduct it considers to be a violation of the Terms and to take action up to and including termination of your account.',
    'If you use the service in congested areas, the provider may, in its sole discretion, (i) require you to pay a fee; (ii) limit your access to the internet; or (iii) suspend your Services.',
    'and (iii) in appropriate circumstances, terminate the accounts of any user who repeatedly infringes copyright.',
  ];
  for (const s of powers) t.ok(statesCategory(s, 'unilateral-termination'), s.slice(0, 60));
  const others = [
    'We may change any aspect of the Referral Program or discontinue the Referral Program at any time.',
    'We may cancel your order if the item is out of stock.',
    'The Company may choose to terminate the sale of Print Products without prior notice in the following cases.',
    'The Company may suspend any promotional code at any time.',
  ];
  for (const s of others) t.notOk(statesCategory(s, 'unilateral-termination'), s.slice(0, 60));
});

t.test('removing an item from a basket is no content removal', async (t) => {
  t.notOk(statesCategory('We may remove items from your shopping basket if they are no longer available.', 'content-removal'));
  t.ok(statesCategory('We may remove any content you post that violates these Terms.', 'content-removal'));
});

t.test('a caption in title case is a heading', async (t) => {
  t.ok(isHeading('Governing Law, Jurisdiction, Class Action Waiver and Time Limitation.'));
  t.ok(isHeading('Dispute Resolution (Informal Dispute Procedure, Arbitration Clause and Class Action Waiver).'));
  t.notOk(isHeading('By Using The Service You Agree To These Terms.'), 'it binds someone');
  t.notOk(isHeading('We may terminate your account.'));
});

t.test('through the analyzer: the mention is not listed, the statement is', async (t) => {
  const text = [
    'IMPORTANT NOTE: The section titled “Settling Disputes” contains an arbitration clause and class-action waiver that applies to all users.',
    'Governing Law, Jurisdiction, Class Action Waiver and Time Limitation.',
    'You and we agree that all disputes will be resolved by binding individual arbitration, and you waive any right to participate in a class action.',
  ].join('\n\n');
  const clauses = analyzeDocument(text);
  t.notOk(
    clauses.some((c) => /IMPORTANT NOTE|Time Limitation/.test(c.clause_text)),
    'the warning and the heading are no clauses',
  );
  t.ok(listedAs(text).includes('class-action-waiver') || listedAs(text).includes('arbitration'), 'the statement is');
});
