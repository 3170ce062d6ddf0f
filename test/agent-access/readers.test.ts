// The signal readers as pure functions: robots.txt through robots-parser (with the one case it
// gets wrong alone), Content-Usage headers and rules, Content-Signal lines, TDMRep headers, file
// and meta tags, and the AI user-agent list.
import t from 'tap';
import robotsParserModule from 'robots-parser';
import { canonicalRobots, groupsFor, namedAgents, robotsDecision, robotsGroups } from '../../src/agent-access/robots-file.js';
import { parseUsagePreferences, robotsUsageRules, ruleForPath } from '../../src/agent-access/content-usage.js';
import { contentSignalFor, parseContentSignal } from '../../src/agent-access/content-signal.js';
import { parseTdmRepFile, reservationBit, tdmRuleFor } from '../../src/agent-access/tdmrep.js';
import { signalMetaTags } from '../../src/agent-access/html-meta.js';
import { AI_USER_AGENTS, AI_USER_AGENTS_CREDIT, knownAgent, productToken } from '../../src/agent-access/ai-user-agents.js';
import { signalHeaders } from '../../src/agent-access/signals.js';

const ORIGIN = 'https://example.com';
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

t.test('robots.txt: the group for the agent, else *; the rule and group as evidence', async (t) => {
  const text = canonicalRobots(
    [
      '\uFEFF# AI crawlers kept out',
      'User-agent: GPTBot',
      'User-agent: CCBot # both',
      'Disallow: /',
      '',
      'User-agent: *',
      'Allow: /',
      'Disallow: /private/',
      'Sitemap: https://example.com/sitemap.xml',
    ].join('\n'),
  );
  t.equal(text.split('\n')[0], 'User-agent: GPTBot', 'comments, blank lines and a BOM are dropped');
  t.same(robotsDecision(text, ORIGIN, '/', 'GPTBot'), { allowed: false, group: ['User-agent: GPTBot', 'User-agent: CCBot'], rule: 'Disallow: /' });
  t.same(
    robotsDecision(text, ORIGIN, '/', 'ccbot/2.0'),
    { allowed: false, group: ['User-agent: GPTBot', 'User-agent: CCBot'], rule: 'Disallow: /' },
    'no case, no version',
  );
  t.same(robotsDecision(text, ORIGIN, '/', 'ClaudeBot'), { allowed: true, group: ['User-agent: *'], rule: 'Allow: /' });
  t.same(robotsDecision(text, ORIGIN, '/private/x', null), { allowed: false, group: ['User-agent: *'], rule: 'Disallow: /private/' }, 'longest match');
  t.same(robotsDecision('', ORIGIN, '/', 'GPTBot'), { allowed: true, group: null, rule: null }, 'an empty file allows');
  t.same(namedAgents(robotsGroups(text)), ['GPTBot', 'CCBot']);
});

t.test('a group with only lines robots-parser does not know is still the agent’s own group (RFC 9309 §2.2.1)', async (t) => {
  const text = 'User-agent: GPTBot\nContent-Signal: ai-train=yes\n\nUser-agent: *\nDisallow: /\n';
  // robots-parser alone gives GPTBot the * group; the adapter keeps GPTBot's own, empty group.
  t.equal(robotsParser(`${ORIGIN}/robots.txt`, text).isAllowed(`${ORIGIN}/`, 'GPTBot'), false, 'the library alone gets it wrong');
  t.equal(robotsDecision(canonicalRobots(text), ORIGIN, '/', 'GPTBot').allowed, true);
  t.equal(robotsDecision(canonicalRobots(text), ORIGIN, '/', 'Other').allowed, false);
});

t.test('Content-Usage: header values and robots.txt rules with paths', async (t) => {
  t.same(parseUsagePreferences('train-ai=n, search=y'), { 'train-ai': 'n', search: 'y' });
  t.same(parseUsagePreferences('TRAIN-AI="N";q=1, bogus, search=maybe, x=y'), { 'train-ai': 'n', x: 'y' }, 'lenient, unknown values skipped');
  t.same(parseUsagePreferences(''), {});
  const groups = groupsFor(robotsGroups(canonicalRobots('User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /open/ train-ai=y\nAllow: /\n')), null);
  const rules = robotsUsageRules(groups);
  t.same(ruleForPath(rules, '/')?.preferences, { 'train-ai': 'n' });
  t.same(ruleForPath(rules, '/open/page')?.preferences, { 'train-ai': 'y' }, 'the longest path wins');
  t.equal(ruleForPath(rules, '/open/page')?.text, 'Content-Usage: /open/ train-ai=y');
  t.equal(
    ruleForPath(robotsUsageRules(groupsFor(robotsGroups('User-agent: GPTBot\nContent-Usage: train-ai=n'), 'Other')), '/'),
    null,
    'another agent’s group says nothing',
  );
});

t.test('Content-Signal: a robots.txt line per group', async (t) => {
  t.same(parseContentSignal('search=yes, ai-input=no, ai-train=no'), { search: 'y', 'ai-input': 'n', 'ai-train': 'n' });
  t.same(parseContentSignal('search = YES ,ai-train=perhaps'), { search: 'y' });
  const text = canonicalRobots('User-Agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n');
  const signal = contentSignalFor(groupsFor(robotsGroups(text), 'GPTBot'), '/');
  t.same(signal?.preferences, { search: 'y', 'ai-train': 'n' });
  t.equal(signal?.text, 'Content-Signal: search=yes, ai-train=no');
  t.equal(contentSignalFor(groupsFor(robotsGroups('User-agent: *\nAllow: /'), null), '/'), null);
});

t.test('TDMRep: tdmrep.json, headers and meta tags', async (t) => {
  const file = parseTdmRepFile(
    JSON.stringify([
      { location: '/open/*', 'tdm-reservation': 0 },
      { location: '/*', 'tdm-reservation': 1, 'tdm-policy': 'https://example.com/tdm-policy.json' },
    ]),
  );
  t.ok(file.ok);
  if (!file.ok) return;
  t.same(tdmRuleFor(file.rules, '/'), { location: '/*', reservation: 1, policy: 'https://example.com/tdm-policy.json' });
  t.equal(tdmRuleFor(file.rules, '/open/x')?.reservation, 0, 'the first matching rule');
  t.equal(tdmRuleFor(file.rules.slice(0, 1), '/'), null);
  t.same(parseTdmRepFile('{not json'), { ok: false, problem: 'not valid JSON' });
  t.same(parseTdmRepFile('{"location": "/"}'), { ok: false, problem: 'not a JSON array' });
  t.same(parseTdmRepFile('[{"location": "/"}]'), { ok: false, problem: 'an entry lacks a location or a 0/1 tdm-reservation' });
  t.equal(reservationBit(' 1 '), 1);
  t.equal(reservationBit('0'), 0);
  t.equal(reservationBit('yes'), null);
  t.same(
    signalMetaTags(
      `<html><head><META name="TDM-Reservation" content='1'><meta name="tdm-policy" content="https://x.test/p?a=1&amp;b=2"><meta name="robots" content="noai"></head><body><meta name="tdm-reservation" content="0"></body></html>`,
    ),
    { 'tdm-reservation': '1', 'tdm-policy': 'https://x.test/p?a=1&b=2', robots: 'noai' },
    'head only, any case, entities decoded',
  );
  t.same(signalMetaTags('<p>no head</p>'), {});
  t.same(signalHeaders({ 'content-usage': 'train-ai=n', 'tdm-reservation': '1', 'set-cookie': ['a'], 'x-robots-tag': ['noindex', 'noai'] }), {
    'content-usage': 'train-ai=n',
    'tdm-reservation': '1',
    'x-robots-tag': 'noindex, noai',
  });
});

t.test('the AI user-agent list: data with its source credited, looked up as robots.txt does', async (t) => {
  t.ok(AI_USER_AGENTS.length >= 80);
  t.match(AI_USER_AGENTS_CREDIT, /ai\.robots\.txt.*MIT/);
  t.same(knownAgent('gptbot/1.2'), { name: 'GPTBot', operator: 'OpenAI', function: 'training' });
  t.equal(knownAgent('ChatGPT-User')?.function, 'assistant');
  t.equal(knownAgent('Kangaroo Bot')?.operator, 'Kangaroo LLM');
  t.equal(knownAgent('MyOwnAgent'), null);
  t.equal(productToken(' Claude-User/1.0 '), 'claude-user');
  const tokens = AI_USER_AGENTS.map((a) => productToken(a.name));
  t.equal(new Set(tokens).size, tokens.length, 'no name twice');
});
