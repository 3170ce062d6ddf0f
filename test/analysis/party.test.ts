// Whose right, power or duty a clause states, on the sentences the outside reading found wrong.
import t from 'tap';
import { clauseParty, mainClause } from '../../src/analysis/party.js';

const CASES: [string, 'provider' | 'user' | 'third-party'][] = [
  ['You, the buyer, may cancel this Agreement, without any penalty or obligation, at any time prior to midnight.', 'user'],
  ['You, and not Twitch, are solely responsible for any endorsements or testimonials you make.', 'user'],
  ['Passengers are responsible for obtaining all travel documents required.', 'user'],
  ['Rates may be changed by each Affiliate Store at any time.', 'third-party'],
  ['The arbitrator has the authority to rule on all issues except that a court has exclusive authority to decide arbitrability.', 'third-party'],
  ['Twitch may amend any of the terms of these Terms of Service by posting the amended terms.', 'provider'],
  ['We may terminate your account at any time for any reason.', 'provider'],
  ['To the fullest extent permitted by law, you agree that Twitch shall not be liable for any unauthorized copying.', 'provider'],
  ['Neither Snap nor its affiliates will be liable for any indirect damages.', 'provider'],
  ['Your account may be suspended if you break these rules.', 'provider'],
  ['Any dispute will be resolved by binding arbitration.', 'provider'],
  ['You and Twitch agree that any claim will be brought in San Francisco.', 'provider'],
  ['(b) you must not scrape the service.', 'user'],
  ['If you are under 18, you may not use the service.', 'user'],
  ['Apple is not responsible for any warranty claims about the app.', 'third-party'],
];

t.test('the acting subject of the main clause', async (t) => {
  for (const [sentence, party] of CASES) t.equal(clauseParty(sentence), party, sentence);
});

t.test('framing and leading conditions are read past', async (t) => {
  t.equal(mainClause('To the maximum extent permitted by applicable law, we disclaim all warranties.'), 'we disclaim all warranties.');
  t.equal(mainClause('If you break these terms, we may close your account.'), 'we may close your account.');
  t.equal(mainClause('iv. harvest email addresses of other users;'), 'harvest email addresses of other users;');
});
