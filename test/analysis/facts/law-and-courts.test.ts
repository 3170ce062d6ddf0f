// governing_law and courts on short sentences: the place is read from the clause that chooses it, the
// United States version wins over other regions', and "exclusive" follows the words that make it so.
import t from 'tap';
import { readFacts } from '../../../src/analysis/facts/index.js';

const law = (text: string) => readFacts(text).governing_law?.place ?? null;
const courts = (text: string) => {
  const c = readFacts(text).courts;
  return c && { place: c.place, exclusive: c.exclusive };
};

t.test('governing law: the place the terms choose', async (t) => {
  const cases: [string, string | null][] = [
    ['These Terms are governed by the laws of the State of California, without regard to its conflict of laws rules.', 'California'],
    ['Any dispute shall be governed by French law, unless prohibited by the laws of the country in which you reside.', 'France'],
    ['The laws of England and Wales govern these Terms.', 'England and Wales'],
    ['The laws of the Republic of Lithuania apply to these terms and conditions.', 'Lithuania'],
    ['THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF NEW YORK AS THEY APPLY TO AGREEMENTS MADE THERE.', 'New York'],
    // Not the law of the contract.
    ['Acme Limited is a company registered under the laws of the Republic of Ireland.', null],
    ['The Services are protected by copyright, trademark, and other laws of the United States and other countries.', null],
    ['If you are a consumer, these Terms are governed by the law of the jurisdiction in which you live.', null],
  ];
  for (const [text, place] of cases) t.equal(law(text), place, text);
});

t.test('governing law: the United States version before other regions', async (t) => {
  const text = [
    'If you live in the European Union, the laws of Ireland govern these Terms.',
    'In all other cases, these Terms are governed by the laws of the State of Texas.',
  ].join('\n');
  t.equal(law(text), 'Texas');
  const versions = [
    'Terms if you live in the European Union',
    'These Terms are governed by the laws of Ireland.',
    'Terms if you live in the United States',
    'These Terms are governed by the laws of the State of Delaware.',
  ].join('\n');
  t.equal(law(versions), 'Delaware');
});

t.test('courts: place and exclusivity', async (t) => {
  t.same(courts('All disputes will be brought solely in the federal or state courts located in San Francisco County, California.'), {
    place: 'San Francisco County, California',
    exclusive: true,
  });
  t.same(courts('Disputes may be resolved in the courts of Amsterdam, unless consumer protection laws require otherwise.'), {
    place: 'Amsterdam',
    exclusive: false,
  });
  // The user's home courts stay open.
  t.same(courts('Legal action can only be brought in the courts of the Republic of Lithuania (or in the courts of any EU Member State where you reside).'), {
    place: 'Lithuania',
    exclusive: false,
  });
  // A county named beside a district of its state.
  t.same(
    courts(
      'Any action will be heard exclusively in the U.S. District Court for the Northern District of California or a state court located in San Mateo County.',
    ),
    {
      place: 'San Mateo County, California',
      exclusive: true,
    },
  );
  // Courts that only serve an arbitration or a copyright counter-notice are no forum.
  t.equal(courts('Judgment on the award may be entered in any court of competent jurisdiction in Santa Clara County, California.'), null);
  t.equal(
    courts('A statement that you consent to the jurisdiction of Federal District Court for the judicial district in which your address is located.'),
    null,
  );
});

t.test('evidence is the sentence read, verbatim', async (t) => {
  const text = 'Welcome.\nThese Terms are governed by the laws of Sweden.';
  const fact = readFacts(text).governing_law;
  t.ok(fact);
  t.same(
    fact!.evidence.map((e) => text.slice(e.start, e.end)),
    ['These Terms are governed by the laws of Sweden.'],
  );
});
