// A clause written in capitals is told in the case the document uses for its proper names, and a
// currency keeps its capitals (issue 42: "acme's ... fifty us dollars").
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { documentNames, namedCase } from '../../src/analysis/names.js';
import { readableClause } from '../../src/analysis/plain-english.js';
import { titleClause } from '../../src/analysis/translate.js';

const CAP =
  "IN NO EVENT SHALL ACME'S TOTAL LIABILITY TO YOU FOR ALL DAMAGES, LOSSES AND CAUSES OF ACTION, WHETHER IN CONTRACT OR TORT, EXCEED THE GREATER OF FIFTY US DOLLARS OR THE AMOUNT YOU PAID ACME IN THE LAST SIX MONTHS, UNLESS THE LAW OF YOUR STATE REQUIRES OTHERWISE.";

t.test('names are words the document capitalises inside sentences and never writes in lower case', async (t) => {
  const names = documentNames(
    'Welcome to Acme. These Terms apply when you use the Services of Acme and OnlyFans, as OnlyFans and Acme agree. Our services and terms change. Dispute Resolution and Binding Arbitration.',
  );
  t.equal(names.get('acme'), 'Acme');
  t.equal(names.get('onlyfans'), 'OnlyFans');
  t.notOk(names.has('services'), 'also written in lower case: no name');
  t.notOk(names.has('welcome'), 'opens a sentence');
  t.notOk(names.has('binding'), 'a word of a title-case heading');
  t.equal(namedCase("acme's", names), "Acme's");
  t.equal(namedCase('liability', names), 'liability');
});

t.test('a shouted clause keeps the names, currencies and abbreviations of the document', async (t) => {
  const names = documentNames('Acme runs the site. You may write to Acme at any time, and Acme answers.');
  const told = readableClause(CAP, undefined, names);
  t.match(told, /^In no event will Acme's total liability/);
  t.match(told, /fifty US dollars or the amount you paid Acme in the last six months/);
  t.match(
    readableClause("IF YOU'RE A U.S. RESIDENT, YOU MAY BRING CLAIMS ONLY IN YOUR INDIVIDUAL CAPACITY, UP TO 100 USD.", undefined, names),
    /^If you're a U\.S\. resident, .* 100 USD\.$/,
  );
  t.equal(titleClause(CAP, 'limitation-of-liability'), 'Liability cap (fifty US dollars)', 'the title too');
  const [clause] = analyzeDocument(`Acme runs the site. You may write to Acme at any time, and Acme answers.\n\n${CAP}`);
  t.notMatch(clause.plain_english, /\bacme\b|\bus dollars\b/, 'through the analyzer');
});
