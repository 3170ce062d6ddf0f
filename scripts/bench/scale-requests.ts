// The requests `npm run bench:scale` measures (the table of issue 36, plus a provider page, a
// provider's opinions deep in their pages, provider detail and compare), each with the same work
// done in process (the handler or page function the server runs) so that the benchmark can
// explain the statements of a slow one.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { compareHandlers } from '../../src/operations/compare.js';
import { encodeCursor, filterDigest, MAX_WINDOW } from '../../src/operations/cursor.js';
import { opinionHandlers } from '../../src/operations/opinions.js';
import { providerHandlers } from '../../src/operations/providers.js';
import { changesFeed, indexPage, providerPage } from '../../src/site/pages.js';
import { scaleSlug, type ScaleShape } from './scale-data.js';

export interface ScaleRequest {
  label: string;
  path: string;
  keyed: boolean;
  body?: unknown;
  inProcess?: (db: Kysely<Database>) => Promise<unknown>;
}

const config = { baseUrl: 'http://localhost:3000' };
const services = (db: Kysely<Database>) => ({ db, config }) as any;

/** The cursor a client following next_cursor would hold at `position` of the opinions (all providers). */
async function opinionCursor(db: Kysely<Database>, position: number): Promise<string> {
  const { rows } = await sql<{ us: number; id: number }>`
    select (extract(epoch from o.created_at) * 1000000)::int8 as us, o.id from opinions o join providers p on p.id = o.provider_id
    where p.is_active order by o.created_at desc, o.id desc offset ${position - 1} limit 1`.execute(db);
  return encodeCursor({ position, filter: filterDigest(null), after: [Number(rows[0]!.us), Number(rows[0]!.id)] });
}

async function providerCursor(db: Kysely<Database>, position: number): Promise<string> {
  const { rows } = await sql<{ k: string; slug: string }>`
    select lower(name) as k, slug from providers where is_active order by lower(name), slug offset ${position - 1} limit 1`.execute(db);
  return encodeCursor({ position, filter: filterDigest(null), after: [rows[0]!.k, rows[0]!.slug] });
}

export async function scaleRequests(db: Kysely<Database>, shape: ScaleShape): Promise<ScaleRequest[]> {
  const middle = scaleSlug(Math.floor(shape.providers / 2));
  const deepOpinions = Math.floor(shape.opinions / 40); // the middle of the opinions at 20 a page
  const deepProviders = Math.floor((shape.providers * 0.98) / 20);
  const lastIndexPage = Math.ceil(shape.providers / 24);
  const compared = [1, 2, 3].map((i) => scaleSlug(Math.floor((shape.providers * i) / 4)));
  const edge = MAX_WINDOW / 20; // the last numbered page at 20 a page
  const [opinionsDeep, providersDeep] = [await opinionCursor(db, deepOpinions * 20 - 20), await providerCursor(db, deepProviders * 20 - 20)];
  return [
    {
      label: `GET /api/agents/opinions?per_page=20&page=${edge} (last numbered page)`,
      path: `/api/agents/opinions?per_page=20&page=${edge}`,
      keyed: false,
      inProcess: (db) => opinionHandlers.listOpinions({ query: { per_page: 20, page: edge }, services: services(db) } as any),
    },
    {
      label: `GET /api/agents/opinions?cursor=... (page ${deepOpinions})`,
      path: `/api/agents/opinions?cursor=${opinionsDeep}`,
      keyed: false,
      inProcess: (db) => opinionHandlers.listOpinions({ query: { cursor: opinionsDeep }, services: services(db) } as any),
    },
    {
      label: `GET /api/agents/providers?cursor=... (page ${deepProviders})`,
      path: `/api/agents/providers?cursor=${providersDeep}`,
      keyed: true,
      inProcess: (db) => providerHandlers.listProviders({ query: { cursor: providersDeep }, services: services(db) } as any),
    },
    {
      label: `GET /api/agents/opinions?per_page=20&page=${deepOpinions}`,
      path: `/api/agents/opinions?per_page=20&page=${deepOpinions}`,
      keyed: false,
      inProcess: (db) => opinionHandlers.listOpinions({ query: { per_page: 20, page: deepOpinions }, services: services(db) } as any),
    },
    {
      label: `GET /api/agents/providers?page=${deepProviders}&per_page=20`,
      path: `/api/agents/providers?page=${deepProviders}&per_page=20`,
      keyed: true,
      inProcess: (db) => providerHandlers.listProviders({ query: { page: deepProviders, per_page: 20 }, services: services(db) } as any),
    },
    {
      label: `GET /?page=${lastIndexPage}`,
      path: `/?page=${lastIndexPage}`,
      keyed: false,
      inProcess: (db) => indexPage(services(db), { page: String(lastIndexPage) }),
    },
    { label: 'GET /', path: '/', keyed: false, inProcess: (db) => indexPage(services(db), {}) },
    {
      label: 'GET /api/agents/providers?query=cloud',
      path: '/api/agents/providers?query=cloud',
      keyed: true,
      inProcess: (db) => providerHandlers.listProviders({ query: { query: 'cloud' }, services: services(db) } as any),
    },
    { label: 'GET /feed.xml', path: '/feed.xml', keyed: false, inProcess: (db) => changesFeed(services(db)) },
    { label: `GET /provider/${middle}`, path: `/provider/${middle}`, keyed: false, inProcess: (db) => providerPage(services(db), middle) },
    {
      label: `GET /api/agents/opinions?provider_slug=${middle}&page=5`,
      path: `/api/agents/opinions?provider_slug=${middle}&page=5`,
      keyed: false,
      inProcess: (db) => opinionHandlers.listOpinions({ query: { provider_slug: middle, page: 5 }, services: services(db) } as any),
    },
    {
      label: `GET /api/agents/providers/${middle}`,
      path: `/api/agents/providers/${middle}`,
      keyed: true,
      inProcess: (db) => providerHandlers.getProvider({ params: { slug: middle }, services: services(db) } as any),
    },
    {
      label: 'POST /api/agents/compare (3 providers)',
      path: '/api/agents/compare',
      keyed: true,
      body: { slugs: compared },
      inProcess: (db) => compareHandlers.compareProviders({ body: { slugs: compared }, services: services(db) } as any),
    },
  ];
}
