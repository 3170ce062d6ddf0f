// The verdict engine's rules, one by one: a terms ban disallows every purpose whatever robots.txt
// says; a refusing signal refuses; nothing addresses and nothing refuses -> allowed only when
// robots.txt was read (or is missing) and allows the path; anything unreadable -> unclear.
import t from 'tap';
import { canonicalRobots } from '../../src/agent-access/robots-file.js';
import { PURPOSES, type Purpose } from '../../src/agent-access/purposes.js';
import type { SiteSignals } from '../../src/agent-access/signals.js';
import { clauseKind, type TermsSide } from '../../src/agent-access/terms-side.js';
import { judge, type Question } from '../../src/agent-access/verdict.js';

const ORIGIN = 'https://example.com';
const WHERE = 'https://ratings.test/provider/example.com';
const BAN = { title: 'Bots and scraping forbidden', text: 'You will not use any robot, spider, scraper or other automated means to access the Services.' };
const AI_ONLY = { title: 'No AI training on content', text: 'You may not use the content to train artificial intelligence models.' };
const ROBOTS_DEFER = { title: 'Crawling only as robots.txt allows', text: 'You may only crawl this Web site as permitted by its robots.txt protocol.' };
const noClauses: TermsSide = { state: 'analysed', clauses: [] };

function site(
  parts: { robots?: string | null | 'unreadable'; headers?: Record<string, string>; meta?: Record<string, string>; tdmrep?: SiteSignals['tdmrep'] } = {},
): SiteSignals {
  const robots = parts.robots === undefined ? 'User-agent: *\nAllow: /\n' : parts.robots;
  return {
    origin: ORIGIN,
    robots:
      robots === 'unreadable'
        ? { state: 'unreadable', text: null, detail: 'HTTP 503' }
        : robots === null
          ? { state: 'missing', text: null, detail: 'HTTP 404' }
          : { state: 'read', text: canonicalRobots(robots), detail: null },
    page: { state: 'read', url: `${ORIGIN}/terms`, headers: parts.headers ?? {}, meta: parts.meta ?? {}, detail: null },
    tdmrep: parts.tdmrep ?? { state: 'missing', rules: null, detail: 'HTTP 404' },
    llmsTxt: 'missing',
  };
}

const ask = (purpose: Purpose, signals: SiteSignals | null, terms: TermsSide = noClauses, userAgent: string | null = 'GPTBot') =>
  judge({ purpose, userAgent, terms, signals, termsWhere: WHERE } satisfies Question);

t.test('nothing addresses, nothing refuses: allowed when robots.txt allows the path', async (t) => {
  for (const purpose of PURPOSES) {
    const answer = ask(purpose, site());
    t.equal(answer.verdict, 'allowed', purpose);
    t.same(answer.reasons, [
      {
        source: 'robots',
        says: 'allows',
        statement: 'robots.txt allows GPTBot at /',
        evidence: { where: `${ORIGIN}/robots.txt, group User-agent: *`, quote: 'Allow: /' },
      },
    ]);
    t.same(answer.conflicts, []);
  }
  t.equal(ask('search', site({ robots: null })).verdict, 'allowed', 'a missing robots.txt (404) allows everything (RFC 9309)');
  t.equal(ask('search', site({ robots: 'User-agent: Other\nDisallow: /' })).verdict, 'allowed', 'no group applies: no rule, allowed');
});

t.test('a terms ban disallows every purpose, whatever robots.txt says, and the conflict is named', async (t) => {
  const terms: TermsSide = { state: 'analysed', clauses: [BAN] };
  for (const purpose of PURPOSES) {
    const answer = ask(purpose, site({ robots: 'User-agent: GPTBot\nAllow: /\n' }), terms);
    t.equal(answer.verdict, 'disallowed', purpose);
    t.same(answer.reasons[0], {
      source: 'terms',
      says: 'refuses',
      statement: 'the terms forbid automated access',
      evidence: { where: `${WHERE} (clause "Bots and scraping forbidden")`, quote: BAN.text },
    });
    t.same(answer.conflicts, ['robots.txt allows GPTBot at /, but the terms forbid automated access']);
  }
});

t.test('the kinds of terms clauses', async (t) => {
  t.equal(clauseKind(BAN.text), 'ban');
  t.equal(clauseKind(AI_ONLY.text), 'ai-training');
  t.equal(clauseKind(ROBOTS_DEFER.text), 'robots-txt');
  t.equal(clauseKind('You may not scrape the site, except that public search engines may index it.'), 'ban-except-search');
  t.equal(clauseKind('You may not use spiders, except that operators of search engines may copy materials for indexes.'), 'ban-except-search');
  t.equal(clauseKind('You may not use any robot or scraper to index the site for a search engine.'), 'ban', 'naming search engines is no exception');
  t.equal(
    clauseKind('Do not access the service with automated means such as bots, except for public search engines as our robots.txt allows.'),
    'ban-except-search',
    'search engines under robots.txt: the exception is theirs',
  );
  t.equal(
    clauseKind('Do not use the service in any manner (automated, with bots or otherwise) that could overload or disrupt it.'),
    'other',
    'a rule of conduct',
  );
  t.equal(clauseKind('Do not harvest or collect information that might identify a person, such as usernames.'), 'other', 'a rule on personal data');
  t.equal(clauseKind('Do not use bots to access the service or to collect personal data from it.'), 'ban', 'unless it also bans access');
  t.equal(
    ask('agent-browse', site(), { state: 'analysed', clauses: [{ title: 'x', text: 'Do not harvest information that could identify a person.' }] }).verdict,
    'allowed',
  );
  const aiOnly: TermsSide = { state: 'analysed', clauses: [AI_ONLY] };
  t.equal(ask('train-ai', site(), aiOnly).verdict, 'disallowed');
  t.equal(ask('search', site(), aiOnly).verdict, 'allowed', 'an AI-training ban says nothing of search');
  const defer: TermsSide = { state: 'analysed', clauses: [ROBOTS_DEFER] };
  t.equal(ask('search', site(), defer).verdict, 'allowed');
  const refused = ask('search', site({ robots: 'User-agent: GPTBot\nDisallow: /' }), defer);
  t.equal(refused.verdict, 'disallowed', 'terms that defer to robots.txt: robots.txt decides');
  t.same(refused.conflicts, [], 'and that is no conflict');
  const exceptSearch: TermsSide = {
    state: 'analysed',
    clauses: [{ title: 'x', text: 'You may not scrape the site, except that public search engines may index it.' }],
  };
  t.equal(ask('search', site(), exceptSearch).verdict, 'allowed');
  t.equal(ask('ai-input', site(), exceptSearch).verdict, 'disallowed');
});

t.test('each signal alone refuses what it refuses, and nothing else', async (t) => {
  const cases: [string, SiteSignals, Purpose[]][] = [
    ['robots.txt Disallow for the agent', site({ robots: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /' }), [...PURPOSES]],
    ['Content-Usage header', site({ headers: { 'content-usage': 'train-ai=n' } }), ['train-ai']],
    ['Content-Usage robots rule', site({ robots: 'User-agent: *\nContent-Usage: search=n\nAllow: /' }), ['search']],
    ['Content-Signal', site({ robots: 'User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nAllow: /' }), ['ai-input', 'train-ai']],
    ['tdm-reservation header', site({ headers: { 'tdm-reservation': '1' } }), ['ai-input', 'train-ai']],
    ['tdm-reservation meta tag', site({ meta: { 'tdm-reservation': '1' } }), ['ai-input', 'train-ai']],
    [
      'tdmrep.json',
      site({ tdmrep: { state: 'read', rules: [{ location: '/*', reservation: 1, policy: 'https://example.com/p' }], detail: null } }),
      ['ai-input', 'train-ai'],
    ],
  ];
  for (const [name, signals, refused] of cases) {
    for (const purpose of PURPOSES) {
      const answer = ask(purpose, signals);
      t.equal(answer.verdict, refused.includes(purpose) ? 'disallowed' : 'allowed', `${name}: ${purpose}`);
    }
  }
  const tdm = ask('train-ai', site({ headers: { 'tdm-reservation': '1', 'tdm-policy': 'https://example.com/policy' } }));
  t.same(tdm.reasons[1], {
    source: 'tdmrep',
    says: 'refuses',
    statement: 'the tdm-reservation header reserves text and data mining rights (a licence may be offered at https://example.com/policy)',
    evidence: { where: `${ORIGIN}/terms (header)`, quote: 'tdm-reservation: 1' },
  });
  const signal = ask('train-ai', site({ robots: 'User-agent: *\nContent-Signal: ai-train=no\nAllow: /' }));
  t.same(signal.reasons[1], {
    source: 'content-signal',
    says: 'refuses',
    statement: 'robots.txt Content-Signal says ai-train=no',
    evidence: { where: `${ORIGIN}/robots.txt, group User-agent: *`, quote: 'Content-Signal: ai-train=no' },
  });
  t.same(signal.conflicts, ['robots.txt allows GPTBot at /, but robots.txt Content-Signal says ai-train=no']);
});

t.test('signals in conflict with each other: the refusal wins and the conflict is named', async (t) => {
  const answer = ask('train-ai', site({ robots: 'User-agent: *\nContent-Signal: ai-train=yes\nAllow: /', headers: { 'content-usage': 'train-ai=n' } }));
  t.equal(answer.verdict, 'disallowed');
  t.same(answer.conflicts, [
    'robots.txt allows GPTBot at /, but the Content-Usage header says train-ai=n',
    'robots.txt Content-Signal says ai-train=yes, but the Content-Usage header says train-ai=n',
  ]);
  const agreed = ask('train-ai', site({ robots: 'User-agent: *\nContent-Signal: ai-train=yes\nAllow: /', headers: { 'tdm-reservation': '0' } }));
  t.equal(agreed.verdict, 'allowed', 'signals that grant, with robots.txt allowing');
});

t.test('what could not be read gives unclear, never a guess; a refusal still decides', async (t) => {
  t.equal(ask('search', null).verdict, 'unclear', 'never read');
  t.equal(ask('search', site({ robots: 'unreadable' })).verdict, 'unclear', 'robots.txt 5xx');
  t.equal(ask('search', site({ robots: 'unreadable' }), { state: 'analysed', clauses: [BAN] }).verdict, 'disallowed', 'the terms ban decides');
  t.equal(ask('search', site(), { state: 'none', detail: 'no analysed version' }).verdict, 'unclear', 'terms unknown');
  t.equal(ask('train-ai', site({ tdmrep: { state: 'unreadable', rules: null, detail: 'not valid JSON' } })).verdict, 'unclear', 'a broken tdmrep.json');
  t.equal(ask('search', site({ tdmrep: { state: 'unreadable', rules: null, detail: 'not valid JSON' } })).verdict, 'allowed', 'which says nothing of search');
  t.equal(ask('train-ai', site({ robots: 'unreadable', headers: { 'content-usage': 'train-ai=n' } })).verdict, 'disallowed');
  const unreadablePage: SiteSignals = { ...site(), page: { state: 'unreadable', url: `${ORIGIN}/terms`, headers: {}, meta: {}, detail: 'HTTP 500' } };
  t.equal(ask('train-ai', unreadablePage).verdict, 'unclear');
  t.equal(ask('agent-browse', unreadablePage).verdict, 'allowed', 'headers say nothing of an agent acting for its user');
});

t.test('a generic agent gets the * group', async (t) => {
  const signals = site({ robots: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /admin' });
  const answer = ask('agent-browse', signals, noClauses, null);
  t.equal(answer.verdict, 'allowed');
  t.equal(answer.reasons[0]!.statement, 'robots.txt allows any agent at /');
  t.equal(ask('agent-browse', signals).verdict, 'disallowed');
});
