// Content Signals (contentsignals.org, CC0): a robots.txt line in a group,
// `Content-Signal: search=yes, ai-input=no, ai-train=no`, optionally after a path. `yes` grants
// and `no` refuses the use; a use it leaves out is not addressed.
import type { Purpose } from './purposes.js';
import { robotsUsageRules, ruleForPath, type UsageRule } from './content-usage.js';
import type { RobotsGroup } from './robots-file.js';

export const SIGNAL_PURPOSE: Readonly<Record<string, Purpose>> = { search: 'search', 'ai-input': 'ai-input', 'ai-train': 'train-ai' };

/** `key=yes|no` pairs, lower-cased; read as `y`/`n` so that one rule type serves both syntaxes. */
export function parseContentSignal(value: string): Record<string, 'y' | 'n'> {
  const signals: Record<string, 'y' | 'n'> = {};
  for (const member of value.slice(0, 4096).split(',')) {
    const match = /^\s*([a-z][a-z0-9_-]*)\s*=\s*(yes|no)\s*$/i.exec(member);
    if (match) signals[match[1]!.toLowerCase()] = match[2]!.toLowerCase() === 'yes' ? 'y' : 'n';
  }
  return signals;
}

/** The Content-Signal rule of the given groups that covers `path`, or null. */
export function contentSignalFor(groups: readonly RobotsGroup[], path: string): UsageRule | null {
  const rules = robotsUsageRules(groups, 'content-signal').map((rule) => ({
    ...rule,
    preferences: parseContentSignal(rule.text.slice('Content-Signal:'.length).replace(/^\s*\/\S*\s+/, '')),
  }));
  return ruleForPath(rules, path);
}
