// registerSite(app, services): the server-rendered public pages (index, provider pages, their
// stylesheet), in a plugin of their own so that their security headers, 404 page and error page
// apply to them alone and not to the JSON API or /docs.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { listOpinions } from '../repositories/opinions.js';
import { findActiveProvider, providerDetail } from '../repositories/providers.js';
import { countProviderIndex, listProviderIndex, termsLastChanged } from '../repositories/site.js';
import { trackingCounts } from '../repositories/tracking.js';
import { registerFeeds } from './feed-routes.js';
import type { Services } from '../core/handler-types.js';
import { SECURITY_HEADERS } from '../site/headers.js';
import { INDEX_PAGE_SIZE, pageNumber, renderIndexPage, searchTerm, sortOrder } from '../site/index-page.js';
import { renderErrorPage, renderNotFoundPage } from '../site/error-pages.js';
import { PAGE_OPINIONS, renderProviderPage } from '../site/provider-page.js';
import { SITE_CSS, SITE_CSS_PATH, SITE_CSS_VERSION } from '../site/styles.js';

// The API's slug rule (spec section 4, rule 2): anything else cannot name a provider.
const SLUG = /^[a-z0-9.-]{1,253}$/;

export function registerSite(app: FastifyInstance, services: Services): void {
  const { db, config } = services;
  app.register(async (site) => {
    site.addHook('onSend', async (_request, reply) => {
      reply.headers(SECURITY_HEADERS);
    });
    site.setErrorHandler(async (error, request, reply) => {
      request.log.error({ err: error }, 'page failed');
      return sendPage(reply, 500, renderErrorPage());
    });

    site.get('/', async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const [search, sort, page] = [searchTerm(query.q), sortOrder(query.sort), pageNumber(query.page)];
      const [providers, total, tracking] = await Promise.all([
        listProviderIndex(db, { search, sort, limit: INDEX_PAGE_SIZE, offset: (page - 1) * INDEX_PAGE_SIZE }),
        countProviderIndex(db, search),
        trackingCounts(db),
      ]);
      return sendPage(reply, 200, renderIndexPage({ providers, total, search, sort, page, tracking, baseUrl: config.baseUrl }));
    });

    registerFeeds(site, services);

    site.get<{ Params: { slug: string } }>('/provider/:slug', async (request, reply) => {
      const { slug } = request.params;
      const provider = SLUG.test(slug) ? await findActiveProvider(db, slug) : undefined;
      if (!provider) return sendPage(reply, 404, renderNotFoundPage());
      const [detail, opinions, termsChangedAt] = await Promise.all([
        providerDetail(db, slug),
        listOpinions(db, provider.id, PAGE_OPINIONS, 0),
        termsLastChanged(db, provider.id),
      ]);
      if (!detail) return sendPage(reply, 404, renderNotFoundPage());
      return sendPage(reply, 200, renderProviderPage({ detail, opinions, termsChangedAt, baseUrl: config.baseUrl }));
    });

    site.get(SITE_CSS_PATH, async (request, reply) => {
      const etag = `"${SITE_CSS_VERSION}"`;
      // Immutable only under the current version's URL; any other URL must be checked again.
      const current = (request.query as Record<string, unknown>).v === SITE_CSS_VERSION;
      reply.header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=300').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('text/css; charset=utf-8').send(SITE_CSS);
    });
  });
}

function sendPage(reply: FastifyReply, status: number, page: string): FastifyReply {
  // Opinions arrive at any time: a browser may keep the page but must ask again before reuse.
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
}
