// The grammar of a clause (issue 44, item 2): its main clause, its conditions, exceptions and asides;
// a fallback (what applies only if another provision fails) is known as one, and a place named only
// in an exception is not the rule's place.
import t from 'tap';
import { clauseStructure, withoutExceptions } from '../../src/analysis/clause-structure.js';
import { findSpecifics } from '../../src/analysis/specifics.js';

const main = (s: string) => clauseStructure(s).main.replace(/\s+/g, ' ').trim();

t.test('conditions, exceptions and asides are read apart from the main clause', async (t) => {
  t.equal(main('If you breach these Terms, we may terminate your account.'), 'we may terminate your account.');
  t.equal(
    main('We may terminate your account at any time if you breach these Terms, and we may delete your content.'),
    'We may terminate your account at any time , and we may delete your content.',
  );
  t.equal(
    main('Upon any termination of this Agreement, all rights and licenses granted hereunder will immediately terminate.'),
    'all rights and licenses granted hereunder will immediately terminate.',
    'a leading "upon" phrase',
  );
  t.equal(
    main('These Terms are governed by the laws of Ireland, unless the mandatory law of your country requires otherwise.'),
    'These Terms are governed by the laws of Ireland',
  );
  t.equal(
    main('Hence, when a post is reported, the account that made it can be suspended.'),
    'Hence, the account that made it can be suspended.',
    'an adverb, then a condition',
  );
  t.equal(
    main('VINTED will not verify the Content and, to the extent permitted by applicable law, will under no circumstances be held liable for it.'),
    'VINTED will not verify the Content and , will under no circumstances be held liable for it.',
    'a short qualifier set off by commas',
  );
  t.equal(
    main('Even if we are liable for damages to a User, our liability is limited to 1,000 yen.'),
    'Even if we are liable for damages to a User, our liability is limited to 1,000 yen.',
    '"even if" concedes, it does not condition',
  );
  t.equal(
    main('By using our website you agree to these terms – please read them carefully'),
    'By using our website you agree to these terms – please read them carefully',
    'no comma: no condition',
  );
  t.equal(
    main(
      'Except for claims of infringement, in the event that informal resolution is not successful, any and all disputes between you and us arising under this Agreement shall be resolved through binding arbitration.',
    ),
    'any and all disputes between you and us arising under this Agreement shall be resolved through binding arbitration.',
    'two leading parts in a row',
  );
});

t.test('a fallback is a clause conditioned on another provision failing or not applying', async (t) => {
  const fallbacks: [string, string][] = [
    ['To the extent any Dispute is not arbitrable, the Dispute must be resolved exclusively by a court located in Delaware.', 'arbitration'],
    ['Any dispute between the parties that is not subject to arbitration will be resolved in Zug, Switzerland.', 'arbitration'],
    [
      'If any Claim is not subject to arbitration pursuant to Section 18, then the courts located in the State of Delaware will have exclusive jurisdiction.',
      'arbitration',
    ],
    [
      'In the event this agreement to arbitrate is held unenforceable by a court, the disputes shall be brought in the courts located in New York City.',
      'arbitration',
    ],
    ['If you opt out of arbitration, all disputes will be heard by the courts of Santa Clara County.', 'arbitration'],
    ['To the extent that the parties litigate any part of any dispute in court, the laws of the State of Texas shall apply.', 'arbitration'],
    ['If the Class Action Waiver is found invalid, unenforceable, or illegal, the entire dispute resolution section will be void.', 'waiver'],
    ['If this jury trial waiver is found unenforceable, the claims will proceed in court.', 'waiver'],
  ];
  for (const [s, of] of fallbacks) t.equal(clauseStructure(s).fallback, of, s.slice(0, 60));
  const rules = [
    'All disputes will be resolved by binding arbitration.',
    'This limitation of liability does not apply to you if you live in the EU.',
    'The courts of England have exclusive jurisdiction, and these Terms are governed by English law.',
    'You may opt out of this arbitration agreement within 30 days.',
  ];
  for (const s of rules) t.equal(clauseStructure(s).fallback, undefined, s.slice(0, 60));
});

t.test('a place named only in an exception is not the rule’s place', async (t) => {
  const law = 'These Terms are governed by the laws of Ireland, unless the mandatory law of Germany requires otherwise.';
  t.notMatch(withoutExceptions(law), /Germany/);
  t.same(findSpecifics(law).lawPlaces, ['Ireland']);
  const courts = 'Except for claims brought in the courts of Texas, all disputes shall be resolved by the courts of Delaware.';
  t.same(findSpecifics(courts).courtPlaces, ['Delaware']);
  t.same(findSpecifics('Disputes go to the courts of England (except claims in the courts of Scotland).').courtPlaces, ['England']);
});
