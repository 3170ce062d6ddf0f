// detokenise: PTB-tokenised, lowercased sentences (as in the CLAUDETTE releases) are read like the
// published text; plain text is left as it is; invisible characters are read away.
import t from 'tap';
import { classifySentence } from '../../src/analysis/engine/classify.js';
import { detokenise, looksTokenised } from '../../src/analysis/detokenise.js';
import { tokeniseLikePtb } from '../../scripts/training/tokenise-ptb.js';

t.test('PTB marks are undone', async (t) => {
  t.equal(
    detokenise("we 've recently updated our : -lrb- 1 -rrb- terms of service , and -lrb- 2 -rrb- privacy policy -lrb- collectively , `` terms '' -rrb- ."),
    'we\'ve recently updated our: (1) terms of service, and (2) privacy policy (collectively, "terms").',
  );
  t.equal(detokenise("we ca n't refund it ; you do n't agree ?"), "we can't refund it; you don't agree?");
  t.equal(detokenise("9gag , inc 's liability shall be limited to $ 100 ."), "9gag, inc's liability shall be limited to $100.");
});

t.test('plain text passes through', async (t) => {
  const plain = 'We may suspend your account (for example, if you break these Terms). You agree to "these" terms.';
  t.notOk(looksTokenised(plain));
  t.equal(detokenise(plain), plain);
});

t.test('soft hyphens and zero-width characters do not split words for the reader', async (t) => {
  t.equal(detokenise('Evernote Busines\u00ad\u00ads Agreement and zero\u200bwidth'), 'Evernote Business Agreement and zerowidth');
});

t.test('tokeniseLikePtb and detokenise round-trip a cased sentence to its lower-case form', async (t) => {
  const s = 'You agree (as "User") that we can\'t be liable; see Section 5.';
  const tok = tokeniseLikePtb(s);
  t.equal(tok, "you agree -lrb- as `` user '' -rrb- that we ca n't be liable ; see section 5 .");
  t.equal(detokenise(tok), s.toLowerCase());
});

t.test('classify reads a tokenised sentence like the published one', async (t) => {
  const cased = 'These Terms shall be governed by the laws of the State of California, without regard to its conflict of law provisions.';
  t.same(classifySentence(tokeniseLikePtb(cased)).categories, classifySentence(cased).categories);
  t.ok(classifySentence(tokeniseLikePtb(cased)).categories.includes('choice-of-law'));
});
