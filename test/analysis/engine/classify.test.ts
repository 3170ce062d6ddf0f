// classifySentence on hand-written clauses: unfair clauses are flagged with the right category,
// fair clauses of the same topic are not (e.g. home-courts jurisdiction), neutral text is not;
// categories are ordered by the model's confidence and the first one gives the severity.
import t from 'tap';
import { analyzeDocument } from '../../../src/analysis/analyze.js';
import { classifySentence, loadModel, scoreCategories } from '../../../src/analysis/engine/classify.js';
import { extractFeatures, isHeading } from '../../../src/analysis/engine/features.js';
import { rateClause } from '../../../src/analysis/rate.js';
import { SEVERITIES, type CategorySlug } from '../../../src/analysis/taxonomy.js';

const flagged: [string, CategorySlug][] = [
  [
    'Any dispute arising out of these terms shall be resolved exclusively by binding arbitration administered by the American Arbitration Association.',
    'arbitration',
  ],
  ['We reserve the right to modify these Terms at any time in our sole discretion without notice to you.', 'unilateral-change'],
  ['We may remove or edit any User Content at any time for any reason without notice.', 'content-removal'],
  ['You agree that all claims shall be litigated exclusively in the state or federal courts located in Santa Clara County, California.', 'jurisdiction'],
  ['These Terms shall be governed by the laws of the State of California, without regard to its conflict of law provisions.', 'choice-of-law'],
  [
    'In no event shall we be liable for any indirect, incidental, special, consequential or punitive damages, or any loss of profits or data.',
    'limitation-of-liability',
  ],
  ['We may suspend or terminate your account at any time, for any reason, without notice.', 'unilateral-termination'],
  ['By accessing or using the Services, you agree to be bound by these Terms.', 'contract-by-using'],
  ['You waive any right to participate in a class action lawsuit or class-wide arbitration.', 'class-action-waiver'],
  ['You grant us a worldwide, royalty-free, perpetual, irrevocable and sublicensable license to use, copy and distribute your content.', 'content-licence'],
  ['Your subscription will automatically renew each month and you will be charged until you cancel.', 'automatic-renewal'],
];

for (const [sentence, category] of flagged) {
  t.test(`flags ${category}`, async (t) => {
    const result = classifySentence(sentence);
    t.ok(result.categories.includes(category), `${JSON.stringify(result.categories)} includes ${category}`);
    t.ok(result.severity !== null && SEVERITIES.includes(result.severity));
  });
}

t.test('fair clauses of an unfair topic are not flagged', async (t) => {
  const homeCourts = classifySentence('If you are a consumer, you may bring proceedings in the courts of the country where you have your habitual residence.');
  t.notOk(homeCourts.categories.includes('jurisdiction'), 'home-courts jurisdiction is fair');
  const homeLaw = classifySentence(
    'If you are a consumer, nothing in these Terms deprives you of the protection of the mandatory provisions of the law of your country of residence.',
  );
  t.notOk(homeLaw.categories.includes('choice-of-law'), 'mandatory home law kept is fair');
  const carveOut = classifySentence(
    'Nothing in these Terms excludes or limits our liability for death or personal injury caused by our negligence, or for fraud.',
  );
  t.notOk(carveOut.categories.includes('limitation-of-liability'), 'liability kept for death and fraud is fair');
});

t.test('neutral sentences give no category and a null severity', async (t) => {
  for (const s of ['Welcome to our website.', 'You must be at least 13 years old to use the Service.', 'Contact us at support@example.com.', '', '12.3']) {
    t.same(classifySentence(s), { categories: [], severity: null }, s || '(empty)');
  }
});

t.test('negated data sharing is not data sharing', async (t) => {
  t.notOk(classifySentence('We do not sell your personal information to third parties.').categories.includes('data-sharing'));
  t.ok(classifySentence('We may share your personal information with our advertising partners and affiliates.').categories.includes('data-sharing'));
});

t.test('headings name a topic but are not clauses', async (t) => {
  for (const s of ['Dispute Resolution by Binding Arbitration', 'Termination of Your Account', 'LIMITATION OF LIABILITY']) {
    t.same(classifySentence(s), { categories: [], severity: null }, s);
  }
  // numbered captions, even with a full stop, are headings; a short numbered sentence that binds is not
  // and so are captions numbered without a closing stop ("19.1 ...") and captions in capitals with one
  const captions = [
    '13. LIMITATION OF LIABILITY.',
    '12. LIMITATIONS OF LIABILITY AND DISCLAIMERS.',
    '11. User’s responsibility related to account and password, etc.',
    '19.1 Binding arbitration, Disputes; small claims.',
    '20.3 BINDING ARBITRATION AND CLASS ACTION WAIVER FOR UNITED STATES ACCOUNTS.',
    'AGREEMENT TO ARBITRATE; WAIVER OF CLASS ACTION.',
  ];
  t.ok(
    captions.some((s) => scoreCategories(extractFeatures(s), loadModel()).some((c) => c.margin >= 0)),
    'the model alone would flag one of them',
  );
  for (const s of captions) {
    t.same(classifySentence(s), { categories: [], severity: null }, s);
  }
  t.ok(classifySentence('2. Bluesky is not liable for any indirect damages.').categories.includes('limitation-of-liability'));
  // a clause in capitals binds someone, and a bare number before a short line makes no caption
  t.notOk(isHeading('ANY CLAIM SHALL BE ARBITRATED ON AN INDIVIDUAL BASIS.'));
  t.notOk(isHeading('18 years or older.'), 'a bare number needs its stop or a dotted part');
  t.ok(isHeading('18. Governing law.'));
  // a list fragment is no heading, whatever its length
  t.ok(
    classifySentence('We may suspend or terminate your account at any time, for any reason, without notice; or').categories.includes('unilateral-termination'),
  );
});

t.test('categories come most confident first; the first gives the severity', async (t) => {
  const model = loadModel();
  const sentences = [
    'We may remove your content and terminate your account at any time for any reason without notice.',
    'We may modify these Terms or suspend the Services at any time without notice.',
    'Any dispute shall be resolved by binding arbitration in San Francisco, California, and you waive any right to a jury trial or class action.',
  ];
  for (const s of sentences) {
    const scored = scoreCategories(extractFeatures(s), model);
    for (let i = 1; i < scored.length; i++) t.ok(scored[i - 1].margin >= scored[i].margin, 'sorted by margin');
    const predicted = scored.filter((c) => c.margin >= 0).map((c) => c.slug);
    const result = classifySentence(s);
    t.ok(result.categories.length > 0, s);
    // model categories lead, in margin order; rule-based ones (no score) follow
    t.same(result.categories.slice(0, predicted.length), predicted, s);
    t.equal(result.severity, rateClause(s, result.categories[0]).severity, 'severity of the primary category');
  }
});

t.test('the primary category is the surest, not the harshest', async (t) => {
  // Change and termination in one sentence: the order is the model's confidence, whatever the base ratings.
  const s = 'We reserve the right to modify, suspend, or discontinue the Services (in whole or in part) at any time, with or without notice to you.';
  const result = classifySentence(s);
  const surest = scoreCategories(extractFeatures(s), loadModel())
    .filter((c) => c.margin >= 0)
    .map((c) => c.slug);
  t.same(result.categories.slice(0, 2), surest.slice(0, 2));
  t.same([...result.categories.slice(0, 2)].sort(), ['unilateral-change', 'unilateral-termination']);
  t.equal(result.severity, rateClause(s, result.categories[0]).severity);
  const [clause] = analyzeDocument(s);
  t.equal(clause.category, result.categories[0]);
  t.equal(clause.ai_rating, rateClause(s, clause.category).ai_rating);
});

t.test('cues read forums, binding use and liability limits in the forms unseen terms write them', async (t) => {
  const cues = (s: string) => [...extractFeatures(s).keys()].filter((k) => k.startsWith('cue:'));
  // A court named by its city ("Tokyo District Court") is a place.
  t.ok(
    cues('Any dispute shall be subject to the exclusive jurisdiction of Osaka District Court as the court of first instance.').includes('cue:j_unfair_core'),
  );
  for (const unnamed of ['the competent court', 'the competent district court', 'the appropriate district court', 'the federal district court']) {
    t.notOk(cues(`Any dispute shall be subject to the exclusive jurisdiction of ${unnamed}.`).includes('cue:j_unfair_core'), `no place named: ${unnamed}`);
  }
  // "by actually using"; "we will deem that you have agreed"
  t.ok(cues('You accept these Terms by actually using the Services.').includes('cue:use_binds'));
  t.ok(cues('We will deem that you have agreed to these Terms.').includes('cue:use_binds'));
  // A liability limit after a long list of who is protected.
  const limit =
    'You agree that the liability of Example, its affiliates, related companies, officers, directors, employees, agents, representatives, partners and licensors is limited to the maximum extent permitted by law.';
  t.ok(cues(limit).includes('cue:ltd_not_liable'));
  t.same(classifySentence(limit).categories, ['limitation-of-liability']);
  // An arbitration agreement that names no "binding arbitration": only through it, disputes resolved through it, bound by it.
  for (const agreement of [
    'Any claim against Example may be brought only through arbitration, never in court.',
    'You and Example agree to resolve all disputes individually, through arbitration under Exhibit B.',
    'By using the Service you agree to be bound by this arbitration provision.',
  ]) {
    t.ok(cues(agreement).includes('cue:a_binding'), agreement);
  }
  for (const other of [
    'We will try to resolve your complaint through our support team.',
    'This arbitration clause does not apply outside the United States.',
  ]) {
    t.notOk(cues(other).includes('cue:a_binding'), other);
  }
});
