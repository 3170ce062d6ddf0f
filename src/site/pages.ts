// The public pages and feeds as data: each reads what it shows (repositories) and renders it,
// and knows nothing of HTTP; the HTTP door (src/http/site-routes.ts) serves them with their
// headers. A slug that cannot name a provider is not looked up.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { providerPageUrl, SERVICE_NAME } from '../core/attribution.js';
import { addressedAgents, verdictsFor } from '../agent-access/report.js';
import type { SiteSignals } from '../agent-access/signals.js';
import { automatedAccessClauses, latestSignalVersions } from '../repositories/access-signals.js';
import type { Database } from '../db/schema.js';
import { recentChanges } from '../repositories/feeds.js';
import { listOpinions } from '../repositories/opinions.js';
import { findActiveProvider, providerDetail } from '../repositories/providers.js';
import { countProviderIndex, listProviderIndex, termsLastChanged } from '../repositories/site.js';
import { trackingCounts } from '../repositories/tracking.js';
import { renderNotFoundPage } from './error-pages.js';
import { FEED_ENTRIES, renderFeed } from './feeds.js';
import { INDEX_PAGE_SIZE, pageNumber, renderIndexPage, searchTerm, sortOrder } from './index-page.js';
import { PAGE_OPINIONS, renderProviderPage } from './provider-page.js';

/** A page as rendered, with the status it is served with. */
export interface Rendered {
  readonly status: 200 | 404 | 500;
  readonly body: string;
}

interface SiteServices {
  readonly db: Kysely<Database>;
  readonly config: Pick<Config, 'baseUrl'>;
}

// The API's slug rule (spec section 4, rule 2): anything else cannot name a provider.
const SLUG = /^[a-z0-9.-]{1,253}$/;

/** GET /: one page of the index, with its search and sort (query values as the URL gave them). */
export async function indexPage({ db, config }: SiteServices, query: Record<string, unknown>): Promise<Rendered> {
  const [search, sort, page] = [searchTerm(query.q), sortOrder(query.sort), pageNumber(query.page)];
  const [providers, total, tracking] = await Promise.all([
    listProviderIndex(db, { search, sort, limit: INDEX_PAGE_SIZE, offset: (page - 1) * INDEX_PAGE_SIZE }),
    countProviderIndex(db, search),
    trackingCounts(db),
  ]);
  return { status: 200, body: renderIndexPage({ providers, total, search, sort, page, tracking, baseUrl: config.baseUrl }) };
}

/** GET /provider/<slug>: the provider's page, or the 404 page. */
export async function providerPage({ db, config }: SiteServices, slug: string): Promise<Rendered> {
  const provider = SLUG.test(slug) ? await findActiveProvider(db, slug) : undefined;
  if (!provider) return { status: 404, body: renderNotFoundPage() };
  const [detail, opinions, termsChangedAt, terms, versions] = await Promise.all([
    providerDetail(db, slug),
    listOpinions(db, provider.id, PAGE_OPINIONS, 0),
    termsLastChanged(db, provider.id),
    automatedAccessClauses(db, [provider.id]),
    latestSignalVersions(db, [provider.id]),
  ]);
  if (!detail) return { status: 404, body: renderNotFoundPage() };
  const version = versions.get(Number(provider.id));
  const inputs = { terms: terms.get(Number(provider.id))!, version, termsWhere: providerPageUrl(config.baseUrl, provider.slug) };
  const agents = {
    slug: provider.slug,
    anyAgent: verdictsFor(inputs, null),
    named: addressedAgents(inputs),
    checkedAt: version?.checked_at ?? null,
    llmsTxt: (version?.signals as SiteSignals | undefined)?.llmsTxt === 'present',
  };
  return { status: 200, body: renderProviderPage({ detail, opinions, termsChangedAt, baseUrl: config.baseUrl, agents }) };
}

/** GET /feed.xml: changes to every visible provider's terms. */
export async function changesFeed({ db, config }: SiteServices): Promise<string> {
  const base = config.baseUrl;
  return renderFeed({
    title: `${SERVICE_NAME}: changes to terms of service`,
    subtitle: 'Each entry is a new version of a provider’s terms (which concerning clauses appeared and which went) or a change of its signals for AI agents.',
    selfUrl: `${base}/feed.xml`,
    pageUrl: `${base}/`,
    baseUrl: base,
    changes: await recentChanges(db, { limit: FEED_ENTRIES }),
  });
}

/** GET /provider/<slug>/feed.xml: one provider's changes, or null when no visible provider has the slug. */
export async function providerChangesFeed({ db, config }: SiteServices, slug: string): Promise<string | null> {
  const provider = SLUG.test(slug) ? await findActiveProvider(db, slug) : undefined;
  if (!provider) return null;
  const base = config.baseUrl;
  const page = `${base}/provider/${encodeURIComponent(provider.slug)}`;
  return renderFeed({
    title: `${provider.name}: changes to its terms · ${SERVICE_NAME}`,
    subtitle: `Each entry is a new version of ${provider.name}’s terms (which concerning clauses appeared and which went) or a change of its signals for AI agents.`,
    selfUrl: `${page}/feed.xml`,
    pageUrl: page,
    baseUrl: base,
    changes: await recentChanges(db, { providerId: provider.id, limit: FEED_ENTRIES }),
  });
}
