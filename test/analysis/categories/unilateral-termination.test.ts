// Termination and removal translations: the actor, the object acted on, the conditions and the
// notice come from the clause; nothing at-will is said of a clause that states its grounds.
import t from 'tap';
import { titleClause, translateClause } from '../../../src/analysis/translate.js';

const term = (text: string) => translateClause(text, 'unilateral-termination');

t.test('stated grounds are kept; "when it decides to" only for a bare power', async (t) => {
  const cases: [text: string, expected: string][] = [
    [
      'Failure to comply with these rules may result in suspension or termination of your account.',
      'The provider can suspend or close your account if you break the rules.',
    ],
    ['We may terminate your account if we reasonably suspect you are underage.', 'The provider can close your account if it suspects you are under age.'],
    [
      'We may suspend access to the Service in the following cases:',
      'The provider can suspend your access to the service in the cases listed after this sentence.',
    ],
    ['We may terminate your account.', 'The provider can close your account when it decides to.'],
    [
      'We may terminate or suspend your Quora account if you violate these Terms, any Quora policy, or for any other reason.',
      'The provider can suspend or close your account if you break the rules, or for any other reason.',
    ],
    [
      'We reserve the right to revoke or limit a user’s ability to moderate at any time and for any reason or no reason, including for a breach of these Terms.',
      'The provider can restrict your moderator role at any time, for any reason, including if you break the rules.',
    ],
    ['Our right to terminate for good cause remains unaffected.', 'The provider keeps its right to end the contract for good cause (a serious reason).'],
  ];
  for (const [text, expected] of cases) t.equal(term(text), expected, text.slice(0, 60));
});

t.test("the user's own rights and remedies are not the provider's powers", async (t) => {
  const cases: [text: string, category: string, expected: string][] = [
    [
      'Your right to terminate these Terms at any time pursuant to Section 16 remains unaffected.',
      'unilateral-termination',
      'You can end this contract at any time.',
    ],
    [
      'You may have a right under local law to bring a claim for breach of contract if you believe we have breached these Terms by suspending or terminating your account.',
      'unilateral-termination',
      'If the provider wrongly removes your content or suspends or closes your account, you may be able to sue it for breach of contract.',
    ],
    ['You are free to remove your content from the Platform at any time.', 'content-removal', 'You can remove what you posted at any time.'],
    [
      'We have no obligation to delete content that you personally may find objectionable or offensive.',
      'content-removal',
      'The provider does not promise to remove or check content, even content you find offensive.',
    ],
  ];
  for (const [text, category, expected] of cases) t.equal(translateClause(text, category), expected, text.slice(0, 60));
});

t.test('verbs and objects are read where they act, not from asides', async (t) => {
  const cases: [text: string, expected: string][] = [
    ['We may also suspend or stop the Services altogether.', 'The provider can suspend or shut down the service when it decides to.'],
    [
      'If you stop using the Services without deleting your Account, your Account may be deactivated due to prolonged inactivity.',
      'The provider can disable your account if the account stays inactive for long.',
    ],
    [
      'We may discontinue all or part of the Services at any time after a notice period of 30 days, with no such notice being required in urgent situations.',
      "The provider can shut down the service with 30 days' notice (none in urgent cases).",
    ],
    [
      'Either party may terminate this Agreement at any time by notifying the other party.',
      'Either side can end this contract at any time, after telling the other.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(term(text), expected, text.slice(0, 60));
});

t.test('titles say how the power is held', async (t) => {
  const cases: [text: string, category: string, expected: string][] = [
    ['We may terminate your account at any time for any reason.', 'unilateral-termination', 'Account termination at will'],
    ['We may terminate your account if you breach these Terms.', 'unilateral-termination', 'Account termination for rule breaches'],
    ['We may delete your account after prolonged inactivity.', 'unilateral-termination', 'Account termination for inactivity'],
    ['YOU WAIVE A TRIAL BY JURY IN ANY ACTION.', 'class-action-waiver', 'Jury trial waiver'],
    [
      'You will be jointly and severally liable to us for liquidated damages of $15,000 USD per 1,000,000 posts.',
      'limitation-of-liability',
      'Penalty you must pay ($15,000 USD)',
    ],
  ];
  for (const [text, category, expected] of cases) t.equal(titleClause(text, category), expected, text.slice(0, 60));
});

t.test('losing what is stored is said only where the clause says so, or of a deleted account', async (t) => {
  const tr = (text: string) => translateClause(text, 'unilateral-termination');
  // Data handed to third parties is not data lost.
  t.notMatch(
    tr(
      "If you don't comply with the Terms, your account may be suspended or terminated: We may also notify third parties, including law enforcement, and provide them data from your account.",
    ),
    /lose what you stored/,
  );
  const cases: [text: string, pattern: RegExp][] = [
    [
      'Your content in Memories might become unavailable for any number of reasons, including a decision on our end to terminate your account.',
      /, and you may lose what you stored there\.$/,
    ],
    ['We may permanently delete your account in the event of prolonged inactivity.', /lose what you stored there/],
  ];
  for (const [text, pattern] of cases) t.match(tr(text), pattern, text.slice(0, 60));
});

t.test('a discontinued service is no account termination, and urgent-case examples are no grounds', async (t) => {
  const text =
    'We may discontinue some or all of our Services, including certain features and the support for certain devices and platforms, at any time after a notice period of 30 days, with no such notice being required in urgent situations such as preventing abuse, responding to legal requirements, or addressing security and operability issues.';
  t.equal(translateClause(text, 'unilateral-termination'), "The provider can shut down the service with 30 days' notice (none in urgent cases).");
  t.equal(titleClause(text, 'unilateral-termination'), 'Service discontinuation with notice');
});

t.test('bans on re-registering, child-abuse grounds, data handed over, and notice that is only one possible action', async (t) => {
  const tr = (text: string) => translateClause(text, 'unilateral-termination');
  const cases: [text: string, expected: string][] = [
    [
      'If we have previously disabled your account for violation of these Terms, you will not create a new Pinterest account without our express written permission, which is provided at our sole discretion.',
      'If the provider has disabled your account, you may not open a new one without its permission.',
    ],
    [
      'Zero-Tolerance Policy: Any user found engaging in CSAE-related activities will have their account permanently terminated and may be reported to the appropriate law enforcement authorities.',
      'The provider can close your account permanently for any involvement in child sexual abuse or exploitation.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(tr(text), expected, text.slice(0, 60));
  t.match(
    tr(
      'If you do not comply with these Terms, your account may be suspended or terminated: We may also notify third parties, including law enforcement, and provide them data from your account.',
    ),
    /, and it may pass your account data to others, including the police\.$/,
  );
  t.notMatch(
    tr(
      'If we learn of content or conduct like this, we will take appropriate action that may include notifying you, offering help, removing or restricting access to certain features, disabling an account, or contacting law enforcement.',
    ),
    /after telling you/,
  );
});

t.test('grounds listed after the sentence ("..., if:") are no power at will', async (t) => {
  const text = 'We may suspend, restrict, or terminate your Account—or specific features of Bluesky—at any time, without prior notice, if:';
  t.equal(titleClause(text, 'unilateral-termination'), 'Account termination on stated grounds');
  t.equal(
    translateClause(text, 'unilateral-termination'),
    'The provider can suspend, restrict or close your account at any time, without telling you first, in the cases listed after this sentence.',
  );
});

t.test('usernames, repeat copyright infringement, legal action and cooperation are read as written', async (t) => {
  t.match(
    titleClause(
      'We reserve the right to remove, reclaim, or change a username you select if we determine that such username is dormant, inactive or unused for an extended period of time.',
      'unilateral-termination',
    ),
    /^Username removal/,
  );
  const cases: [text: string, category: string, pattern: RegExp][] = [
    [
      'Tumblr may immediately terminate or suspend Accounts that have been flagged for repeat copyright infringement.',
      'unilateral-termination',
      /if you repeatedly infringe others' intellectual property/,
    ],
    [
      'In addition to terminating or suspending your account, we reserve the right to take appropriate legal action, including pursuing civil, criminal, and injunctive redress.',
      'unilateral-termination',
      /, and take legal action against you\.$/,
    ],
    [
      'We may assume the exclusive defense and control of any matter for which you must indemnify us, and you agree to cooperate with our defense of such claims.',
      'indemnification',
      /, and you must cooperate with it\.$/,
    ],
  ];
  for (const [text, category, pattern] of cases) t.match(translateClause(text, category), pattern, text.slice(0, 60));
  t.equal(
    translateClause(
      'Bluesky reserves the right to assume the exclusive defense and control of any matter subject to indemnification by you.',
      'indemnification',
    ),
    'The provider can take over the defence of claims you must cover.',
  );
});

t.test('repeat infringement is a ground beside a breach of the terms, and talk of infringing material is no second ground', async (t) => {
  t.match(
    translateClause(
      'If you violate these Terms or our policies, if you repeatedly infringe other people’s intellectual property rights or where we are permitted or required to do so by law, we can refuse to provide or stop providing all or part of the Threads Service to you (including terminating or disabling your access to the Threads Service).',
      'unilateral-termination',
    ),
    /if you break the rules, if you repeatedly infringe others' intellectual property or where the law allows or requires it\.$/,
  );
  t.equal(
    translateClause(
      'Copyright infringement is not allowed on the Services, and Parler will, in appropriate circumstances, terminate the account of any repeat infringer.',
      'unilateral-termination',
    ),
    "The provider can close your account if you repeatedly infringe others' intellectual property.",
  );
});

t.test("a removal of content named beside the power over the account is told too, but not the user's own removal", async (t) => {
  const cases: [text: string, expected: string][] = [
    [
      'We have broad enforcement rights: X reserves the right to take enforcement actions against you if you do violate these terms, such as, for example, removing your Content, limiting visibility, discontinuing your access to X, or taking legal action.',
      'The provider can restrict or cut off your access to the service and remove your content if you break the rules.',
    ],
    [
      'We may also remove or refuse to distribute any Content on the Services, limit distribution or visibility of any Content on the service, suspend or terminate users, and reclaim usernames without liability to you.',
      'The provider can suspend or close your account and remove content when it decides to, and it may take back your username.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(translateClause(text, 'unilateral-termination'), expected, text.slice(0, 60));
  const noRemoval: string[] = [
    'You can delete your content at any time, and we may terminate your account if you break these Terms.',
    'We will not remove your content, but we may suspend your account if you violate these Terms.',
  ];
  for (const text of noRemoval) t.notMatch(translateClause(text, 'unilateral-termination'), /remove/, text.slice(0, 60));
});

t.test('a clause that may change as well as end the whole service says both; a named service is the whole service', async (t) => {
  const cases: [text: string, expected: string, message?: string][] = [
    ['We may change, suspend or discontinue any of our Services.', 'The provider can change, suspend or shut down the service when it decides to.'],
    [
      'We can also terminate or change the Threads Service or stop providing all or part of the Threads Service in our reasonable discretion.',
      'The provider can change or shut down the service when it decides to.',
    ],
    ['We may terminate your account at any time.', 'The provider can close your account at any time.', 'no change where the account is the object'],
  ];
  for (const [text, expected, message] of cases) t.equal(translateClause(text, 'unilateral-termination'), expected, message ?? text.slice(0, 60));
  t.equal(
    titleClause(
      'We can also terminate or change the Threads Service or stop providing all or part of the Threads Service in our reasonable discretion.',
      'unilateral-termination',
    ),
    'Service discontinuation',
  );
});

t.test('a username the provider may take back is told beside the account power', async (t) => {
  t.equal(
    translateClause(
      'For example, we may terminate your account due to prolonged inactivity, and we may reclaim your username at any time for any reason.',
      'unilateral-termination',
    ),
    'The provider can close your account if the account stays inactive for long, and it may take back your username at any time, for any reason.',
  );
  t.notMatch(
    translateClause('We may terminate your account if you break these Terms, but we will not reclaim your username.', 'unilateral-termination'),
    /username/,
  );
});

t.test("someone else's removal, a negated one, or a change that is not the provider's is not told as the provider's power", async (t) => {
  const tr = (s: string) => translateClause(s, 'unilateral-termination');
  const cases: [text: string, expected: string][] = [
    // The user's own removal, someone else's, or one the user asks for.
    [
      'We may terminate your account if you fail to remove your content after we notify you of a violation.',
      'The provider can close your account after telling you, if you break the rules.',
    ],
    // Negations: "cannot", and only next to the removal.
    [
      'We cannot remove your content, but we may suspend your account if you violate these Terms.',
      'The provider can suspend your account if you break the rules.',
    ],
    // Verbs on the account: not the user's ("you must delete your posts"), not negated, not aimed at content.
    ['We may suspend your account if you break these Terms, and you must delete your posts.', 'The provider can suspend your account if you break the rules.'],
    // A change that is the user's, or negated, does not make the provider one that changes the service.
    [
      'We may suspend or discontinue the Services at any time if you change your payment details without telling us.',
      'The provider can suspend or shut down the service at any time.',
    ],
    [
      'We will not change the Services without notice, but we may discontinue the Services altogether.',
      'The provider can shut down the service when it decides to.',
    ],
    // A product of the service is not the whole service.
    [
      'We may stop providing the Premium Service to you at any time, but the free Service remains available.',
      'The provider can stop providing the Premium Service at any time.',
    ],
    // A breach the clause negates is no ground.
    [
      'We may terminate your account if you repeatedly infringe copyrights, even if you do not violate any other provision of these Terms.',
      "The provider can close your account if you repeatedly infringe others' intellectual property.",
    ],
  ];
  for (const [text, expected] of cases) t.equal(tr(text), expected, text.slice(0, 60));
  // The user's own removal, someone else's, or one the user asks for.
  const noRemoval: string[] = [
    'We may disable your account if you refuse to take down the offending content.',
    'We may terminate your account and other users may remove your content.',
    'Moderators may remove posts, and we may terminate your account if you break these rules.',
  ];
  for (const text of noRemoval) t.notMatch(tr(text), /remove/, text.slice(0, 60));
  const matches: [text: string, pattern: RegExp][] = [
    // Negations: "cannot", and only next to the removal.
    [
      'We may terminate your account and remove your content, and we will not delete your data without notice.',
      /^The provider can close your account and remove your content/,
    ],
    // Verbs on the account: not the user's ("you must delete your posts"), not negated, not aimed at content.
    ['If you break these rules, you may be suspended or terminated.', /suspend or end/],
    // A change that is the user's, or negated, does not make the provider one that changes the service.
    ['We may change, suspend or discontinue the Services at any time.', /^The provider can change, suspend or shut down the service/],
  ];
  for (const [text, pattern] of matches) t.match(tr(text), pattern, text.slice(0, 60));
});

t.test('"to users generally" is no account the provider acts on; "this Terms of Service agreement" is the contract', async (t) => {
  const cases: [text: string, pattern: RegExp][] = [
    [
      'Twitch reserves the right, without notice and in our sole discretion, to stop providing the Twitch Services (or any features) to you or to users generally, to terminate this Terms of Service agreement with you, and to block or prevent your future access to and use of the Twitch Services for any reason.',
      /^The provider can end this contract or stop providing the service to you for any reason/,
    ],
    ['We may suspend or terminate users who break these rules.', /your account/],
  ];
  for (const [text, pattern] of cases) t.match(translateClause(text, 'unilateral-termination'), pattern, text.slice(0, 60));
});

t.test('the service withheld beside the account or the contract is told as such, not as a "cut off" account', async (t) => {
  const cases: [text: string, expected: string][] = [
    // X and Instagram.
    [
      'To the extent permitted by law, we may also terminate your account or cease providing you with all or part of the Services for any other reason or no reason at our convenience.',
      'As far as the law allows, the provider can close your account or stop providing all or part of the service to you for any reason.',
    ],
    [
      'That means that we may terminate these Terms, stop providing you with all or any part of the Services, or impose new or additional limits on your ability to use our Services.',
      'The provider can end this contract or stop providing all or part of the service to you when it decides to.',
    ],
    // YouTube.
    [
      'Google reserves the right to terminate your Google account or your access to all or part of the Service.',
      'The provider can close your account or your access to all or part of the service when it decides to.',
    ],
    // Spotify: "if we stop providing" is a ground for ending the contract, not a second power.
    [
      'Spotify may terminate these Terms at any time if we believe you have breached any of these Terms, if we stop providing the Spotify Service or any material component thereof, or as we believe necessary to comply with applicable law.',
      'The provider can end this contract at any time, if it believes you broke the rules, if it stops offering the service or if it believes the law requires it.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(term(text), expected, text.slice(0, 60));
  // A promise not to stop serving the user is no power.
  t.equal(term('We may terminate your account, but we will not stop providing the Services to you without notice.').includes('stop providing'), false);
});

t.test('a verb a little after its object is read, but never half a word ("without limitation" is no "limit")', async (t) => {
  const cases: [text: string, expected: string][] = [
    // LINE.
    [
      'In addition, if a post is determined to be malicious, the account that made such post itself may be suspended or deleted.',
      'The provider can suspend or delete your account if it finds what you did or posted malicious, and you may lose what you stored there.',
    ],
    // Twitch: "including without limitation if" must not lend "limit" to the power over access.
    [
      'Twitch reserves the right to block or prevent your future access to and use of the Twitch Services for any reason, including without limitation if: (a) your use of the Twitch Services violates these Terms of Service or applicable law;',
      'The provider can end your access to the service for any reason, including if you break the rules.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(term(text), expected, text.slice(0, 60));
});

t.test('review: "you" as an object is no subject; a negated breach elsewhere leaves a stated one; the user\'s own stopping is no ground', async (t) => {
  const cases: [text: string, expected: string][] = [
    ['We may warn you or suspend your account if you violate these Terms.', 'The provider can suspend your account if you break the rules.'],
    [
      'We may terminate your account if you violate these Terms, although we will not treat a minor breach as grounds.',
      'The provider can close your account if you break the rules.',
    ],
    [
      'If we decide to stop providing the Service in your country, we may terminate your account.',
      'The provider can close your account if it stops offering the service.',
    ],
    ['We may terminate this Terms of Service agreement with you at any time.', 'The provider can end this contract at any time.'],
    // The user's own request stays theirs.
    ['If you ask us to delete your account, we may suspend it first.', 'The provider can suspend your account in the cases the clause lists.'],
  ];
  for (const [text, expected] of cases) t.equal(term(text), expected, text.slice(0, 60));
  t.match(
    term('If you violate these Terms we may contact you before we delete your account.'),
    /^The provider can delete your account[^.]*, and you may lose what you stored there\.$/,
  );
  t.notMatch(term('We may suspend your account if you cease providing accurate payment information.'), /stops offering/);
});
