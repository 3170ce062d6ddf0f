// compareProviders: 2 to 5 providers side by side, per clause category the most severe current
// clause of each. Built from the very provider detail endpoint 3 serves (one statement per
// provider), so both always agree.
import { CATEGORY_SLUGS, getCategory, isCategorySlug } from '../analysis/taxonomy.js';
import { attribution, providerPageUrl } from '../core/attribution.js';
import { notFound } from '../core/errors.js';
import { providerBand } from '../analysis/index.js';
import { providerDetail, type ClauseView, type StoredProviderDetail } from '../repositories/providers.js';
import type { Handlers } from '../core/handler-types.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { verdictsFor } from '../agent-access/report.js';
import { automatedAccessClauses, latestSignalVersions, providerIdsBySlug } from '../repositories/access-signals.js';

export const compareHandlers = {
  async compareProviders({ body, services }) {
    const { db, config } = services;
    const details = await Promise.all(body.slugs.map((slug) => providerDetail(db, slug)));
    const missing = body.slugs.find((_, i) => !details[i]);
    if (missing !== undefined) throw notFound(`no provider with slug "${missing}"`);
    const found = details as StoredProviderDetail[];
    const access = await accessVerdicts(db, config.baseUrl, body.slugs);
    return {
      providers: found.map(({ provider: p, facts }) => ({
        slug: p.slug,
        name: p.name,
        domain: p.domain,
        overall_rating: p.overall_rating,
        band: providerBand(p),
        clause_count: p.clause_count,
        rating_note: p.rating_note,
        provider_url: providerPageUrl(config.baseUrl, p.slug),
        agent_access: access.get(p.slug)!,
        facts,
      })),
      categories: categoriesOf(found).map((category) => ({
        category,
        name: isCategorySlug(category) ? getCategory(category).name : category,
        clauses: found.map((detail) => mostSevere(detail.clauses, category)),
      })),
      attribution: attribution(config.baseUrl),
    };
  },
} satisfies Handlers<'compareProviders'>;

/** Per provider, the verdict of each purpose for any agent (getAgentAccess without a user agent). */
async function accessVerdicts(db: Kysely<Database>, baseUrl: string, slugs: string[]) {
  const providers = await providerIdsBySlug(db, slugs);
  const ids = providers.map((p) => p.id);
  const [terms, versions] = await Promise.all([automatedAccessClauses(db, ids), latestSignalVersions(db, ids)]);
  return new Map(
    providers.map((p) => {
      const inputs = { terms: terms.get(Number(p.id))!, version: versions.get(Number(p.id)), termsWhere: providerPageUrl(baseUrl, p.slug) };
      return [p.slug, { ...verdictsFor(inputs, null), checked_at: inputs.version?.checked_at.toISOString() ?? null }];
    }),
  );
}

/** The categories any of the providers has a clause in: the taxonomy's order, then others by name. */
function categoriesOf(details: StoredProviderDetail[]): string[] {
  const present = new Set(details.flatMap((d) => d.clauses.map((c) => c.category)));
  const known = CATEGORY_SLUGS.filter((slug) => present.has(slug));
  const others = [...present].filter((slug) => !isCategorySlug(slug)).sort();
  return [...known, ...others];
}

/** Endpoint 3 lists clauses most severe first, then in the order of the terms: the first one wins. */
function mostSevere(clauses: ClauseView[], category: string): ClauseView | null {
  return clauses.find((c) => c.category === category) ?? null;
}
