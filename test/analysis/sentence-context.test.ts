// Dispute sentences that lean on the sentences before them in their paragraph: a scope stated once
// ("If you are using the Services on behalf of a business, ...") and courts named once ("those courts").
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { normaliseDocument } from '../../src/analysis/normalise.js';
import { sentenceContexts } from '../../src/analysis/sentence-context.js';
import { segmentSentences } from '../../src/analysis/engine/segment.js';
import { translateClause } from '../../src/analysis/translate.js';

// Snapchat's business-use arbitration paragraph (../shared/terms/current/Snapchat.md, section 20).
const BUSINESS_ARBITRATION =
  'If you are using the Services on behalf of a business (rather than for your personal use), you and Snap agree that to the extent permitted by law, all claims and disputes between us arising out of or relating to these Terms or the use of the Services will be finally settled through binding arbitration under the LCIA Arbitration Rules, which are incorporated by reference into this clause.';
const LONDON =
  'There will be one arbitrator (to be appointed by the LCIA), the arbitration will take place in London and the arbitration will be conducted in English.';
const ENGLAND =
  'To the extent that these Terms allow you or Snap to initiate litigation in a court, both you and Snap agree that all claims and disputes (whether contractual or otherwise) arising out of or relating to the Terms or the use of the Services will be litigated exclusively in the courts of England in the United Kingdom, unless this is prohibited by the laws of the country where you reside.';
const THOSE_COURTS = 'You and Snap consent to the exclusive jurisdiction of those courts.';

function clauseFor(text: string, quote: string) {
  const clause = analyzeDocument(text).find((c) => c.clause_text === quote);
  if (!clause) throw new Error(`not reported: ${quote}`);
  return clause;
}

// A procedure sentence does not itself send disputes to arbitration: it is told as it reads.
const SEATED = 'Such disputes will be resolved by arbitration seated in London, before one arbitrator appointed by the LCIA.';

t.test("a scope stated at the head of a paragraph holds for the paragraph's later dispute sentences", async (t) => {
  const procedure = clauseFor(`${BUSINESS_ARBITRATION} ${LONDON}`, LONDON);
  t.equal(procedure.category, 'arbitration');
  t.match(procedure.plain_english, /^There will be one arbitrator \(to be appointed by the LCIA\), the arbitration/, 'no claim the quote does not make');
  const together = clauseFor(`${BUSINESS_ARBITRATION} ${SEATED}`, SEATED);
  t.equal(together.category, 'arbitration');
  t.match(together.plain_english, /^If you are using the Services on behalf of a business: disputes go to private arbitration run by LCIA in London/);
  const apart = clauseFor(`${BUSINESS_ARBITRATION}\n\n${SEATED}`, SEATED);
  t.match(apart.plain_english, /^Disputes go to private arbitration run by LCIA in London/, 'a new paragraph starts without it');
});

t.test('a sentence that turns to the other users, or states its own scope, does not inherit', async (t) => {
  const text = `If you are a consumer in the EEA, you may bring claims in the courts of the country where you live. Otherwise, all disputes must be brought exclusively in the courts of Ireland. ${THOSE_COURTS}`;
  const spans = segmentSentences(text);
  const contexts = sentenceContexts(text, spans);
  t.equal(contexts[1].scope, undefined, '"Otherwise" is the other users');
  t.equal(contexts[2].scope, undefined, 'and the scope stays ended after it');
  t.same(contexts[2].courtPlaces, ['Ireland']);
  const claims = 'For claims of less than $10,000, either party may choose arbitration. The arbitration will take place in London.';
  t.equal(sentenceContexts(claims, segmentSentences(claims))[1].scope, undefined, 'a scope of claims, not of users, is its own sentence only');
});

t.test('"those courts" are the courts named earlier in the paragraph', async (t) => {
  const clause = clauseFor(`${ENGLAND} ${THOSE_COURTS}`, THOSE_COURTS);
  t.equal(clause.plain_english, 'Disputes have to be brought before the courts in England and nowhere else, even if you live somewhere else.');
  const alone = clauseFor(`${ENGLAND}\n${THOSE_COURTS}`, THOSE_COURTS);
  // Across paragraphs the courts are not read: the clause is told in its own words, with no stock "courts named just before".
  t.notMatch(alone.plain_english, /named just before|England/, 'not across paragraphs');
  t.match(alone.plain_english, /courts/i, 'the quote itself, made readable');
  const both =
    'All claims will be litigated exclusively in the federal or state courts located in San Francisco County, California. If that court would lack jurisdiction, all such claims will be litigated exclusively in the courts of Los Angeles County, California. You consent to the personal jurisdiction of both courts.';
  const spans = segmentSentences(both);
  t.same(sentenceContexts(both, spans)[2].courtPlaces, ['San Francisco County, California', 'Los Angeles County, California'], 'each place once, in order');
});

t.test('a local-law exception or small claims at home keep no home forum', async (t) => {
  t.match(
    translateClause(ENGLAND, 'jurisdiction'),
    // "To the extent that these Terms allow ... litigation in a court": what applies where disputes are not arbitrated (issue 44).
    /^For disputes that do not go to arbitration: disputes have to be brought before the courts in England and nowhere else, unless the law where you live forbids it\.$/,
  );
  const quora =
    'If you are not a user in the European Economic Area, the United Kingdom, or Switzerland, to the extent that the arbitration provisions set forth in Section 11) do not apply, or if you have opted out of arbitration, the parties agree that any litigation between them must be filed exclusively in state or federal courts located in Santa Clara County, California (except for small claims court actions which may be brought in the county where you reside).';
  t.equal(
    translateClause(quora, 'jurisdiction'),
    'If you are not a user in the European Economic Area, the United Kingdom, or Switzerland: disputes have to be brought before the courts in Santa Clara County, California and nowhere else, even if you live somewhere else; small claims can still go to the court where you live.',
  );
});

t.test("a country's schedule of terms limits its dispute sentences to that country's users", async (t) => {
  const text = [
    '- SCHEDULE 1: UNITED STATES-SPECIFIC TERMS',
    '- SCHEDULE 2: AUSTRALIA-SPECIFIC TERMS',
    '',
    'These Terms will be governed by the laws of Singapore.',
    '',
    'SCHEDULE 1: UNITED STATES-SPECIFIC TERMS',
    '',
    'Governing Law',
    '',
    'These Terms and any Dispute will be governed by Delaware law, without regard to conflict of law principles.',
    'EACH OF THE PARTIES HERETO IRREVOCABLY WAIVES ANY AND ALL RIGHT TO TRIAL BY JURY IN ANY LEGAL PROCEEDING ARISING OUT OF OR RELATING TO THESE TERMS.',
    '',
    'SCHEDULE 2: AUSTRALIA-SPECIFIC TERMS',
    '',
    'These Terms will be governed by the laws of New South Wales, Australia.',
  ].join('\n');
  const told = new Map(analyzeDocument(text).map((c) => [c.clause_text, c.plain_english]));
  t.equal(
    told.get('These Terms will be governed by the laws of Singapore.'),
    'The contract is governed by the law of Singapore, not necessarily the law where you live.',
    'entries of a table of contents open no section',
  );
  t.match(
    told.get('These Terms and any Dispute will be governed by Delaware law, without regard to conflict of law principles.'),
    /^For users in the United States: the contract is governed by the law of Delaware/,
    'through the sub-heading',
  );
  t.match(
    [...told].find(([q]) => q.startsWith('EACH OF THE PARTIES'))?.[1],
    /^For users in the United States: you and the provider each give up the right to a jury trial/,
  );
  t.match(
    told.get('These Terms will be governed by the laws of New South Wales, Australia.'),
    /^For users in Australia: /,
    'the next schedule is the next country',
  );
  const general = 'ADDENDUM: ADDITIONAL COUNTRY-SPECIFIC TERMS\n\nThese Terms will be governed by the laws of Singapore.';
  t.equal(sentenceContexts(general, segmentSentences(general))[1].scope, undefined, '"additional country" names no country');
});

t.test('cross-references are no scope; a scope that is no cross-reference leads every arbitration sentence', async (t) => {
  t.equal(
    translateClause(
      'Except as otherwise provided in these Terms, any legal action that is not subject to arbitration must be brought exclusively in the state or federal courts located in Delaware.',
      'jurisdiction',
    ),
    'For disputes that do not go to arbitration: disputes have to be brought before the courts in Delaware and nowhere else, even if you live somewhere else.',
  );
  t.match(
    translateClause(
      'For any actions not subject to Section 11 (Arbitration), the exclusive place of jurisdiction for any claim is San Francisco County, California.',
      'jurisdiction',
    ),
    /^For disputes that do not go to arbitration: /,
  );
  t.match(
    translateClause(
      'If you are a resident of the United States, you may opt out of this arbitration agreement within 30 days by sending us a written notice.',
      'arbitration',
    ),
    /^If you are a resident of the United States: you can opt out of arbitration within 30 days/,
  );
});

t.test('from a code review: a scope does not leak to the other users, nor from sentences about no dispute', async (t) => {
  const scopes = (text: string) => sentenceContexts(text, segmentSentences(text)).map((c) => c.scope);
  const eea = 'If you are a consumer in the EEA, you may bring claims in the courts of the country where you live.';
  for (const other of [
    'If you live elsewhere, all disputes must be brought exclusively in the courts of California.',
    'All other disputes must be brought exclusively in the courts of Ireland.',
    'Users outside the EEA agree that all disputes will be resolved by binding arbitration.',
    'In other cases, the courts of Ireland have exclusive jurisdiction.',
    'Everyone else agrees that the laws of California govern these Terms.',
    'If you do not live in the EEA, the laws of Ireland govern these Terms.',
  ])
    t.equal(scopes(`${eea} ${other}`)[1], undefined, other);
  t.equal(
    scopes('If you are dissatisfied with the Services, your sole remedy is to stop using them. All disputes will be resolved by binding arbitration.')[1],
    undefined,
    'no dispute in the scoped sentence',
  );
  t.equal(scopes('If you are a consumer, nothing in these Terms affects your statutory rights. All disputes go to the courts of England.')[1], undefined);
  t.equal(
    scopes(
      `If you are using the Services on behalf of a business, all claims will be settled through binding arbitration. ${'There will be one arbitrator.'}`,
    )[1],
    'If you are using the Services on behalf of a business',
    'a dispute sentence still carries it',
  );
});

t.test('from a code review: country sections open only at the real heading and close at a numbered one', async (t) => {
  const scopes = (text: string) => new Map(analyzeDocument(text).map((c) => [c.clause_text, c.plain_english]));
  // A table of contents without bullets (HTML paragraphs) opens nothing: the same heading stands again further down.
  const html =
    '<p><a href="#s1">SCHEDULE 1: UNITED STATES-SPECIFIC TERMS</a></p><p><a href="#s2">SCHEDULE 2: CANADA-SPECIFIC TERMS</a></p><h2>18. Governing Law</h2><p>These Terms will be governed by the laws of Singapore.</p><h2>SCHEDULE 2: CANADA-SPECIFIC TERMS</h2><p>These Terms will be governed by the laws of Ontario.</p>';
  const told = scopes(normaliseDocument(html, 'html'));
  t.equal(
    told.get('These Terms will be governed by the laws of Singapore.'),
    'The contract is governed by the law of Singapore, not necessarily the law where you live.',
  );
  t.match(told.get('These Terms will be governed by the laws of Ontario.'), /^For users in Canada: /, 'the real heading does open it');
  const numbered =
    'Canada-Specific Terms\n\nThese Terms are governed by the laws of Ontario.\n\n12. GOVERNING LAW\n\nThese Terms are governed by the laws of California.';
  t.match(scopes(numbered).get('These Terms are governed by the laws of California.'), /^The contract is governed/, 'the main document again');
  // Headings that name no country, and shouted abbreviations.
  const headed = (heading: string) =>
    sentenceContexts(
      `${heading}\n\nThese Terms are governed by the laws of Texas.`,
      segmentSentences(`${heading}\n\nThese Terms are governed by the laws of Texas.`),
    )[1].scope;
  t.equal(headed('Jurisdiction-Specific Terms'), undefined);
  t.equal(headed('Apple-Specific Terms'), undefined);
  t.equal(headed('UK-SPECIFIC TERMS'), 'For users in the UK');
  t.equal(headed('EEA-Specific Terms'), 'For users in the EEA');
  t.equal(headed('SCHEDULE 3: EUROPEAN UNION AND UNITED KINGDOM-SPECIFIC TERMS'), 'For users in the European Union and United Kingdom');
});

t.test('from a code review: "These Terms" names no earlier courts; a place that only ends like another is kept; many courts stay fast', async (t) => {
  const text =
    'Nothing in these Terms stops you from suing in the courts of Germany. These Terms and any dispute shall be subject to the exclusive jurisdiction of the courts where we have our registered office.';
  t.notMatch(
    translateClause(segmentSentences(text).map((s) => text.slice(s.start, s.end))[1], 'jurisdiction', sentenceContexts(text, segmentSentences(text))[1]),
    /Germany/,
  );
  const ireland =
    'All claims shall be brought in the courts of Northern Ireland or the courts of Ireland. You consent to the exclusive jurisdiction of those courts.';
  t.same(sentenceContexts(ireland, segmentSentences(ireland))[1].courtPlaces, ['Northern Ireland', 'Ireland']);
  const counties = 'All claims go to the courts of Los Angeles County, California. Or to the courts of California. You consent to those courts.';
  t.same(sentenceContexts(counties, segmentSentences(counties))[2].courtPlaces, ['Los Angeles County, California'], 'a place inside a longer one gives way');
  // Every distinct court of a long paragraph was kept and compared with every other: 30 s for 24 kB.
  // Now at most a few are kept; 20,000 sentences would take hours the old way, so the tap timeout fails it if that comes back.
  // Names of letters only, so that each is found as a place (a digit would make none a place).
  const letters = (n: number): string => (n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26) - 1) + String.fromCharCode(97 + (n % 26)));
  const many = Array.from({ length: 20_000 }, (_, i) => `Courts of A${letters(i + 1000)}.`).join(' ');
  const contexts = sentenceContexts(many, segmentSentences(many));
  t.equal(contexts.at(-1)!.courtPlaces.length, 6);
});

t.test('review: a country section keeps its own numbered parts; "if you do not want" is no turn to other users', async (t) => {
  const canada =
    'SCHEDULE 2: CANADA-SPECIFIC TERMS\n\n1. Governing Law\n\nThese Terms are governed by the laws of Ontario.\n\n2. Disputes\n\nDisputes shall be resolved exclusively in the courts of Toronto, and you consent to the exclusive jurisdiction and venue of those courts.\n\n14. GENERAL\n\nThese Terms are governed by the laws of Ireland.';
  const clauses = analyzeDocument(normaliseDocument(canada, 'markdown'));
  const told = (quote: string) => clauses.find((c) => c.clause_text.startsWith(quote))?.plain_english ?? '';
  t.match(told('These Terms are governed by the laws of Ontario'), /^For users in Canada: /);
  t.match(told('Disputes shall be resolved exclusively'), /^For users in Canada: /);
  t.notMatch(told('These Terms are governed by the laws of Ireland'), /Canada/, 'the main document numbering closes the section');
  const eea =
    'If you are a consumer living in the EEA, disputes may be brought in the courts of the country where you live. If you do not want to use those courts, disputes shall be resolved exclusively in the courts of Ireland.';
  const spans = segmentSentences(eea);
  t.equal(sentenceContexts(eea, spans)[1].scope, 'If you are a consumer living in the EEA');
});

t.test('a sentence on all disputes does not inherit the scope of the sentence before it', async (t) => {
  const gov =
    'If you are a U.S. federal government entity, any claims arising out of or relating to these Terms will be governed by the laws of the United States of America.';
  const all = 'All disputes related to these Terms or the Services will be brought solely in the federal or state courts located in San Francisco, California.';
  const clause = clauseFor(`${gov} ${all}`, all);
  t.notMatch(clause.plain_english, /government entity/);
});
