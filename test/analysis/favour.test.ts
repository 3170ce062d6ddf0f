// What the terms give the user is never listed as a concern, whatever its keywords.
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { inYourFavour } from '../../src/analysis/favour.js';

const FAVOUR = [
  'You, the buyer, may cancel this Agreement, without any penalty or obligation, at any time prior to midnight of the third business day.',
  'If you are a user outside the United States, you may bring a claim in the state where you are habitually resident.',
  'Some provinces and states do not provide exclusion of limitation of liability (including Quebec), so the above limitations may not apply to you.',
  'Nothing in these Terms limits your statutory rights as a consumer.',
  'We will notify you at least 30 days before any change to these terms takes effect.',
  'You can opt out of this arbitration agreement by emailing us within 30 days.',
];
const CONCERN = [
  'We may terminate your account at any time for any reason without notice.',
  'You may not use any robot, spider or scraper to access the service.',
  'You may be charged a fee if you cancel early.',
  'We will not be liable for any indirect damages.',
  'You agree to indemnify and hold harmless the Company from any claim.',
  'We will notify you of changes, but we may change these terms at any time.',
];

t.test('rights, duties and carve-outs are in the user\u2019s favour', async (t) => {
  for (const s of FAVOUR) t.ok(inYourFavour(s), s);
  for (const s of CONCERN) t.notOk(inYourFavour(s), s);
});

t.test('a clause in the user\u2019s favour is not listed as a concern', async (t) => {
  for (const s of FAVOUR) t.same(analyzeDocument(`${s}\n`), [], s);
  const listed = analyzeDocument('We may terminate your account at any time for any reason without notice.\n');
  t.equal(listed.length, 1);
  t.equal(listed[0].party, 'provider');
});

t.test('keywords alone make no concern', async (t) => {
  // A choice of law that names no law of the contract, an agreement to receive mail, a promotion.
  for (const s of [
    'By accepting these terms you agree to receive electronic communications from us.',
    'We may also offer special promotional plans, memberships or services.',
    'From time to time, we may promote Offers on the service.',
  ])
    t.same(
      analyzeDocument(`${s}\n`).map((c) => c.category),
      [],
      s,
    );
});
