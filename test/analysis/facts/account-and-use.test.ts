// provider_termination, minimum_age and automated_access on short sentences.
import t from 'tap';
import { readFacts } from '../../../src/analysis/facts/index.js';

const termination = (text: string) => {
  const p = readFacts(text).provider_termination;
  return p && { without_notice: p.without_notice, without_cause: p.without_cause };
};
const age = (text: string) => readFacts(text).minimum_age?.years ?? null;
const bots = (text: string) => readFacts(text).automated_access?.forbidden ?? null;

t.test('provider termination: notice and cause', async (t) => {
  t.same(termination('We may suspend or terminate your account at any time for any or no reason.'), { without_notice: false, without_cause: true });
  t.same(termination('We may, without prior notice, suspend your account if you violate these Terms.'), { without_notice: true, without_cause: false });
  // A list read with its lead-in.
  t.same(termination('We may suspend or terminate your access to your account:\nif you breach these Terms;\nfor any other reason in our sole discretion.'), {
    without_notice: false,
    without_cause: true,
  });
  t.same(termination('We reserve the right to refuse service to anyone.'), { without_notice: false, without_cause: true });
  // Not the provider's power over the account.
  t.equal(termination('You may terminate your account at any time by deleting it.'), null);
  t.equal(termination('We may remove any content you post at any time and for any reason.'), null);
  t.equal(termination('If these Terms are terminated for any reason, sections 3 and 4 survive.'), null);
});

t.test('minimum age', async (t) => {
  t.equal(age('You must be at least 13 years old to use the Services.'), 13);
  t.equal(age('No one under 16 is allowed to create an account or use the Services.'), 16);
  t.equal(age('You affirm that you are 18 years or older, or that you are 13 years or older and have obtained parental consent to use the Service.'), 13);
  t.equal(age('You must be at least 18 years old to view mature content.'), null);
  t.equal(age('Do not solicit personal information from children under 13 years of age.'), null);
});

t.test('automated access', async (t) => {
  t.equal(bots('You will not use any robot, spider, crawler, scraper, or other automated means to access the Services.'), true);
  t.equal(bots('You may not:\nscrape the Services.'), true);
  t.equal(bots('Unauthorised automated access to the platform is prohibited.'), true);
  // The provider's own tools, a search engine's permission, one kind of automated act only.
  t.equal(bots('We use automated systems to detect spam.'), null);
  t.equal(bots('We conditionally grant permission to crawl the Services to search engines that follow robots.txt.'), null);
  t.equal(bots('You must not access the Services through automated means in a manner that puts excessive demand on them.'), null);
  t.equal(bots('You must not create accounts through unauthorized or automated means.'), null);
});

t.test('a document that says nothing has nine nulls', async (t) => {
  t.same(Object.values(readFacts('Welcome to our service. We hope you enjoy it.')), Array(9).fill(null));
});
