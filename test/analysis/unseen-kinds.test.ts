// Kinds of wrong readings found on terms nobody here had read (issue 44; round 9a and open documents
// of ../shared/terms/ota-contrib), each tested as a kind by an example of it: what a clause's grammar
// says is told, nothing it does not.
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { groundedIn } from '../../src/analysis/grounded.js';
import { translateClause } from '../../src/analysis/translate.js';

const clausesOf = (text: string) => analyzeDocument(text);
const only = (text: string) => {
  const clauses = clausesOf(text);
  return clauses.find((c) => text.includes(c.clause_text) && c.clause_text.length > 20);
};

t.test('a warning, a definition and a section said not to apply are listed under nothing', async (t) => {
  for (const text of [
    '1.4. PLEASE CAREFULLY READ THE BINDING ARBITRATION CLAUSE AND CLASS ACTION WAIVER IN SECTION 14.',
    '"Software" means any downloadable tools provided by the Company, and any updates the Company may make to such Software from time to time.',
    'For city or state government entities, the section of these Terms regarding governing law and venue will not apply.',
    'IF YOU DO NOT AGREE TO BE BOUND BY ALL OF THESE TERMS OF USE, DO NOT USE THE PROPERTIES.',
  ])
    t.same(clausesOf(text), [], text.slice(0, 50));
  t.ok(clausesOf('By using the Services, you agree to be bound by these Terms.').length, 'the statement itself is listed');
});

t.test('an item of a list that keeps a protection keeps it; giving up asking for indemnity is no indemnity', async (t) => {
  const carveOut =
    "Nothing in this Agreement excludes or limits either party's liability for:\n- death or personal injury caused by its negligence;\n- fraud;\n- matters for which liability cannot be excluded or limited under applicable law.";
  t.notOk(
    clausesOf(carveOut).some((c) => c.category === 'limitation-of-liability'),
    'the carve-out list is no limitation',
  );
  const release =
    'The Service is provided "as is" and you agree neither to hold the Company responsible nor to seek indemnification for any damages that may arise from the loss of data.';
  t.notOk(
    clausesOf(release).some((c) => c.category === 'indemnification'),
    'not seeking indemnification is no indemnity of the provider',
  );
});

t.test('a change is told of what it changes, and what narrows it stays', async (t) => {
  const credit =
    'Nothing in this Agreement obligates the Company to extend credit to any party, and the Company may revise or revoke any previously-extended credit at any time.';
  t.notMatch(translateClause(credit, 'unilateral-change'), /\bthese terms\b/, 'credit is not the terms');
  const narrowed: [string, string][] = [
    [
      'Within the limits of applicable law, the Company reserves the right to review and change these Terms and Conditions at any time.',
      'The provider can change these terms at any time.',
    ],
    ['We reserve the right to make those changes, and to change these terms in line with them.', 'The provider can change these terms.'],
    [
      'We may change the purchase price for Credits at any time as well as the way that you can use or transfer the credits.',
      'The provider can change its prices at any time.',
    ],
    [
      'We reserve the right to change these Terms of Use at any time in its sole discretion on a going-forward basis, and we will make commercially reasonable efforts to notify you of any material changes.',
      'The provider can change these terms at any time, at its own discretion, telling you of significant changes.',
    ],
    [
      'Abuse or excessively frequent requests via the API may result in the temporary or permanent suspension of your Account’s access to the API.',
      'The provider can suspend your account temporarily or permanently if you break the rules.',
    ],
    [
      'Use of the Services for spam is prohibited, and can lead to, at the sole discretion of the Company, the immediate suspension of the Services.',
      'The provider can suspend your use of the service at its own discretion.',
    ],
  ];
  for (const [quote, rendering] of narrowed) t.notOk(groundedIn(rendering, quote, 'provider'), quote.slice(0, 60));
  t.ok(
    groundedIn('The provider can change these terms at any time.', 'We may change these Terms at any time.', 'provider'),
    'an unqualified power is told as such',
  );
});

t.test('an ungrounded rendering lends the title no qualifier; a platform in its own terms is the provider', async (t) => {
  const [suspension] = clausesOf(
    'Abuse or excessively frequent requests via the API may result in the temporary or permanent suspension of your access to the API.',
  );
  t.ok(suspension, 'listed');
  t.notMatch(suspension.title, /at will|for rule breaches/);
  const google = `${'Google provides the Services. '.repeat(12)}\n\nSubject to subsections (i) and (ii), Google may make updates to this Agreement from time to time.`;
  const change = clausesOf(google).find((c) => c.category === 'unilateral-change');
  t.equal(change?.party, 'provider', "Google's own terms: Google is the provider");
});

t.test('a lead-in that breaks off before its bullets is told with them', async (t) => {
  const text =
    'You agree that we will not be liable to you for any loss of profits or data, or for any indirect or consequential damages, however arising, that result from\n\n- your use or inability to use the Service;\n- any suspension or discontinuance of the Service;\n- statements of any third party on the Service.';
  const clause = clausesOf(text).find((c) => c.category === 'limitation-of-liability');
  t.match(clause?.plain_english, /that result from: your use or inability to use the Service; any suspension/);
});

t.test('a table row is a record, titled by its cell for the category', async (t) => {
  const text = [
    'The law and courts that apply depend on where you live.',
    '',
    'Where you live | Governing law | Courts',
    'United States | The laws of the State of California | The state and federal courts of Santa Clara County, California, which have exclusive jurisdiction',
    'Anywhere else | The laws of England and Wales | The courts of England',
  ].join('\n');
  const rows = analyzeDocument(text, { kinds: true }).filter((c) => /\|/.test(c.clause_text));
  t.ok(rows.length >= 1, 'a row is listed');
  for (const row of rows) {
    t.match(row.kind, /\/table$/);
    t.match(row.plain_english, /^A row of a table in the terms: Where you live: (?:United States|Anywhere else); Governing law: /);
  }
  const us = rows.find((r) => r.clause_text.startsWith('United States'));
  if (us?.category === 'jurisdiction') t.match(us.title, /Santa Clara County/, 'the courts cell names the title’s place');
});

t.test('titles and plain English name only what the facts readers read from the quote', async (t) => {
  const compel =
    'For any arbitration conducted, the parties agree to submit to the personal jurisdiction of any federal or state court in New Castle County, Delaware, in order to compel arbitration or to confirm, modify, vacate or enter judgment on the award entered by the arbitrator.';
  const clause = only(compel);
  if (clause) {
    t.notMatch(clause.plain_english, /^Disputes have to be brought/, 'courts that oversee an arbitration are no forum of disputes');
    t.notMatch(clause.title, /New Castle/);
  }
  const cap =
    'Our total liability to you for any and all claims shall be limited to the greater of: - 100% of the total fees paid by you to us in connection with your use of the Service; and - USD 5,000.';
  const capped = clausesOf(cap).find((c) => c.category === 'limitation-of-liability');
  t.ok(capped);
  t.notMatch(capped!.plain_english, /at most it will pay back what you paid it\.$/, 'the sum the readers read is not dropped');
});

t.test('found on the held-out open documents, mended as kinds', async (t) => {
  const notGrounded: [string, string][] = [
    // arbitration denied is no arbitration
    [
      'Any dispute about whether a claim qualifies for small claims court will be resolved by that court, not by the arbitrator.',
      'Disputes go to private arbitration instead of a court, except that small-claims court stays open for claims it can hear.',
    ],
    // an exception is kept as an exception ("only" keeps none)
    [
      'Except for certain kinds of disputes described in Section 17, you agree that disputes arising under these Terms will be resolved by binding, individual arbitration.',
      'Disputes go to private arbitration instead of a court; you can only bring claims on your own, not in a class action.',
    ],
    // the user's liability is never told as the provider's
    [
      'Any modifications are solely the Client’s responsibility and the Client shall be liable for any costs incurred as a result of modifications.',
      'The provider says it is liable for any costs incurred as a result of modifications.',
    ],
  ];
  for (const [quote, rendering] of notGrounded) t.notOk(groundedIn(rendering, quote, 'provider'), quote.slice(0, 60));
  // a relative clause on the subject names termination without stating it
  t.notOk(
    clausesOf(
      'Any suspected fraudulent or illegal activity that may be grounds for termination of your use of the Site, may be referred to law enforcement authorities.',
    ).some((c) => c.category === 'unilateral-termination'),
  );
  // "You understand, acknowledge, and agree that:" frames the provider's own disclaimer
  const framed = clausesOf(
    'You understand, acknowledge, and agree that:\n- we disclaim and have no responsibility for any loss you may incur as a result of your use of a margin account;\n- margin trading is risky.',
  ).find((c) => c.category === 'limitation-of-liability');
  if (framed) t.equal(framed.party, 'provider');
  // "e.g." ends no object of a disclaimer
  t.notMatch(
    translateClause(
      'We are not responsible or liable for the acts or omissions of third parties (e.g., partners) or the performance of their products.',
      'limitation-of-liability',
    ),
    /\(e\.$/,
  );
});
