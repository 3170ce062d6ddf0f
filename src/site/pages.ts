// The public pages and feeds as data: each reads what it shows (repositories) and renders it,
// and knows nothing of HTTP; the HTTP door (src/http/site-routes.ts) serves them with their
// headers. A slug that cannot name a provider is not looked up.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { providerPageUrl, SERVICE_NAME } from '../core/attribution.js';
import { addressedAgents, verdictsFor } from '../agent-access/report.js';
import type { SiteSignals } from '../agent-access/signals.js';
import { automatedAccessClauses, latestSignalChange, latestSignalVersions } from '../repositories/access-signals.js';
import type { Database } from '../db/schema.js';
import { recentChanges } from '../repositories/feeds.js';
import { listOpinions } from '../repositories/opinions.js';
import { findActiveProvider, providerDetail } from '../repositories/providers.js';
import { providerBand } from '../analysis/index.js';
import { countProviderIndex, firstProviderAddedAt, listProviderIndex, termsLastChanged, type ProviderIndexRow } from '../repositories/site.js';
import { trackingCounts } from '../repositories/tracking.js';
import { renderNotFoundPage } from './error-pages.js';
import { FEED_ENTRIES, renderFeed } from './feeds.js';
import { INDEX_PAGE_SIZE, pageNumber, renderIndexPage, searchTerm, sortOrder } from './index-page.js';
import { indexFilters } from './index-filters.js';
import { PAGE_OPINIONS, renderProviderPage } from './provider-page.js';
import type { PageCache } from './page-cache.js';

/** A page as rendered, with the status it is served with. */
export interface Rendered {
  readonly status: 200 | 404 | 500 | 503;
  readonly body: string;
}

interface SiteServices {
  readonly db: Kysely<Database>;
  readonly config: Pick<Config, 'baseUrl'>;
  /** Where rendered pages are kept (page-cache.ts); without one, every request renders. */
  readonly pages?: PageCache;
}

/** A provider page or feed asked for a slug no visible provider has: never kept. */
class Missing extends Error {}

function kept(pages: PageCache | undefined, key: unknown[], provider: string | null, render: () => Promise<string>): Promise<string> {
  return pages ? pages.get(JSON.stringify(key), provider, render) : render();
}

// The API's slug rule (spec section 4, rule 2): anything else cannot name a provider.
const SLUG = /^[a-z0-9.-]{1,253}$/;

/** GET /: one page of the index, with its search and sort (query values as the URL gave them). */
export async function indexPage({ db, config, pages }: SiteServices, query: Record<string, unknown>): Promise<Rendered> {
  // `?query=` is the API's name for the search (`?q=` is the form's): either works.
  const [search, sort, page, filters] = [
    searchTerm(query.q) ?? searchTerm(query.query),
    sortOrder(query.sort),
    pageNumber(query.page),
    indexFilters(query.has),
  ];
  // The list and its total are content (kept); the tracking counts are not, and are read each time.
  const listed = async () => {
    const [providers, total] = await Promise.all([
      listProviderIndex(db, { search, filters, sort, limit: INDEX_PAGE_SIZE, offset: (page - 1) * INDEX_PAGE_SIZE }),
      countProviderIndex(db, search, filters),
    ]);
    return JSON.stringify({ providers, total });
  };
  const [list, tracking] = await Promise.all([kept(pages, ['index', search, sort, page, filters], null, listed), trackingCounts(db)]);
  const { providers, total } = JSON.parse(list) as { providers: ProviderIndexRow[]; total: number };
  return { status: 200, body: renderIndexPage({ providers, total, search, sort, page, filters, tracking, baseUrl: config.baseUrl }) };
}

/** GET /provider/<slug>: the provider's page, or the 404 page. */
export async function providerPage({ db, config, pages }: SiteServices, slug: string): Promise<Rendered> {
  if (!SLUG.test(slug)) return { status: 404, body: renderNotFoundPage() };
  const provider = await findActiveProvider(db, slug);
  if (!provider) return { status: 404, body: renderNotFoundPage() };
  // Access signals are no content version's (a tracker pass moves checked_at): the page is kept
  // under the provider's content version and the signal reading it shows.
  const versions = await latestSignalVersions(db, [provider.id]);
  const version = versions.get(Number(provider.id));
  const render = async () => {
    const [detail, opinions, termsChangedAt, terms] = await Promise.all([
      providerDetail(db, slug),
      listOpinions(db, provider.id, PAGE_OPINIONS, 0),
      termsLastChanged(db, provider.id),
      automatedAccessClauses(db, [provider.id]),
    ]);
    if (!detail) throw new Missing();
    const banded = { ...detail.provider, band: providerBand(detail.provider) };
    const inputs = { terms: terms.get(Number(provider.id))!, version, termsWhere: providerPageUrl(config.baseUrl, provider.slug) };
    const agents = {
      slug: provider.slug,
      anyAgent: verdictsFor(inputs, null),
      named: addressedAgents(inputs),
      checkedAt: version?.checked_at ?? null,
      llmsTxt: (version?.signals as SiteSignals | undefined)?.llmsTxt === 'present',
      robots: (version?.signals as SiteSignals | undefined)?.robots.state ?? null,
    };
    return renderProviderPage({ detail: { ...detail, provider: banded }, opinions, termsChangedAt, baseUrl: config.baseUrl, agents });
  };
  const signals = version ? `${version.id}@${new Date(version.checked_at).toISOString()}` : 'none';
  try {
    return { status: 200, body: await kept(pages, ['provider', slug, signals], slug, render) };
  } catch (error) {
    if (error instanceof Missing) return { status: 404, body: renderNotFoundPage() };
    throw error;
  }
}

/** GET /feed.xml: changes to every visible provider's terms. */
export async function changesFeed({ db, config, pages }: SiteServices): Promise<string> {
  const base = config.baseUrl;
  // Feeds also carry changes of access signals, which move no content version: kept under the latest one too.
  const signalChange = await latestSignalChange(db, null);
  return kept(pages, ['feed', signalChange], null, async () =>
    renderFeed({
      title: `${SERVICE_NAME}: changes to terms of service`,
      subtitle:
        'Each entry is a new version of a provider’s terms (which concerning clauses appeared and which went) or a change of its signals for AI agents.',
      selfUrl: `${base}/feed.xml`,
      pageUrl: `${base}/`,
      baseUrl: base,
      changes: await recentChanges(db, { limit: FEED_ENTRIES }),
      since: await firstProviderAddedAt(db),
    }),
  );
}

/** GET /provider/<slug>/feed.xml: one provider's changes, or null when no visible provider has the slug. */
export async function providerChangesFeed({ db, config, pages }: SiteServices, slug: string): Promise<string | null> {
  if (!SLUG.test(slug)) return null;
  const provider = await findActiveProvider(db, slug);
  if (!provider) return null;
  const signalChange = await latestSignalChange(db, provider.id);
  const render = async () => {
    const base = config.baseUrl;
    const page = `${base}/provider/${encodeURIComponent(provider.slug)}`;
    return renderFeed({
      title: `${provider.name}: changes to its terms · ${SERVICE_NAME}`,
      subtitle: `Each entry is a new version of ${provider.name}’s terms (which concerning clauses appeared and which went) or a change of its signals for AI agents.`,
      selfUrl: `${page}/feed.xml`,
      pageUrl: page,
      baseUrl: base,
      changes: await recentChanges(db, { providerId: provider.id, limit: FEED_ENTRIES }),
      since: provider.created_at,
    });
  };
  return kept(pages, ['provider-feed', slug, signalChange], slug, render);
}
