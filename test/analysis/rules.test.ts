// Rule-based categories fire on the clause itself, not on captions, cross-references or
// "if this waiver is unenforceable" fallbacks that only mention it.
import t from 'tap';
import { ruleCategories } from '../../src/analysis/rules.js';
import { translateClause } from '../../src/analysis/translate.js';

t.test('class-action and jury waivers are found in the waiver itself', async (t) => {
  t.same(ruleCategories('To the fullest extent permitted by applicable law, the parties agree to waive any right to a jury trial.'), ['class-action-waiver']);
  t.same(ruleCategories('ARBITRATION MEANS THAT YOU WAIVE YOUR RIGHT TO A JURY TRIAL.'), ['class-action-waiver']);
  t.same(
    ruleCategories('YOU AND SPOTIFY AGREE THAT EACH MAY BRING CLAIMS AGAINST THE OTHER ONLY IN YOUR OR ITS INDIVIDUAL CAPACITY AND NOT AS A PLAINTIFF OR CLASS MEMBER IN ANY PURPORTED CLASS ACTION.'),
    ['class-action-waiver'],
  );
});

t.test('captions, quoted section names and severability fallbacks are not the waiver', async (t) => {
  for (const caption of ['4. Waiver of Class Actions.', 'Jury Trial Waiver.', '11.6 Class Action and Class Arbitration Waiver.']) t.same(ruleCategories(caption), [], caption);
  t.same(ruleCategories('or (2) a court of law, in accordance with the venue described in the "Governing law, jurisdiction, and jury trial waiver" section above, seeking only temporary relief.'), []);
  t.same(ruleCategories('IF THIS CLASS ACTION WAIVER IS LIMITED, VOIDED OR FOUND UNENFORCEABLE, THEN THE PARTIES’ AGREEMENT TO ARBITRATE SHALL BE NULL AND VOID.'), []);
  t.same(ruleCategories('If this Arbitration Agreement is invalidated in whole, the parties may seek to resolve the Dispute in the courts of New York and waive any jury trial.'), []);
});

t.test('a jury waiver alone is not translated as a class-action waiver', async (t) => {
  t.equal(translateClause('The parties agree to waive any right to a jury trial.', 'class-action-waiver'), 'You give up the right to a jury trial: a judge decides any dispute instead.');
  t.equal(
    translateClause('You are waiving the right to a trial by jury or to participate in a class action.', 'class-action-waiver'),
    'You give up the right to join a class action and to a jury trial: each user has to bring claims alone.',
  );
});
