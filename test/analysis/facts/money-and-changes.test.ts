// liability_cap and terms_changes on short sentences.
import t from 'tap';
import { readFacts } from '../../../src/analysis/facts/index.js';

const cap = (text: string) => {
  const c = readFacts(text).liability_cap;
  return c && { amount: c.amount, currency: c.currency, fees_paid_months: c.fees_paid_months };
};
const changes = (text: string) => {
  const c = readFacts(text).terms_changes;
  return c && { notice: c.notice, notice_days: c.notice_days };
};

t.test('liability cap: fixed sum, currency, months of fees', async (t) => {
  t.same(cap('Our aggregate liability shall not exceed the greater of $100 USD or the amount you paid us in the past six months.'), {
    amount: 100,
    currency: 'USD',
    fees_paid_months: 6,
  });
  t.same(cap("IN NO EVENT SHALL UBER'S TOTAL LIABILITY TO YOU EXCEED FIVE HUNDRED EUROS (€500)."), { amount: 500, currency: 'EUR', fees_paid_months: null });
  t.same(cap('Our total liability is limited to the amount paid to us in the twelve (12) months prior to the claim.'), {
    amount: null,
    currency: null,
    fees_paid_months: 12,
  });
  t.same(
    cap('Our aggregate liability is limited to the greater of the following amounts:\nthe amount you paid us in the 6 months before the claim; and\nGBP 100.'),
    {
      amount: 100,
      currency: 'GBP',
      fees_paid_months: 6,
    },
  );
  // No cap: what is excluded or "to the extent permitted", and the user's own liability.
  t.equal(cap('Liability is limited to typical and foreseeable damages.'), null);
  t.equal(cap('Our liability is limited to the maximum extent permitted by law.'), null);
});

t.test('terms changes: notified, posted, none', async (t) => {
  t.same(changes('We may update these Terms from time to time. We will notify you by email at least 30 days before changes take effect.'), {
    notice: 'notified',
    notice_days: 30,
  });
  t.same(
    changes(
      'We may revise these Terms at any time. We will post the revised Terms and update the Effective Date above. If the changes are material, we may also notify you by email.',
    ),
    {
      notice: 'posted',
      notice_days: null,
    },
  );
  t.same(
    changes(
      'We will provide notice to you by posting a revised version. Acme reserves the right to modify these Terms of Service. The modified version will become effective fourteen days after we have posted it.',
    ),
    {
      notice: 'posted',
      notice_days: 14,
    },
  );
  t.same(changes('We reserve the right to amend these Terms at our sole discretion, and amendments take effect immediately.'), {
    notice: 'none',
    notice_days: null,
  });
  // The user's changes, or a section that is not the terms.
  t.equal(changes('You may change your password at any time.'), null);
});
