// The verdict engine: may this user agent do this on the service? From the terms (the contract)
// and the site's signals, by these rules, in this order:
//   1. a signal or a terms clause that refuses the purpose makes it `disallowed` (a terms ban on
//      automated access refuses every purpose, whatever robots.txt says);
//   2. otherwise, anything that could not be read (the terms, robots.txt, the page's headers,
//      tdmrep.json) makes it `unclear`: never a guess;
//   3. otherwise it is `allowed` only when robots.txt was read (or is missing: RFC 9309 reads an
//      absent file as allowing everything) and allows the path; else `unclear`.
// Every reason carries its source and evidence; each allowance that a refusal overrides is named
// as a conflict ("robots.txt allows GPTBot at /, but the terms forbid automated access").
import { contentSignalFor, SIGNAL_PURPOSE } from './content-signal.js';
import { parseUsagePreferences, robotsUsageRules, ruleForPath, USAGE_PURPOSE, type UsagePreferences } from './content-usage.js';
import type { Purpose, Says, Source } from './purposes.js';
import { cachedGroups, groupsFor, robotsDecision } from './robots-file.js';
import { robotsUrl, tdmrepUrl, type SiteSignals } from './signals.js';
import { reservationBit, tdmRuleFor } from './tdmrep.js';
import { termsFinding, type TermsSide } from './terms-side.js';

export type Verdict = 'allowed' | 'disallowed' | 'unclear';

export interface Evidence {
  /** Where it was read: the clause, the file and group, the page and header. */
  readonly where: string;
  /** What it says, as written. */
  readonly quote: string;
}

export interface Reason {
  readonly source: Source;
  readonly says: Says;
  readonly statement: string;
  readonly evidence: Evidence;
}

export interface Judgement {
  readonly verdict: Verdict;
  readonly reasons: Reason[];
  readonly conflicts: string[];
}

export interface Question {
  readonly purpose: Purpose;
  /** The agent's product token; null for any agent (robots.txt's `*` group). */
  readonly userAgent: string | null;
  readonly terms: TermsSide;
  /** The latest reading of the site's signals; null when never read. */
  readonly signals: SiteSignals | null;
  /** Where on the site; the service's root unless said. */
  readonly path?: string;
  /** Where the terms clauses can be seen (the provider's page). */
  readonly termsWhere: string;
}

interface Finding extends Reason {
  readonly defersToRobots?: boolean;
}

const MAX_CONFLICTS = 10;

export function judge(q: Question): Judgement {
  const findings: Finding[] = [...termsFindings(q), ...signalFindings(q)];
  const refusals = findings.filter((f) => f.says === 'refuses');
  const robots = findings.find((f) => f.source === 'robots');
  const verdict: Verdict =
    refusals.length > 0 ? 'disallowed' : findings.some((f) => f.says === 'unreadable') ? 'unclear' : robots?.says === 'allows' ? 'allowed' : 'unclear';
  const conflicts: string[] = [];
  for (const allowance of findings.filter((f) => f.says === 'allows')) {
    for (const refusal of refusals) {
      if (allowance.source === refusal.source && allowance.evidence.where === refusal.evidence.where) continue;
      if (allowance.defersToRobots && refusal.source === 'robots') continue; // the terms let robots.txt decide
      conflicts.push(`${allowance.statement}, but ${refusal.statement}`);
    }
  }
  return { verdict, reasons: findings.map(({ defersToRobots: _, ...reason }) => reason), conflicts: [...new Set(conflicts)].slice(0, MAX_CONFLICTS) };
}

function termsFindings(q: Question): Finding[] {
  const found = termsFinding(q.terms, q.purpose);
  if (!found) return [];
  return [
    {
      source: 'terms',
      says: found.says,
      statement: found.statement,
      evidence: found.clause ? { where: `${q.termsWhere} (clause "${found.clause.title}")`, quote: found.clause.text } : { where: q.termsWhere, quote: '' },
      defersToRobots: found.defersToRobots,
    },
  ];
}

function signalFindings(q: Question): Finding[] {
  const path = q.path ?? '/';
  const s = q.signals;
  const agent = q.userAgent ?? 'any agent';
  if (!s)
    return [{ source: 'robots', says: 'unreadable', statement: "the site's signals have not been read yet", evidence: { where: 'the tracker', quote: '' } }];
  const findings: Finding[] = [];
  const aboutPurpose = (map: Readonly<Record<string, Purpose>>) => Object.keys(map).filter((k) => map[k] === q.purpose);

  // robots.txt: Allow/Disallow for the agent, and its Content-Usage and Content-Signal lines.
  if (s.robots.state === 'unreadable') {
    findings.push({
      source: 'robots',
      says: 'unreadable',
      statement: `robots.txt could not be read (${s.robots.detail ?? 'unknown'})`,
      evidence: { where: robotsUrl(s), quote: '' },
    });
  } else if (s.robots.state === 'missing' || s.robots.text === null) {
    findings.push({
      source: 'robots',
      says: 'allows',
      statement: `there is no robots.txt, which allows ${agent} everywhere`,
      evidence: { where: robotsUrl(s), quote: s.robots.detail ?? 'none' },
    });
  } else {
    const decision = robotsDecision(s.robots.text, s.origin, path, q.userAgent);
    const group = decision.group ? decision.group.join(', ') : 'no group applies';
    findings.push({
      source: 'robots',
      says: decision.allowed ? 'allows' : 'refuses',
      statement: `robots.txt ${decision.allowed ? 'allows' : 'disallows'} ${agent} at ${path}`,
      evidence: { where: `${robotsUrl(s)}, group ${group}`, quote: decision.rule ?? 'no rule matches' },
    });
    const groups = groupsFor(cachedGroups(s.robots.text), q.userAgent);
    const usage = ruleForPath(robotsUsageRules(groups), path);
    if (usage)
      findings.push(
        ...usageFindings('content-usage', usage.preferences, aboutPurpose(USAGE_PURPOSE), `${robotsUrl(s)}, group ${group}`, usage.text, 'robots.txt'),
      );
    const signal = contentSignalFor(groups, path);
    if (signal)
      findings.push(
        ...usageFindings('content-signal', signal.preferences, aboutPurpose(SIGNAL_PURPOSE), `${robotsUrl(s)}, group ${group}`, signal.text, 'robots.txt'),
      );
  }

  // The terms page's headers and meta tags: Content-Usage, TDMRep.
  const tdmPurpose = q.purpose === 'train-ai' || q.purpose === 'ai-input';
  if (s.page.state === 'unreadable') {
    if (tdmPurpose || q.purpose === 'search')
      findings.push({
        source: q.purpose === 'search' ? 'content-usage' : 'tdmrep',
        says: 'unreadable',
        statement: `the terms page's headers could not be read (${s.page.detail ?? 'unknown'})`,
        evidence: { where: s.page.url, quote: '' },
      });
  } else {
    const header = s.page.headers['content-usage'];
    if (header)
      findings.push(
        ...usageFindings(
          'content-usage',
          parseUsagePreferences(header),
          aboutPurpose(USAGE_PURPOSE),
          s.page.url,
          `Content-Usage: ${header}`,
          'the Content-Usage header',
        ),
      );
    if (tdmPurpose) {
      for (const [kind, value, policy] of [
        ['header', s.page.headers['tdm-reservation'], s.page.headers['tdm-policy']],
        ['meta tag', s.page.meta['tdm-reservation'], s.page.meta['tdm-policy']],
      ] as const) {
        const bit = reservationBit(value);
        if (bit !== null)
          findings.push(tdmFinding(bit, policy ?? null, `${s.page.url} (${kind})`, `tdm-reservation: ${value!.trim()}`, `the tdm-reservation ${kind}`));
      }
    }
  }
  if (tdmPurpose) {
    if (s.tdmrep.state === 'unreadable') {
      findings.push({
        source: 'tdmrep',
        says: 'unreadable',
        statement: `tdmrep.json could not be read (${s.tdmrep.detail ?? 'unknown'})`,
        evidence: { where: tdmrepUrl(s), quote: '' },
      });
    } else if (s.tdmrep.state === 'read' && s.tdmrep.rules) {
      const rule = tdmRuleFor(s.tdmrep.rules, path);
      if (rule)
        findings.push(
          tdmFinding(
            rule.reservation,
            rule.policy,
            tdmrepUrl(s),
            JSON.stringify({ location: rule.location, 'tdm-reservation': rule.reservation }),
            'tdmrep.json',
          ),
        );
    }
  }
  return findings;
}

function usageFindings(source: Source, prefs: UsagePreferences, keys: string[], where: string, quote: string, what: string): Finding[] {
  return keys
    .filter((key) => prefs[key] !== undefined)
    .map((key) => ({
      source,
      says: prefs[key] === 'n' ? ('refuses' as const) : ('allows' as const),
      statement: `${what} ${source === 'content-signal' ? 'Content-Signal ' : ''}says ${key}=${source === 'content-signal' ? (prefs[key] === 'n' ? 'no' : 'yes') : prefs[key]}`,
      evidence: { where, quote },
    }));
}

function tdmFinding(bit: 0 | 1, policy: string | null, where: string, quote: string, what: string): Finding {
  const licence = bit === 1 && policy ? ` (a licence may be offered at ${policy})` : '';
  return {
    source: 'tdmrep',
    says: bit === 1 ? 'refuses' : 'allows',
    statement: bit === 1 ? `${what} reserves text and data mining rights${licence}` : `${what} reserves no text and data mining rights`,
    evidence: { where, quote },
  };
}
