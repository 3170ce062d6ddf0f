// The public pages, feeds and stylesheet (src/site) over HTTP, in a plugin of their own so that
// their security headers, 404 page and error page apply to them alone and not to the JSON API
// or /docs. Feeds carry an ETag so that feed readers poll cheaply (304 when nothing is new).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../core/services.js';
import {
  ATOM_TYPE,
  PageCache,
  changesFeed,
  indexPage,
  providerChangesFeed,
  providerPage,
  renderErrorPage,
  SECURITY_HEADERS,
  SITE_CSS,
  SITE_CSS_PATH,
  SITE_CSS_VERSION,
  type Rendered,
} from '../site/index.js';

export function registerSite(app: FastifyInstance, base: Pick<Services, 'db' | 'config'>): void {
  const services = { ...base, pages: new PageCache(base.db, base.config.responseCacheBytes) };
  app.register(async (site) => {
    site.addHook('onSend', async (_request, reply) => {
      reply.headers(SECURITY_HEADERS);
    });
    site.setErrorHandler(async (error, request, reply) => {
      request.log.error({ err: error }, 'page failed');
      return sendPage(reply, { status: 500, body: renderErrorPage() });
    });

    site.get('/', async (request, reply) => sendPage(reply, await indexPage(services, request.query as Record<string, unknown>)));
    site.get<{ Params: { slug: string } }>('/provider/:slug', async (request, reply) => sendPage(reply, await providerPage(services, request.params.slug)));

    site.get('/feed.xml', async (request, reply) => sendFeed(request, reply, await changesFeed(services)));
    site.get<{ Params: { slug: string } }>('/provider/:slug/feed.xml', async (request, reply) => {
      const feed = await providerChangesFeed(services, request.params.slug);
      if (feed === null)
        return reply
          .status(404)
          .type('application/json; charset=utf-8')
          .send({ error: `no provider with slug "${request.params.slug}"` });
      return sendFeed(request, reply, feed);
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

function sendPage(reply: FastifyReply, page: Rendered): FastifyReply {
  // Opinions arrive at any time: a browser may keep the page but must ask again before reuse.
  return reply.status(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page.body);
}

function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: string): FastifyReply {
  const etag = `"${createHash('sha256').update(feed).digest('base64url').slice(0, 22)}"`;
  reply.header('etag', etag).header('cache-control', 'public, max-age=300');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.status(200).type(ATOM_TYPE).send(feed);
}
