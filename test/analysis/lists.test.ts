// Lists: a listed lead-in is told with its first items (at most three sentences a clause), an item
// with its lead-in, whether the item is marked in the sentence or by a bullet between sentences.
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { joinLeadIn } from '../../src/analysis/lists.js';
import { normaliseDocument } from '../../src/analysis/normalise.js';

const SUSPEND = [
  'We may suspend, restrict, or terminate your Account at any time, without prior notice, if:',
  '',
  '- You violate these Terms or the Community Guidelines;',
  '- We are legally required to do so, such as by court order; or',
  '- We believe that your continued access poses a risk to other users.',
  '',
  '## Third-Party Services',
  '',
  'Your use of third-party services is at your own risk.',
].join('\n');

t.test('a listed lead-in is told with its first two items, and says how many more the terms list', async (t) => {
  const text = normaliseDocument(SUSPEND, 'markdown');
  const clauses = analyzeDocument(text).filter((c) => c.category === 'unilateral-termination');
  t.equal(clauses.length, 1, 'one clause, not a lead-in and items apart');
  const [clause] = clauses;
  t.equal(clause.clause_text, text.slice(clause.start, clause.end), 'quoted verbatim');
  t.match(clause.clause_text, /^We may suspend[\s\S]*court order; or$/, 'the lead-in and two items: three sentences');
  t.notMatch(clause.clause_text, /continued access/);
  t.notMatch(clause.plain_english, /\bif\.$/, 'no dangling lead-in');
  t.match(clause.plain_english, /\bif:? you (?:break the rules|violate these Terms)/i, 'the grounds the items give are told');
  t.notMatch(clause.plain_english, /\brisk to other users\b/, 'nothing from the item the quote leaves out');
  t.equal(clause.party, 'provider');
});

t.test('an item after a bullet is read with its lead-in', async (t) => {
  const text = normaliseDocument('You agree not to:\n\n- post unlawful content;\n- use any robot, spider or scraper to access the service.\n', 'markdown');
  const clause = analyzeDocument(text).find((c) => c.category === 'automated-access');
  t.ok(clause, 'listed');
  t.match(clause?.plain_english ?? '', /^You agree not to: use any robot/);
  t.equal(clause?.party, 'user', 'a ban on the user is the user\u2019s duty');
});

t.test('joining a lead-in and its items drops bullets and the joints between items', async (t) => {
  t.equal(
    joinLeadIn('We may suspend your account if:', ['(a) you break these terms; or', '(b) the law requires it.'], 0),
    'We may suspend your account if: you break these terms; the law requires it.',
  );
  t.equal(joinLeadIn('You agree not to:', ['scrape the service;'], 2), 'You agree not to: scrape the service; …');
});
