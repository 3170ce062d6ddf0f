// getAgentAccess: may this user agent use the provider's service for this purpose? The terms'
// automated-access clauses and the site's latest signals, judged by src/agent-access.
import { accessAnswer } from '../agent-access/report.js';
import { attribution, providerPageUrl } from '../core/attribution.js';
import { notFound } from '../core/errors.js';
import { automatedAccessClauses, latestSignalVersions } from '../repositories/access-signals.js';
import { findActiveProvider } from '../repositories/providers.js';
import type { Handlers } from '../core/handler-types.js';

export const agentAccessHandlers = {
  async getAgentAccess({ params, query, services }) {
    const { db, config } = services;
    const provider = await findActiveProvider(db, params.slug);
    if (!provider) throw notFound(`no provider with slug "${params.slug}"`);
    const [terms, versions] = await Promise.all([automatedAccessClauses(db, [provider.id]), latestSignalVersions(db, [provider.id])]);
    const userAgent = query.user_agent?.trim() || null;
    const answer = accessAnswer(
      { terms: terms.get(Number(provider.id))!, version: versions.get(Number(provider.id)), termsWhere: providerPageUrl(config.baseUrl, provider.slug) },
      query.purpose,
      userAgent,
    );
    return {
      slug: provider.slug,
      user_agent: userAgent,
      known_agent: answer.known_agent,
      purpose: query.purpose,
      path: '/',
      verdict: answer.verdict,
      reasons: answer.reasons,
      conflicts: answer.conflicts,
      checked_at: answer.checked_at,
      llms_txt: answer.llms_txt,
      attribution: attribution(config.baseUrl, provider.slug),
    };
  },
} satisfies Handlers<'getAgentAccess'>;
