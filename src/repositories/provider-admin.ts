// Providers as operators create and edit them, active or not.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewClause, NewProvider, Provider, ProviderUpdate } from '../db/schema.js';
import type { AdminProviderView } from './views.js';

export async function findProviderAnyState(db: Kysely<Database>, slug: string): Promise<Provider | undefined> {
  return db.selectFrom('providers').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Inserts unless the slug is taken (then undefined). */
export async function createProvider(db: Kysely<Database>, provider: NewProvider): Promise<Provider | undefined> {
  return db
    .insertInto('providers')
    .values(provider)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** A demo provider with its clauses, unless its slug is taken (then null: it was seeded before). */
export async function insertDemoProvider(
  trx: Transaction<Database>,
  provider: NewProvider,
  clauses: Omit<NewClause, 'provider_id' | 'position'>[],
): Promise<number | null> {
  const inserted = await trx
    .insertInto('providers')
    .values(provider)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  await trx
    .insertInto('clauses')
    .values(clauses.map((clause, position) => ({ ...clause, provider_id: inserted.id, position })))
    .execute();
  return inserted.id;
}

export async function updateProviderBySlug(db: Kysely<Database>, slug: string, update: ProviderUpdate): Promise<Provider | undefined> {
  return db.updateTable('providers').set(update).where('slug', '=', slug).returningAll().executeTakeFirst();
}

export async function adminProviderView(db: Kysely<Database>, provider: Provider): Promise<AdminProviderView> {
  const { n } = await db
    .selectFrom('clauses')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('provider_id', '=', provider.id)
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const { slug, name, domain, description, tos_url, is_active, overall_rating } = provider;
  return { slug, name, domain, description, tos_url, is_active, overall_rating, clause_count: n };
}
