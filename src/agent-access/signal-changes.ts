// What changed between two readings of a site's signals, in sentences for a change record and
// its feed entry: "robots.txt now disallows GPTBot at /".
import { knownAgent } from './ai-user-agents.js';
import { namedAgents, robotsDecision, robotsGroups } from './robots-file.js';
import { canonicalJson, type SiteSignals } from './signals.js';

const MAX_SUMMARY = 1000;

export function describeSignalChanges(before: SiteSignals, after: SiteSignals): string {
  const sentences = [
    ...(before.origin !== after.origin ? [`the signals are now read at ${after.origin}`] : []),
    ...robotsChanges(before, after),
    ...mapChanges(
      'the terms page now sends',
      'the terms page no longer sends',
      'header',
      before.page.headers,
      after.page.headers,
      before.page.state,
      after.page.state,
    ),
    ...mapChanges('the terms page now has', 'the terms page no longer has', 'meta tag', before.page.meta, after.page.meta, before.page.state, after.page.state),
    ...tdmrepChanges(before, after),
    ...(before.llmsTxt !== after.llmsTxt
      ? [after.llmsTxt === 'present' ? 'llms.txt now exists' : after.llmsTxt === 'missing' ? 'llms.txt is gone' : 'llms.txt can no longer be read']
      : []),
  ];
  const text = sentences.length > 0 ? sentences.join('; ') : 'the signals changed in ways that decide nothing at /';
  const summary = `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  return summary.length > MAX_SUMMARY ? `${summary.slice(0, MAX_SUMMARY - 1)}…` : summary;
}

function robotsChanges(before: SiteSignals, after: SiteSignals): string[] {
  const [b, a] = [before.robots, after.robots];
  if (b.state !== a.state) {
    if (a.state === 'missing') return ['robots.txt is now missing'];
    if (a.state === 'unreadable') return [`robots.txt can no longer be read (${a.detail ?? 'unknown'})`];
    if (b.state === 'unreadable') return ['robots.txt can be read again', ...ruleChanges('', a.text ?? '', after.origin)];
    return ['robots.txt now exists', ...ruleChanges('', a.text ?? '', after.origin)];
  }
  if (a.state !== 'read' || b.text === a.text) return [];
  const changes = ruleChanges(b.text ?? '', a.text ?? '', after.origin);
  return changes.length > 0 ? changes : ['robots.txt changed (nothing at / for the agents it names)'];
}

/** Per agent the file names (and any agent): whether / became allowed or disallowed; extension lines that came or went. */
function ruleChanges(before: string, after: string, origin: string): string[] {
  const agents = [null, ...new Set([...namedAgents(robotsGroups(before)), ...namedAgents(robotsGroups(after))])];
  const sentences: string[] = [];
  for (const agent of agents) {
    const [was, now] = [robotsDecision(before, origin, '/', agent).allowed, robotsDecision(after, origin, '/', agent).allowed];
    if (was === now) continue;
    const name = agent === null ? 'every agent without a group of its own' : knownAgent(agent) ? `${agent} (${knownAgent(agent)!.operator})` : agent;
    sentences.push(`robots.txt now ${now ? 'allows' : 'disallows'} ${name} at /`);
  }
  const extension = (text: string) => new Set(text.split('\n').filter((l) => /^(content-signal|content-usage)\s*:/i.test(l)));
  const [had, has] = [extension(before), extension(after)];
  for (const line of has) if (!had.has(line)) sentences.push(`robots.txt now has "${line}"`);
  for (const line of had) if (!has.has(line)) sentences.push(`robots.txt no longer has "${line}"`);
  return sentences;
}

function mapChanges(
  added: string,
  removed: string,
  what: string,
  before: Record<string, string>,
  after: Record<string, string>,
  beforeState: string,
  afterState: string,
): string[] {
  if (beforeState !== 'read' || afterState !== 'read') return [];
  const sentences: string[] = [];
  for (const [name, value] of Object.entries(after)) if (before[name] !== value) sentences.push(`${added} the ${what} ${name}: ${value}`);
  for (const name of Object.keys(before)) if (!(name in after)) sentences.push(`${removed} the ${what} ${name}`);
  return sentences;
}

function tdmrepChanges(before: SiteSignals, after: SiteSignals): string[] {
  const [b, a] = [before.tdmrep, after.tdmrep];
  if (b.state !== a.state) {
    if (a.state === 'read') return ['tdmrep.json is now published'];
    if (a.state === 'missing') return ['tdmrep.json is gone'];
    return [`tdmrep.json can no longer be read (${a.detail ?? 'unknown'})`];
  }
  return canonicalJson(b.rules) === canonicalJson(a.rules) ? [] : ['tdmrep.json changed'];
}
