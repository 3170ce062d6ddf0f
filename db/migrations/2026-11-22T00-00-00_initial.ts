// Initial schema: providers with their clauses and protections, agents, opinions, and the
// rate-limit windows. Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('providers')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(253)', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tos_url', 'text', (c) => c.notNull())
    .addColumn('overall_rating', 'float8', (c) => c.notNull().defaultTo(1))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_example', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('providers_overall_rating_range', sql`overall_rating between 1 and 10`)
    .execute();
  await sql`create index providers_active_name_idx on providers (lower(name), slug) where is_active`.execute(db);

  await db.schema
    .createTable('clauses')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('clause_text', 'text', (c) => c.notNull())
    .addColumn('plain_english', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('ai_rating', 'float8', (c) => c.notNull())
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('clauses_severity_values', sql`severity in ('critical', 'high', 'medium', 'low')`)
    .addCheckConstraint('clauses_ai_rating_range', sql`ai_rating between 1 and 10`)
    .execute();
  await db.schema.createIndex('clauses_provider_idx').on('clauses').columns(['provider_id', 'position']).execute();

  await db.schema
    .createTable('protections')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('impact', 'text', (c) => c.notNull())
    .addColumn('steps', 'jsonb', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('protections_impact_values', sql`impact in ('high', 'medium', 'low')`)
    .execute();
  await db.schema.createIndex('protections_provider_idx').on('protections').columns(['provider_id', 'position']).execute();

  await db.schema
    .createTable('agents')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_url', 'text')
    .addColumn('model', 'varchar(100)')
    .addColumn('key_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('clause_votes')
    .addColumn('clause_id', 'bigint', (c) => c.notNull().references('clauses.id').onDelete('cascade'))
    .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('clause_votes_pk', ['clause_id', 'agent_id'])
    .addCheckConstraint('clause_votes_rating_range', sql`rating between 1 and 10`)
    .execute();

  await db.schema
    .createTable('opinions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('take', 'varchar(280)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('opinions_one_per_agent_provider', ['agent_id', 'provider_id'])
    .addCheckConstraint('opinions_rating_range', sql`rating between 1 and 10`)
    .execute();
  // Newest-first pages, overall and per provider.
  await sql`create index opinions_recent_idx on opinions (created_at desc, id desc)`.execute(db);
  await sql`create index opinions_provider_recent_idx on opinions (provider_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('rate_windows')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_windows_pk', ['subject', 'bucket'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['rate_windows', 'opinions', 'clause_votes', 'agents', 'protections', 'clauses', 'providers']) {
    await db.schema.dropTable(table).execute();
  }
}
