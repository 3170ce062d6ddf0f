// IETF AI preferences (draft-ietf-aipref-vocab, -attach): usage preferences such as
// `train-ai=n, search=y`, sent as a `Content-Usage` HTTP header or as a `Content-Usage:` rule in
// a robots.txt group, optionally after a path (`Content-Usage: /images/ train-ai=n`). The
// vocabulary we act on is `train-ai` and `search`; other keys are kept but decide nothing.
import type { Purpose } from './purposes.js';
import type { RobotsGroup } from './robots-file.js';

export interface UsagePreferences {
  /** `y` or `n` per vocabulary key, as written (lower case). */
  readonly [key: string]: 'y' | 'n';
}

export const USAGE_PURPOSE: Readonly<Record<string, Purpose>> = { 'train-ai': 'train-ai', search: 'search' };

/**
 * A Structured Fields dictionary of tokens, read leniently: members split on commas, `key=y`
 * or `key=n` kept (quoted or not, any case), parameters after `;` dropped, anything else skipped.
 */
export function parseUsagePreferences(value: string): UsagePreferences {
  const prefs: Record<string, 'y' | 'n'> = {};
  for (const member of value.slice(0, 4096).split(',')) {
    const [pair] = member.split(';');
    const match = /^\s*([a-z][a-z0-9_.*-]*)\s*=\s*"?([yn])"?\s*$/i.exec(pair ?? '');
    if (match) prefs[match[1]!.toLowerCase()] = match[2]!.toLowerCase() as 'y' | 'n';
  }
  return prefs;
}

export interface UsageRule {
  /** The path prefix it covers ('/' when none was written). */
  readonly path: string;
  readonly preferences: UsagePreferences;
  /** The line as written, for evidence. */
  readonly text: string;
}

/** `Content-Usage:` (or, with `field`, another such) lines of the given groups, as rules. */
export function robotsUsageRules(groups: readonly RobotsGroup[], field = 'content-usage'): UsageRule[] {
  const rules: UsageRule[] = [];
  for (const group of groups) {
    for (const line of group.lines) {
      if (line.key !== field) continue;
      const pathMatch = /^(\/\S*)\s+(.*)$/.exec(line.value);
      rules.push({
        path: pathMatch ? pathMatch[1]! : '/',
        preferences: parseUsagePreferences(pathMatch ? pathMatch[2]! : line.value),
        text: `${field === 'content-usage' ? 'Content-Usage' : 'Content-Signal'}: ${line.value}`,
      });
    }
  }
  return rules;
}

/** The rule whose path is the longest prefix of `path` (the first written on a tie), or null. */
export function ruleForPath(rules: readonly UsageRule[], path: string): UsageRule | null {
  let best: UsageRule | null = null;
  for (const rule of rules) if (pathMatches(rule.path, path) && (!best || rule.path.length > best.path.length)) best = rule;
  return best;
}

/** Prefix match with robots.txt's `*` (any characters) and final `$` (end of path). */
export function pathMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`).test(path);
}
