// Providers with their clauses and protection guides, as the agent API reads them.
import { sql, type Kysely } from 'kysely';
import type { Database, Provider } from '../db/schema.js';

export interface ProviderSummary {
  slug: string;
  name: string;
  domain: string;
  overall_rating: number;
  clause_count: number;
  tos_url: string;
}

export interface ClauseView {
  id: number;
  title: string;
  clause_text: string;
  plain_english: string;
  severity: 'critical' | 'high' | 'medium' | 'low';
  category: string;
  ai_rating: number;
  community_rating: number | null;
  is_verified: boolean;
}

export interface ProtectionView {
  title: string;
  description: string;
  impact: 'high' | 'medium' | 'low';
  steps: string[];
}

export interface ProviderDetailView {
  provider: ProviderSummary & { description: string; total_votes: number };
  clauses: ClauseView[];
  protections: ProtectionView[];
}

const clauseCount = sql<number>`(select count(*) from clauses c where c.provider_id = providers.id)::int`;

export async function countActiveProviders(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('providers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Active providers by name (case-insensitive), then slug: a total order, so pages are stable. */
export async function listActiveProviders(db: Kysely<Database>, limit: number, offset: number): Promise<ProviderSummary[]> {
  return db
    .selectFrom('providers')
    .select(['slug', 'name', 'domain', 'overall_rating', 'tos_url', clauseCount.as('clause_count')])
    .where('is_active', '=', true)
    .orderBy(sql`lower(name)`)
    .orderBy('slug')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function findActiveProvider(db: Kysely<Database>, slug: string): Promise<Provider | undefined> {
  return db.selectFrom('providers').selectAll().where('slug', '=', slug).where('is_active', '=', true).executeTakeFirst();
}

const SEVERITY_RANK = sql<number>`case severity when 'critical' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`;

/** Everything endpoint 3 shows of one active provider, or undefined. */
export async function providerDetail(db: Kysely<Database>, slug: string): Promise<ProviderDetailView | undefined> {
  const provider = await findActiveProvider(db, slug);
  if (!provider) return undefined;
  const [clauses, protections] = await Promise.all([
    db
      .selectFrom('clauses')
      .select([
        'id',
        'title',
        'clause_text',
        'plain_english',
        'severity',
        'category',
        'ai_rating',
        'is_verified',
        sql<number | null>`(select round(avg(v.rating)::numeric, 1)::float8 from clause_votes v where v.clause_id = clauses.id)`.as(
          'community_rating',
        ),
        sql<number>`(select count(*) from clause_votes v where v.clause_id = clauses.id)::int`.as('votes'),
      ])
      .where('provider_id', '=', provider.id)
      .orderBy(SEVERITY_RANK)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('protections')
      .select(['title', 'description', 'impact', 'steps'])
      .where('provider_id', '=', provider.id)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return {
    provider: {
      slug: provider.slug,
      name: provider.name,
      domain: provider.domain,
      description: provider.description,
      overall_rating: provider.overall_rating,
      clause_count: clauses.length,
      tos_url: provider.tos_url,
      total_votes: clauses.reduce((sum, c) => sum + c.votes, 0),
    },
    clauses: clauses.map(({ votes: _votes, ...clause }) => clause),
    protections,
  };
}
