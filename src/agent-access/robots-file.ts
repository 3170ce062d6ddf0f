// A robots.txt read for what it says to AI agents. Allow and Disallow are judged by
// robots-parser (RFC 9309: groups, the longest match deciding, Allow on a tie, `*` and `$`);
// the lines that parsers skip (Content-Signal, Content-Usage) are read here, per group, since
// they belong to the group they stand in. Text is kept canonical (no comments, no blank lines,
// trimmed) so that a changed comment or date stamp is not a change of signals.
import robotsParserModule from 'robots-parser';
import { productToken } from './ai-user-agents.js';

// A CommonJS module whose module.exports is the function; its types call that a `default` export.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

export interface RobotsLine {
  /** Lower-case field name. */
  readonly key: string;
  readonly value: string;
  /** 1-based line number in the canonical text. */
  readonly line: number;
}

export interface RobotsGroup {
  /** Product tokens as written (`*` for everyone). */
  readonly agents: string[];
  readonly lines: RobotsLine[];
}

/** The text without comments, blank lines or surrounding spaces; at most `maxLines` lines. */
export function canonicalRobots(text: string, maxLines = 20_000): string {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '' && line.includes(':'))
    .slice(0, maxLines)
    .join('\n');
}

/** Groups as RFC 9309 forms them: consecutive user-agent lines open one, its rules follow. */
export function robotsGroups(canonical: string): RobotsGroup[] {
  const groups: RobotsGroup[] = [];
  let current: RobotsGroup | null = null;
  canonical.split('\n').forEach((text, index) => {
    const colon = text.indexOf(':');
    if (colon < 0) return;
    const key = text.slice(0, colon).trim().toLowerCase();
    const value = text.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!current || current.lines.length > 0) groups.push((current = { agents: [], lines: [] }));
      if (value) current.agents.push(value);
    } else if (current) {
      current.lines.push({ key, value, line: index + 1 });
    }
  });
  return groups;
}

/** The groups that apply to `userAgent`: those naming it, else those for `*` (RFC 9309 §2.2.1). */
export function groupsFor(groups: readonly RobotsGroup[], userAgent: string | null): RobotsGroup[] {
  const token = userAgent ? productToken(userAgent) : '*';
  const named = groups.filter((g) => g.agents.some((a) => productToken(a) === token));
  return named.length > 0 ? named : groups.filter((g) => g.agents.includes('*'));
}

export interface RobotsDecision {
  readonly allowed: boolean;
  /** The user-agent lines of the group that decided, or null when no group applies. */
  readonly group: string[] | null;
  /** The Allow or Disallow line that matched, or null when none matched (then allowed). */
  readonly rule: string | null;
}

/** Whether `userAgent` (null: any agent, the `*` group) may fetch `path` at `origin`. */
export function robotsDecision(canonical: string, origin: string, path: string, userAgent: string | null): RobotsDecision {
  const { robots, groups, lines } = parsed(canonical, origin);
  const url = `${origin}${path}`;
  const ua = userAgent ?? '*';
  const allowed = robots.isAllowed(url, ua) !== false;
  const lineNumber = robots.getMatchingLineNumber(url, ua);
  const applying = groupsFor(groups, userAgent);
  const deciding = lineNumber > 0 ? (applying.find((g) => g.lines.some((l) => l.line === lineNumber)) ?? applying[0]) : applying[0];
  return {
    allowed,
    group: deciding ? deciding.agents.map((a) => `User-agent: ${a}`) : null,
    rule: lineNumber > 0 ? (lines[lineNumber - 1] ?? null) : null,
  };
}

/**
 * Parsed files, the most recent few: a page asks one file for many agents. Keyed by the text
 * itself (a string keeps its hash once computed; a key built per call would hash 500 KiB each time).
 */
const PARSED = new Map<string, { origin: string; robots: ReturnType<typeof robotsParser>; groups: RobotsGroup[]; lines: string[] }>();
const PARSED_KEEP = 16;

/** robotsGroups() of the canonical text, from the same cache. */
export function cachedGroups(canonical: string): RobotsGroup[] {
  return (PARSED.get(canonical) ?? parsed(canonical, 'http://robots.invalid')).groups;
}

function parsed(canonical: string, origin: string) {
  let entry = PARSED.get(canonical);
  if (entry?.origin === origin) return entry;
  entry = { origin, robots: robotsParser(`${origin}/robots.txt`, forParser(canonical)), groups: robotsGroups(canonical), lines: canonical.split('\n') };
  PARSED.delete(canonical);
  if (PARSED.size >= PARSED_KEEP) PARSED.delete(PARSED.keys().next().value!);
  PARSED.set(canonical, entry);
  return entry;
}

const PARSER_FIELDS = new Set(['user-agent', 'allow', 'disallow', 'sitemap', 'crawl-delay', 'host']);

/**
 * robots-parser keeps a group only once it has a rule it knows: `User-agent: GPTBot` followed by
 * nothing but `Content-Signal:` would fall back to the `*` group, where RFC 9309 gives GPTBot its
 * own empty group (everything allowed). An empty `Disallow:` (which disallows nothing) in place
 * of each line it does not know keeps the group, and the line numbers.
 */
function forParser(canonical: string): string {
  return canonical
    .split('\n')
    .map((line) => (PARSER_FIELDS.has(line.slice(0, line.indexOf(':')).trim().toLowerCase()) ? line : 'Disallow:'))
    .join('\n');
}

/** Every product token the file names in a group of its own (not `*`), as written. */
export function namedAgents(groups: readonly RobotsGroup[]): string[] {
  const seen = new Map<string, string>();
  for (const group of groups) for (const agent of group.agents) if (agent !== '*' && !seen.has(productToken(agent))) seen.set(productToken(agent), agent);
  return [...seen.values()];
}
