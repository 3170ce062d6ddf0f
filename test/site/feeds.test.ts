// Atom entries as a reader sees them: the same clause title listed once with a count, and terms
// that are not in English said to be not rated rather than "0 clauses concerning".
import t from 'tap';
import { renderFeed } from '../../src/site/feeds.js';
import type { FeedChange } from '../../src/repositories/feeds.js';

const change = (overrides: Partial<FeedChange>): FeedChange => ({
  id: 1,
  created_at: new Date('2026-11-26T10:00:00Z'),
  recorded_at: null,
  slug: 'tube.test',
  name: 'Tube',
  summary: 'First version.',
  added: [],
  removed: [],
  is_first: true,
  is_english: true,
  kind: 'terms',
  ...overrides,
});

const feed = (changes: FeedChange[]) =>
  renderFeed({ title: 'T', subtitle: 'S', selfUrl: 'https://r.test/feed.xml', pageUrl: 'https://r.test/', baseUrl: 'https://r.test', changes, since: null });

t.test('clauses of one title and severity are one line with a count', async (t) => {
  const same = (id: number) => ({ id, title: 'Changes to the service', severity: 'medium' as const });
  const xml = feed([change({ added: [same(1), same(2), { id: 3, title: 'Forced arbitration', severity: 'critical' }, same(4), same(5)] })]);
  t.match(xml, 'terms analysed, 5 clauses concerning', 'the title still counts every clause');
  t.match(xml, '&lt;li&gt;Changes to the service (Medium) × 4&lt;/li&gt;&lt;li&gt;Forced arbitration (Critical)&lt;/li&gt;');
  t.equal(xml.split('Changes to the service').length - 1, 1, 'listed once');
  const other = feed([change({ added: [same(1), { id: 2, title: 'Changes to the service', severity: 'high' }] })]);
  t.match(other, '(Medium)&lt;/li&gt;&lt;li&gt;Changes to the service (High)&lt;/li&gt;', 'another severity is another line');
});

t.test('terms not in English are not rated, not "0 clauses concerning"', async (t) => {
  const xml = feed([change({ is_english: false })]);
  t.match(xml, '<title type="text">Tube: terms not in English, not rated (the analyzer reads English only)</title>');
  t.notMatch(xml, '0 clauses concerning');
});
