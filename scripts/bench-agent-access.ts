// Benchmarks the verdict engine as a provider page uses it: the verdict of each purpose for any
// agent and for 40 named AI agents (164 verdicts) over robots.txt files of growing size, the first
// page (parsing the file) and the next ones (the file already parsed). Prints figures.
// Usage: node --import tsx scripts/bench-agent-access.ts
import { AI_USER_AGENTS } from '../src/agent-access/ai-user-agents.js';
import { PURPOSES } from '../src/agent-access/purposes.js';
import { canonicalRobots } from '../src/agent-access/robots-file.js';
import type { SiteSignals } from '../src/agent-access/signals.js';
import { judge } from '../src/agent-access/verdict.js';

const named = AI_USER_AGENTS.slice(0, 40).map((a) => a.name);

function robotsOfSize(bytes: number): string {
  const lines = named.flatMap((name) => [`User-agent: ${name}`, 'Disallow: /']);
  lines.push('User-agent: *', 'Content-Signal: search=yes, ai-train=no', 'Allow: /');
  for (let i = 0; lines.join('\n').length < bytes; i++) lines.push(`Disallow: /section-${i}/*.php$`);
  return canonicalRobots(lines.join('\n'));
}

function page(text: string): number {
  const signals: SiteSignals = {
    origin: 'https://example.com',
    robots: { state: 'read', text, detail: null },
    page: { state: 'read', url: 'https://example.com/terms', headers: {}, meta: {}, detail: null },
    tdmrep: { state: 'missing', rules: null, detail: null },
    llmsTxt: 'missing',
  };
  const started = performance.now();
  for (const agent of [null, ...named])
    for (const purpose of PURPOSES) judge({ purpose, userAgent: agent, terms: { state: 'analysed', clauses: [] }, signals, termsWhere: 'page' });
  return performance.now() - started;
}

for (const size of [5_000, 100_000, 500_000]) {
  const text = robotsOfSize(size);
  const first = page(text);
  const next = [1, 2, 3, 4, 5].map(() => page(text)).sort((a, b) => a - b)[2]!;
  console.log(
    `robots.txt ${String(text.length).padStart(7)} bytes: 164 verdicts, first page ${first.toFixed(1)} ms, next pages ${next.toFixed(1)} ms (median of 5)`,
  );
}
