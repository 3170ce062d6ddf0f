// GET /feed.xml (changes to every visible provider's terms) and GET /provider/<slug>/feed.xml
// (one provider's), as Atom 1.0. An ETag lets feed readers poll cheaply (304 when nothing new).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVICE_NAME } from '../core/attribution.js';
import { recentChanges } from '../repositories/feeds.js';
import { findActiveProvider } from '../repositories/providers.js';
import type { Services } from '../core/handler-types.js';
import { ATOM_TYPE, FEED_ENTRIES, renderFeed } from '../site/feeds.js';

const SLUG = /^[a-z0-9.-]{1,253}$/;

export function registerFeeds(site: FastifyInstance, { db, config }: Pick<Services, 'db' | 'config'>): void {
  const base = config.baseUrl;
  site.get('/feed.xml', async (request, reply) => {
    const changes = await recentChanges(db, { limit: FEED_ENTRIES });
    const feed = renderFeed({
      title: `${SERVICE_NAME}: changes to terms of service`,
      subtitle: 'Each entry is a new version of a provider’s terms: which concerning clauses appeared and which went.',
      selfUrl: `${base}/feed.xml`,
      pageUrl: `${base}/`,
      baseUrl: base,
      changes,
    });
    return sendFeed(request, reply, feed);
  });

  site.get<{ Params: { slug: string } }>('/provider/:slug/feed.xml', async (request, reply) => {
    const { slug } = request.params;
    const provider = SLUG.test(slug) ? await findActiveProvider(db, slug) : undefined;
    if (!provider) return reply.status(404).type('application/json; charset=utf-8').send({ error: `no provider with slug "${slug}"` });
    const page = `${base}/provider/${encodeURIComponent(provider.slug)}`;
    const changes = await recentChanges(db, { providerId: provider.id, limit: FEED_ENTRIES });
    const feed = renderFeed({
      title: `${provider.name}: changes to its terms · ${SERVICE_NAME}`,
      subtitle: `Each entry is a new version of ${provider.name}’s terms: which concerning clauses appeared and which went.`,
      selfUrl: `${page}/feed.xml`,
      pageUrl: page,
      baseUrl: base,
      changes,
    });
    return sendFeed(request, reply, feed);
  });
}

function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: string): FastifyReply {
  const etag = `"${createHash('sha256').update(feed).digest('base64url').slice(0, 22)}"`;
  reply.header('etag', etag).header('cache-control', 'public, max-age=300');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.status(200).type(ATOM_TYPE).send(feed);
}
