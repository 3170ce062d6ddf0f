// Kinds of misreading found by readers of the analyzer's output (each fixed as a kind, tested here
// by an example of the kind): a venue fallback that names a section is no choice of law; a waiting
// period is no time limit; a pointer to the privacy notice is no sharing; a section's name is no
// indemnity; users ending their own agreement are no termination by the provider; a severability
// fallback after a list marker is no waiver; a section's scope is no term; a title names what ends.
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { ruleCategories } from '../../src/analysis/engine/rules.js';
import { groundedIn } from '../../src/analysis/grounded.js';
import { titleClause, translateClause } from '../../src/analysis/translate.js';

const categoriesOf = (text: string) => analyzeDocument(text).flatMap((c) => c.categories);

t.test('keywords that name another section or another step are not the category', async (t) => {
  t.notOk(
    categoriesOf(
      'If this Arbitration Agreement is invalidated, the parties may seek to resolve the Dispute in the federal or state courts of New York, New York, consistent with the "Governing law, jurisdiction, and jury trial waiver" section above.',
    ).includes('choice-of-law'),
  );
  t.notOk(
    categoriesOf(
      'If you and we can not reach an agreement to resolve the claim within 30 days after such notice is received, then either party may commence an arbitration proceeding or file a claim in court.',
    ).includes('claim-time-limit'),
  );
  t.notOk(
    ruleCategories(
      'For information about how Visa and its Affiliates collect, protect and share your personal information, please read the Visa Global Privacy Notice.',
    ).includes('data-sharing'),
  );
  t.notOk(
    ruleCategories(
      'You agree that we may set off any amounts you owe us and any amounts you owe to our affiliates as defined in the Indemnification and Limitation of Liability section below.',
    ).includes('indemnification'),
  );
  t.ok(
    ruleCategories('You agree to indemnify us against any claims arising from your use, as described in this section.').includes('indemnification'),
    'a real indemnity stays',
  );
  t.notOk(
    ruleCategories(
      '(i) If the class action waiver in paragraph 20.3(e) is found to be illegal, invalid or unenforceable, then paragraph 20.3 will not apply to those parts.',
    ).includes('class-action-waiver'),
  );
  t.same(
    analyzeDocument('Except for Section 11.10 (Exclusive Venue for Litigation) below, this Section 11 applies only to users in the United States and Canada.'),
    [],
  );
});

t.test("users ending their own agreement are not the provider's power", async (t) => {
  t.notOk(
    categoriesOf('Unless agreed otherwise by host and co-host, host and co-host may terminate the co-host agreement at any time.').includes(
      'unilateral-termination',
    ),
  );
});

t.test('titles name what ends, and renderings claim only what the quote carries', async (t) => {
  t.equal(
    titleClause('We reserve the right to revoke or limit a user’s ability to moderate at any time and for any reason.', 'unilateral-termination'),
    'Moderator role removal at will',
  );
  t.notOk(
    groundedIn(
      'Just using the service binds you to the additional terms, without signing anything.',
      'By using or paying for any of these additional services, you will have to agree to any additional terms applicable to those services.',
      'provider',
    ),
  );
  t.notOk(
    groundedIn(
      'The provider can block content on the service at its own discretion.',
      'Our decision to take any action, including restricting accounts or implementing device-based restrictions or blocks, is made in our sole discretion.',
      'provider',
    ),
  );
});

t.test('what sharing hangs on, what a cap is paid back for, notices and monitoring', async (t) => {
  t.notOk(
    groundedIn(
      'Your personal information can be shared with law enforcement.',
      'We may disclose your personal information to law enforcement if required by law.',
      'provider',
    ),
  );
  t.notOk(categoriesOf('We may send you notices by email or by posting them on the Site.').includes('unilateral-change'), 'how notices are sent is no change');
  t.notOk(categoriesOf('We may monitor and review content that you post on the Service.').includes('content-removal'), 'monitoring takes nothing away');
});

t.test('a suspicion is no breach, a cause beyond control stays, US$ stays, and liability kept is no limit', async (t) => {
  t.notOk(
    groundedIn(
      'The provider can remove content if it breaks the rules.',
      'We may remove content that has been brought to our attention that it may violate these Terms.',
      'provider',
    ),
  );
  t.notOk(
    groundedIn(
      'The provider says it is not responsible for any delay or failure to perform.',
      'We will not be held responsible for any delay or failure to comply with our obligations if the delay arises from any cause beyond our reasonable control.',
      'provider',
    ),
  );
  const { readableClause } = await import('../../src/analysis/plain-english.js');
  t.match(readableClause('OUR LIABILITY IS LIMITED TO ONE HUNDRED DOLLARS (US $100.00).'), /\(US \$100\.00\)/);
  const { inYourFavour } = await import('../../src/analysis/favour.js');
  t.ok(inYourFavour('Groupon is always liable for damages caused by its gross negligence.'));
  t.equal(
    titleClause('We may suspend your account at any time if we are required to do so by law.', 'unilateral-termination'),
    'Account suspension on stated grounds',
  );
});

t.test('notices sent, liability kept, captions, titles of limits and conditions, items without a lead-in', async (t) => {
  t.notOk(
    categoriesOf(
      'We may provide you with notices, including those regarding changes to the Terms, by email, regular mail or communications through the Site.',
    ).includes('unilateral-change'),
  );
  const { inYourFavour } = await import('../../src/analysis/favour.js');
  t.ok(inYourFavour('THIS INCLUDES LIABILITY FOR DEATH OR PERSONAL INJURY CAUSED BY OUR NEGLIGENCE AND FOR FRAUD.'));
  t.same(analyzeDocument('10.1.5 no class action matters .'), [], 'a caption');
  t.same(analyzeDocument('Payment to a bank account at a future date (such as a recurring payment):'), [], 'a caption before a list');
  t.equal(
    titleClause(
      'no party shall be liable to the other for any delay arising from any cause beyond its control, including act of god.',
      'limitation-of-liability',
    ),
    'Force majeure',
  );
  t.equal(
    titleClause(
      'These limitations on our liability to you shall apply whether or not we have been advised of the possibility of such losses.',
      'limitation-of-liability',
    ),
    'Limited liability',
  );
  t.equal(
    titleClause(
      'if messages sent to the e-mail address you provide are returned as undeliverable, then the company may terminate your account immediately without notice.',
      'unilateral-termination',
    ),
    'Account termination on stated grounds',
  );
  t.equal(
    titleClause(
      'by submitting a video, you grant vimeo a limited, worldwide, non-exclusive, royalty-free license to copy and display your video.',
      'content-licence',
    ),
    'Licence to your content',
  );
  const { readableClause } = await import('../../src/analysis/plain-english.js');
  t.match(
    readableClause('use any automated system to extract any data from the Service for commercial purposes;'),
    /^An item of a list in the terms: use any automated system/,
  );
  t.equal(readableClause('use of the service is at your own risk.'), 'Use of the service is at your own risk.', 'a noun is no item');
  t.notOk(
    groundedIn(
      'The provider caps what it owes you; at most it will pay $100 or what you paid it.',
      'Our total liability will not exceed the amounts you have paid us or $100 if you have not had any payment obligations to us.',
      'provider',
    ),
  );
});

t.test('round 7: other users, requests, licences called revocable, objectionable by the clause, named courts, privacy rights', async (t) => {
  t.notOk(
    categoriesOf('You agree that other users may access your family site and may add to, subtract from or otherwise amend your family site.').includes(
      'unilateral-change',
    ),
  );
  t.notOk(
    categoriesOf(
      'If your child is using the Vimeo service and is either under 13 or does not have your permission, please contact us immediately so that we can disable his or her access.',
    ).includes('unilateral-termination'),
  );
  t.equal(
    titleClause('You grant to us a revocable, non-exclusive, worldwide right and licence to use your username.', 'content-licence'),
    'Licence to your content',
  );
  t.equal(
    translateClause('The company shall have the right to remove any content that violates this agreement or is otherwise objectionable.', 'content-removal'),
    'The provider can remove content on the service if it breaks the rules or is objectionable.',
  );
  t.notOk(
    groundedIn(
      'Disputes have to be brought before courts the provider chooses and nowhere else.',
      'you expressly agree to submit to the exclusive personal jurisdiction of the state and federal courts sitting in san francisco county , california .',
      'user',
    ),
  );
  t.equal(
    translateClause('Your privacy rights are set forth in our privacy policy, which forms a part of this agreement.', 'privacy-by-reference'),
    'The privacy policy, which sets out your privacy rights, counts as part of this contract.',
  );
  t.equal(
    titleClause(
      'The company may change this EULA at any time without prior notice; provided that the company will endeavor to provide you with prior notice of any material changes.',
      'unilateral-change',
    ),
    'Changes to the terms',
  );
});

t.test('round 8: an aside naming who is not responsible is no denial by the one who is', async (t) => {
  t.notOk(
    groundedIn(
      'The provider says it is not responsible for any breach or failure to deliver.',
      'we, and not microsoft, are responsible for any breach or failure to deliver.',
      'provider',
    ),
  );
  t.ok(groundedIn('The provider says it is not responsible for third-party content.', 'We are not responsible for third-party content.', 'provider'));
});
