// Kinds of provision the readers missed on never-read terms (issue 44, round of facts fixes): each case is
// a general way of writing a provision, written anew here, not a sentence of the documents measured.
import t from 'tap';
import { readFacts } from '../../../src/analysis/facts/index.js';

const facts = (lines: string[]) => readFacts(lines.join('\n'));
const courts = (lines: string[]) => {
  const c = facts(lines).courts;
  return c && { place: c.place, exclusive: c.exclusive };
};

t.test('courts: "a court of competent jurisdiction located in", demonyms, and disputes handed to a jurisdiction', async (t) => {
  t.same(courts(['Every claim against Acme must be heard by a court of competent jurisdiction within Travis County, Texas.']), {
    place: 'Travis County, Texas',
    exclusive: true,
  });
  t.same(courts(['You and we submit to the exclusive jurisdiction of the Irish courts for all disputes.']), { place: 'Ireland', exclusive: true });
  // The disputes, as the subject, are placed in a jurisdiction: that is where they go, not a mere consent.
  t.same(courts(['Any disagreement or claim under these Terms shall be subject to the jurisdiction of the courts of Zurich, Switzerland.']), {
    place: 'Zurich, Switzerland',
    exclusive: true,
  });
  t.same(courts(['For all legal disputes under this contract, jurisdiction lies with the District Court of Hamburg.']), { place: 'Hamburg', exclusive: true });
  // A party's consent names the courts without making them the only ones.
  t.same(courts(['The Member consents to the jurisdiction of the courts of the state of Ohio.']), { place: 'Ohio', exclusive: false });
  // "the State of X, Y County" is written county first, once.
  t.same(courts(['The parties submit to the exclusive jurisdiction of the courts located in the State of Oregon, Multnomah County.']), {
    place: 'Multnomah County, Oregon',
    exclusive: true,
  });
  // "the exclusive jurisdiction ... will be the Northern District of X".
  t.same(courts(['The exclusive jurisdiction for any proceeding about these terms will be the Western District of Washington.']), {
    place: 'Western District of Washington',
    exclusive: true,
  });
});

t.test('governing law: every verb of a choice, federal law beside a state, a region condition is no fallback', async (t) => {
  const law = (lines: string[]) => facts(lines).governing_law?.place ?? null;
  t.equal(law(['This Agreement shall be interpreted and enforced in accordance with the laws of Oregon.']), 'Oregon');
  t.equal(law(['The contract will be construed in every respect in accordance with the laws of the State of Ohio.']), 'Ohio');
  t.equal(law(['All disputes must be settled according to Danish law by the courts of Copenhagen.']), 'Denmark');
  t.equal(law(['These conditions are subject to Austrian law.']), 'Austria');
  t.equal(law(['These terms are governed by the laws of the United States and the State of Georgia.']), 'Georgia');
  t.equal(law(['Any dispute shall be decided in accordance with the New Jersey laws, without regard to conflict of laws rules.']), 'New Jersey');
  // "If you live in a country that is not in the EEA" speaks of users (the rest of the world), not of a provision failing.
  const regional = [
    'If you live in the European Economic Area, these terms are governed by the laws of Belgium.',
    'If you live in a country that is not part of the European Economic Area, these terms are governed by the laws of the State of Texas.',
  ];
  t.equal(law(regional), 'Texas');
});
