// Negations and the user's own words are never turned into the provider's powers: a promise of
// notice, a right kept, an indemnity the provider gives, "never sold", "will not renew",
// "regardless of where you live", the user's own liability or choice.
import t from 'tap';
import { negatedBefore } from '../../src/analysis/phrases.js';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { ruleCategories } from '../../src/analysis/engine/rules.js';
import { rateClause } from '../../src/analysis/rate.js';
import { titleClause, translateClause } from '../../src/analysis/translate.js';

t.test('promises and rights kept are not read as their opposite', async (t) => {
  const translations: [text: string, category: string, expected: string][] = [
    ['We will never change these Terms without prior notice.', 'unilateral-change', 'The provider can change these terms after telling you.'],
    [
      'We will indemnify you against any third-party claim.',
      'indemnification',
      'The provider covers your costs if someone makes the kind of claim the clause describes.',
    ],
    ['We share your data with advertisers but it is never sold.', 'data-sharing', 'Your personal information can be shared with advertisers.'],
  ];
  for (const [text, category, expected] of translations) t.equal(translateClause(text, category), expected, text.slice(0, 60));
  // Sentences no rule may flag at all.
  const unflagged: string[] = [
    'Nothing in these Terms waives your right to a jury trial.',
    'We will indemnify you and hold you harmless against any third-party claim that the Service infringes their rights.',
    'Your personal data is never sold to advertisers or shared with third parties.',
    'We don’t sell your personal information to third parties.',
    'Your subscription will not renew automatically at the end of the trial.',
  ];
  for (const text of unflagged) t.same(ruleCategories(text), [], text.slice(0, 60));
  t.notOk(rateClause('Your personal data is never sold.', 'data-sharing').aggravating.includes('sale of data'));
});

t.test('"regardless of where you live" names no home court', async (t) => {
  const j = translateClause('Regardless of where you live, you agree to the exclusive jurisdiction of the courts of Dublin, Ireland.', 'jurisdiction');
  t.equal(j, 'Disputes have to be brought before the courts in Dublin, Ireland and nowhere else, even if you live somewhere else.');
  const a = translateClause('Disputes will be resolved by binding arbitration in San Francisco, California, regardless of where you live.', 'arbitration');
  t.notMatch(a, 'held where you live');
  t.match(a, 'in San Francisco, California');
  t.notOk(
    rateClause('Regardless of where you live, the courts of Dublin, Ireland have exclusive jurisdiction.', 'jurisdiction').mitigating.includes('home courts'),
  );
});

t.test("the user's own liability, choice or opt-out is the user's", async (t) => {
  const translations: [text: string, category: string, expected: string][] = [
    [
      'You may elect to have any dispute resolved by binding arbitration administered by JAMS.',
      'arbitration',
      "Disputes go to private arbitration run by JAMS instead of a court, and the arbitrator's decision is final.",
    ],
    [
      'You have the right to opt out of the class action waiver by emailing us within 30 days.',
      'class-action-waiver',
      'You can opt out of the class action waiver within 30 days by following the steps in the terms; otherwise it applies to you.',
    ],
    [
      'You can cancel your subscription at any time; we may terminate your account only if you materially breach these Terms.',
      'unilateral-termination',
      'The provider can close your account if you seriously break the rules.',
    ],
  ];
  for (const [text, category, expected] of translations) t.equal(translateClause(text, category), expected, text.slice(0, 60));
  const matches: [text: string, category: string, pattern: RegExp][] = [
    ['You will not be liable to us for any indirect damages.', 'limitation-of-liability', /^You are not liable/],
    ['Parler may require all claims to be resolved by arbitration.', 'arbitration', /^The provider can choose to send disputes/],
  ];
  for (const [text, category, pattern] of matches) t.match(translateClause(text, category), pattern, text.slice(0, 60));
  t.notMatch(translateClause('You may not opt out of this arbitration agreement.', 'arbitration'), /opt out/);
});

t.test("the user's own rights are not listed as concerning clauses, and titles follow the stated grounds", async (t) => {
  const clauses = analyzeDocument('You can also terminate or delete your account at any time. We may terminate your account at any time for any reason.');
  t.same(
    clauses.map((c) => c.clause_text),
    ['We may terminate your account at any time for any reason.'],
  );
  const titles: [text: string, expected: string][] = [
    ['We may terminate your account at any time for any reason.', 'Account termination at will'],
    ['We may terminate your account at any time if you breach these Terms.', 'Account termination for rule breaches'],
    ['We may suspend your account at any time if we are required to do so by law.', 'Account suspension on stated grounds'],
    ["We reserve the right to terminate a Paid Subscription at any time, on no less than 14 days' notice to you.", 'Subscription termination with notice'],
    ['Both you and LinkedIn may terminate this Contract at any time with notice to the other.', 'Either side may end the contract'],
  ];
  for (const [text, expected] of titles) t.equal(titleClause(text, 'unilateral-termination'), expected, text.slice(0, 60));
  t.equal(
    translateClause('WhatsApp may terminate. Our right to terminate for cause remains unaffected.', 'unilateral-termination'),
    'The provider keeps its right to end the contract for good cause (a serious reason).',
  );
});

t.test('added phrases only when the clause says them', async (t) => {
  const absent: [text: string, category: string, phrase: string][] = [
    ['We may suspend your account and share data with law enforcement.', 'unilateral-termination', 'lose what you stored'],
    ['We may remove your content, and you remain liable for such content.', 'content-removal', 'no responsibility'],
  ];
  for (const [text, category, phrase] of absent) t.notMatch(translateClause(text, category), phrase, text.slice(0, 60));
  const present: [text: string, category: string, phrase: string][] = [
    ['We may delete your account and all content in it.', 'unilateral-termination', 'lose what you stored'],
    ['We may remove your content without any liability to you.', 'content-removal', 'no responsibility'],
    [
      'You grant us a worldwide license to use your content, including for the purpose of promoting the Service.',
      'content-licence',
      'including for promoting the Service',
    ],
  ];
  for (const [text, category, phrase] of present) t.match(translateClause(text, category), phrase, text.slice(0, 60));
  t.equal(
    translateClause(
      'YouTube may use your content through the use of third-party service providers; you grant YouTube a worldwide license to use it.',
      'content-licence',
    ),
    'You give the provider a licence to use, copy and share what you post (worldwide).',
  );
});

t.test('the newer readings do not fire on their negations or look-alikes', async (t) => {
  const tr = translateClause;
  const misreadings: [text: string, category: string, pattern: RegExp][] = [
    ['We may change these Terms and will not notify you of material changes.', 'unilateral-change', /telling you of significant changes/],
    ['We may suspend your account, and you may take legal action against us.', 'unilateral-termination', /legal action against you/],
    ['We may close your account; we will not share your data with law enforcement without a court order.', 'unilateral-termination', /police/],
    ['We may close your account, but you will not lose your content.', 'unilateral-termination', /lose what you stored/],
    [
      'Any claims other than intellectual property claims shall be brought exclusively in the courts of Dublin, Ireland.',
      'jurisdiction',
      /intellectual-property/,
    ],
    ['You must state claims in writing within one (1) year.', 'claim-time-limit', /state claim/],
    ['We will not place advertisements next to Your Content.', 'unilateral-change', /show ads/],
    ['We do not share information about your health with advertisers.', 'data-sharing', /^Information about your health can be shared/],
    ['If any changes to these Terms are material, we will notify you by email at least 30 days before they take effect.', 'unilateral-change', /alone decides/],
    ['You waive trial by jury in any court action, including any action to enforce an arbitration award.', 'class-action-waiver', /about an arbitration award/],
    [
      'If you want to delete your account, it is not possible to restore your content afterwards, and we may remove content that violates these Terms.',
      'content-removal',
      /^Deleting your content/,
    ],
    ['Arbitration must be initiated within One (1) year of the claim.', 'arbitration', / in One/],
    ['These Terms are governed by the laws of Ireland, subject to mandatory Member State law.', 'choice-of-law', /Member/],
    ['You must comply with US Export Control law.', 'choice-of-law', /Export/],
  ];
  for (const [text, category, pattern] of misreadings) t.notMatch(tr(text, category), pattern, text.slice(0, 60));
  const translations: [text: string, category: string, expected: string][] = [
    ['Any claim, other than federal claims, must be brought within one (1) year.', 'claim-time-limit', 'You must bring claims within one (1) year.'],
    [
      'If we disabled your account, you will not create a new account.',
      'unilateral-termination',
      'If the provider has disabled your account, you may not open a new one.',
    ],
  ];
  for (const [text, category, expected] of translations) t.equal(tr(text, category), expected, text.slice(0, 60));
  const readings: [text: string, category: string, pattern: RegExp][] = [
    ['We may suspend your account without notice in urgent situations, or if you breach these Terms.', 'unilateral-termination', /if you break the rules/],
    ['We may take action that may include notifying you, or terminating your account without notice.', 'unilateral-termination', /without telling you first/],
  ];
  for (const [text, category, pattern] of readings) t.match(tr(text, category), pattern, text.slice(0, 60));
});

t.test('"cannot" negates like "not"', async (t) => {
  for (const text of ['We cannot delete your account.', 'We will not delete your account.']) t.ok(negatedBefore(text, /delete/), text);
  t.notOk(negatedBefore('We can delete your account.', /delete/));
});
