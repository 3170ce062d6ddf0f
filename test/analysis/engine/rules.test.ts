// Rule-based categories fire on the clause itself, not on captions, cross-references or
// "if this waiver is unenforceable" fallbacks that only mention it.
import t from 'tap';
import { ruleCategories } from '../../../src/analysis/engine/rules.js';
import { translateClause } from '../../../src/analysis/translate.js';

t.test('class-action and jury waivers are found in the waiver itself', async (t) => {
  t.same(ruleCategories('To the fullest extent permitted by applicable law, the parties agree to waive any right to a jury trial.'), ['class-action-waiver']);
  t.same(ruleCategories('ARBITRATION MEANS THAT YOU WAIVE YOUR RIGHT TO A JURY TRIAL.'), ['class-action-waiver']);
  t.same(
    ruleCategories(
      'YOU AND SPOTIFY AGREE THAT EACH MAY BRING CLAIMS AGAINST THE OTHER ONLY IN YOUR OR ITS INDIVIDUAL CAPACITY AND NOT AS A PLAINTIFF OR CLASS MEMBER IN ANY PURPORTED CLASS ACTION.',
    ),
    ['class-action-waiver'],
  );
});

t.test('captions, quoted section names and severability fallbacks are not the waiver', async (t) => {
  for (const caption of ['4. Waiver of Class Actions.', 'Jury Trial Waiver.', '11.6 Class Action and Class Arbitration Waiver.'])
    t.same(ruleCategories(caption), [], caption);
  t.same(
    ruleCategories(
      'or (2) a court of law, in accordance with the venue described in the "Governing law, jurisdiction, and jury trial waiver" section above, seeking only temporary relief.',
    ),
    [],
  );
  t.same(
    ruleCategories('IF THIS CLASS ACTION WAIVER IS LIMITED, VOIDED OR FOUND UNENFORCEABLE, THEN THE PARTIES’ AGREEMENT TO ARBITRATE SHALL BE NULL AND VOID.'),
    [],
  );
  t.same(
    ruleCategories(
      'If this Arbitration Agreement is invalidated in whole, the parties may seek to resolve the Dispute in the courts of New York and waive any jury trial.',
    ),
    [],
  );
});

t.test('a jury waiver alone is not translated as a class-action waiver', async (t) => {
  t.equal(
    translateClause('The parties agree to waive any right to a jury trial.', 'class-action-waiver'),
    'You and the provider each give up the right to a jury trial.',
  );
  t.equal(
    translateClause('You are waiving the right to a trial by jury or to participate in a class action.', 'class-action-waiver'),
    'You give up the right to join a class action and to a jury trial: each user has to bring claims alone.',
  );
});

t.test('protective or unrelated statements fire no rule', async (t) => {
  t.same(
    ruleCategories(
      "We don't sell your personal information and we don't share information that directly identifies you with advertisers unless you give us specific permission.",
    ),
    [],
  );
  t.same(ruleCategories('Further information about how Twitch discloses your personal information to third parties can be found in our Privacy Notice.'), []);
  t.same(ruleCategories('We share your personal data with advertisers and business partners.'), ['data-sharing']);
  t.same(
    ruleCategories(
      'If there is a final judicial determination that the Class Action Waiver or the provisions in Section 11.4 are not enforceable, that claim may proceed in court.',
    ),
    [],
  );
  t.same(
    ruleCategories(
      'Bluesky may, at its sole discretion, elect to consolidate multiple arbitrations into a single class-arbitration-like proceeding, notwithstanding the foregoing waiver.',
    ),
    [],
  );
  t.same(ruleCategories('You must submit any complaints within six months of the actions being taken against your content or account.'), []);
  t.same(ruleCategories('Any claim arising out of these Terms must be filed within one (1) year after the claim arose, or it is permanently barred.'), [
    'claim-time-limit',
  ]);
  t.same(ruleCategories('We will use reasonable efforts to notify you of any such claim, action or proceeding for which you must indemnify us.'), []);
  t.same(ruleCategories('You agree to indemnify and hold us harmless from all claims arising from your use of the Service.'), ['indemnification']);
  t.same(
    ruleCategories(
      'Spotify may make changes to Paid Subscriptions, including recurring subscription fees, and will communicate any price changes to you in advance.',
    ),
    [],
  );
  t.same(ruleCategories('Your subscription renews automatically each month until you cancel.'), ['automatic-renewal']);
});

t.test('long runs of capitals do not make the caption check backtrack', async (t) => {
  // With words allowed to split anywhere, this took 2^100 steps; it must return at once.
  t.same(ruleCategories(`${'A'.repeat(100)} x`), []);
  t.same(ruleCategories(`Waiver of ${'CLASS'.repeat(20)}!`), []);
});
