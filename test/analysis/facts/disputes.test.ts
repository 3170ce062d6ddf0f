// arbitration and claim_time_limit on short sentences.
import t from 'tap';
import { readFacts } from '../../../src/analysis/facts/index.js';

const arbitration = (text: string) => {
  const a = readFacts(text).arbitration;
  return a && { mandatory: a.mandatory, class_action_waiver: a.class_action_waiver, opt_out_days: a.opt_out_days };
};

t.test('arbitration: mandatory, class waiver, opt-out period', async (t) => {
  const text = [
    'You and Acme agree to resolve any claims relating to these Terms through final and binding arbitration.',
    'You may only resolve disputes with us on an individual basis and may not bring a claim as a plaintiff or a class member in a class action.',
    'Opt-out.',
    'You may opt out of this agreement to arbitrate by writing to us within thirty (30) days of first accepting these Terms.',
  ].join('\n');
  t.same(arbitration(text), { mandatory: true, class_action_waiver: true, opt_out_days: 30 });
  t.same(arbitration('Any dispute shall be exclusively and finally resolved by arbitration under the ICC Rules.'), {
    mandatory: true,
    class_action_waiver: false,
    opt_out_days: null,
  });
  // An opt-out of marketing messages is no opt-out of arbitration.
  t.same(arbitration('Disputes will be resolved by binding arbitration.\nYou may opt out of marketing messages within 10 days by replying STOP.'), {
    mandatory: true,
    class_action_waiver: false,
    opt_out_days: null,
  });
});

t.test('arbitration: none for consumers when only business users arbitrate, none without an agreement', async (t) => {
  t.equal(arbitration('If you are using the Services on behalf of a business, all claims will be finally settled under the LCIA Arbitration Rules.'), null);
  t.equal(arbitration('You waive the right to participate in any purported class action.'), null);
});

t.test('claim time limit', async (t) => {
  const days = (text: string) => readFacts(text).claim_time_limit?.days ?? null;
  t.equal(days('Any cause of action you may have must be commenced within one (1) year after the claim arises.'), 365);
  t.equal(days('No action arising out of these Terms may be brought by either party more than two years after the cause of action accrued.'), 730);
  t.equal(days('You must initiate any proceeding within six (6) months of the events giving rise to the claim.'), 180);
  // Deadlines that are not for bringing claims.
  t.equal(days('Appeals must be filed within two weeks of the account suspension.'), null);
  t.equal(days('You must request a refund within 30 days of the charge.'), null);
});
