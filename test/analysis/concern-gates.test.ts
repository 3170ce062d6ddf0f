// What is listed, under which title and whose it is, read from the quote: a duty denied is no power,
// consent to data use binds to no document, a power of the provider's is the provider's wherever it
// stands, and the user's own responsibility is titled so only where the quote puts it on the user.
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';

function listed(text: string) {
  return analyzeDocument(text);
}

t.test('a duty to delete denied is no content removal', async (t) => {
  const clauses = listed('We have no obligation to delete content that you personally may find objectionable or offensive.');
  t.same(
    clauses.filter((c) => c.category === 'content-removal'),
    [],
  );
});

t.test('consent to the collection of data is not being bound by using', async (t) => {
  const clauses = listed(
    'You understand that through your use of the Services you consent to the collection and use (as set forth in the Privacy Policy) of this information, including the transfer of this information to the United States.',
  );
  t.same(
    clauses.filter((c) => c.category === 'contract-by-using'),
    [],
  );
});

t.test("the provider's power is the provider's even after what the user answers for", async (t) => {
  const [clause] = listed(
    'You are responsible for your content and any activity that occurs under your account: But we can change, limit access to or remove that content.',
  ).filter((c) => c.category === 'content-removal');
  t.ok(clause, 'listed');
  t.equal(clause.party, 'provider');
});

t.test('"Your own responsibility" only where the quote puts something on the user', async (t) => {
  const own = listed('YOU ARE SOLELY RESPONSIBLE FOR ANY USE OF AIGC OR OUTPUTS TO THE FULLEST EXTENT PERMITTED BY APPLICABLE LAWS.');
  t.ok(own.some((c) => c.title === 'Your own responsibility'));
  const cap = listed('Where we are liable to you and, you have suffered some loss, we limit our liability to a set amount.');
  t.notOk(
    cap.some((c) => c.title === 'Your own responsibility'),
    'a cap on what the provider owes is no responsibility of the user',
  );
  t.equal(cap[0]?.party, 'provider', 'the condition ("Where we are liable to you and, you have suffered loss,") is read past');
});

t.test('a step the user elects in arbitration is an arbitration procedure, not forced arbitration', async (t) => {
  const clauses = listed(
    'If you elect to have your claim addressed as part of a mass arbitration (defined below), you agree to the additional procedures set forth below.',
  ).filter((c) => c.category === 'arbitration');
  for (const c of clauses) t.equal(c.title, 'Arbitration procedure');
  t.pass();
});

t.test('a right with an aside is still a right; users who end their own agreement are the users', async (t) => {
  const { inYourFavour } = await import('../../src/analysis/favour.js');
  const { clauseParty } = await import('../../src/analysis/party.js');
  t.ok(inYourFavour('You can, of course, opt out of auto-renewal by turning off the auto-renew option in your settings at any time.'));
  t.equal(clauseParty('unless agreed otherwise by host and co-host, host and co-host may terminate the co-host agreement at any time.'), 'user');
});
