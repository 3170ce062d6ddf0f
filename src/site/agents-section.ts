// The "For agents" section of a provider page: may an AI agent use the service? The verdict per
// purpose for any agent, and for each AI agent we know by name that the site's robots.txt
// addresses; the reasons and evidence are one API call or MCP tool call away.
import { FUNCTION_LABEL, type KnownAgent } from '../agent-access/ai-user-agents.js';
import { PURPOSE_LABEL, PURPOSES } from '../agent-access/purposes.js';
import type { Verdicts } from '../agent-access/report.js';
import { formatDate } from './format.js';
import { html, type SafeHtml } from './html.js';

export interface AgentsSectionData {
  readonly slug: string;
  readonly anyAgent: Verdicts;
  readonly named: { agent: KnownAgent; written: string; verdicts: Verdicts }[];
  readonly checkedAt: Date | null;
  readonly llmsTxt: boolean;
  /** How the last reading found robots.txt (null: the signals were never read). */
  readonly robots: 'read' | 'missing' | 'unreadable' | null;
}

const VERDICT_TEXT = { allowed: 'Allowed', disallowed: 'Disallowed', unclear: 'Unclear' } as const;

export function agentsSection(data: AgentsSectionData): SafeHtml {
  const api = `/api/agents/providers/${encodeURIComponent(data.slug)}/agent-access?purpose=train-ai&user_agent=GPTBot`;
  return html`<section aria-labelledby="for-agents">
<h2 id="for-agents">For agents</h2>
<p>May an AI agent use this service? One answer per purpose from the terms (the contract: a ban on automated access disallows everything) and the site's own signals (robots.txt, Content-Usage, Content-Signal, TDMRep)${
    data.checkedAt ? html`, as read <time datetime="${data.checkedAt.toISOString()}">${formatDate(data.checkedAt)}</time>` : ', which have not been read yet'
  }. What could not be read is <em>unclear</em>, never a guess. The reasons and their evidence: <code>${api}</code> or the MCP tool <code>check_agent_access</code>.</p>
<div class="scroll"><table class="access">
<thead><tr><th scope="col">Purpose</th><th scope="col">Any agent</th></tr></thead>
<tbody>${PURPOSES.map((p) => html`<tr><th scope="row">${p}: ${PURPOSE_LABEL[p]}</th><td class="verdict-${data.anyAgent[p]}">${VERDICT_TEXT[data.anyAgent[p]]}</td></tr>`)}</tbody>
</table></div>
${robotsLine(data)}
${data.llmsTxt ? html`<p>The site publishes <code>/llms.txt</code>, a guide for models (it grants and refuses nothing).</p>` : ''}
</section>`;
}

function namedTable(named: AgentsSectionData['named']): SafeHtml {
  return html`<div class="scroll"><table class="access">
<caption>AI agents the site's robots.txt addresses by name</caption>
<thead><tr><th scope="col">Agent</th><th scope="col">What it does</th>${PURPOSES.map((p) => html`<th scope="col">${p}</th>`)}</tr></thead>
<tbody>${named.map(
    ({ agent, written, verdicts }) =>
      html`<tr><th scope="row">${written} <span class="muted">(${agent.operator})</span></th><td>${FUNCTION_LABEL[agent.function]}</td>${PURPOSES.map(
        (p) => html`<td class="verdict-${verdicts[p]}">${VERDICT_TEXT[verdicts[p]]}</td>`,
      )}</tr>`,
  )}</tbody>
</table></div>`;
}

/** What robots.txt says of the AI agents we know: only what a reading found. */
function robotsLine(data: AgentsSectionData): SafeHtml | string {
  if (data.named.length > 0) return namedTable(data.named);
  if (data.checkedAt === null || data.robots === null) return '';
  if (data.robots === 'read') return html`<p>The site's robots.txt names none of the AI agents we know.</p>`;
  if (data.robots === 'missing') return html`<p>The site has no robots.txt.</p>`;
  return html`<p>The site's robots.txt could not be read.</p>`;
}
