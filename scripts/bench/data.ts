// Benchmark data, generated inside the database with generate_series (fast on PostgreSQL and on
// PGlite alike): providers with clauses, protections and clause votes, agents with known keys,
// and opinions added in ranges so that one database can grow from 1k to 100k to 1M opinions.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

export interface Shape {
  providers: number;
  clausesPerProvider: number;
  protectionsPerProvider: number;
  /** Agents created; opinions need agents x providers >= opinions (one per agent and provider). */
  agents: number;
  /** Clause votes per clause (for community ratings and total_votes). */
  votesPerClause: number;
}

export const SHAPE: Shape = { providers: 200, clausesPerProvider: 30, protectionsPerProvider: 5, agents: 5000, votesPerClause: 4 };

/** The key of bench agent `i` (1-based): derivable, so the load generator knows every key. */
export function benchKey(i: number): string {
  return `svc_ak_${createHash('sha256').update(`bench-agent-${i}`).digest('hex')}`;
}

export const providerSlug = (i: number) => `bench-${String(i).padStart(3, '0')}.example`;

const SENTENCES = [
  'We may modify, suspend or discontinue the service, or any part of it, at any time and without notice to you',
  'Any dispute arising out of or relating to these terms shall be resolved by final and binding arbitration',
  'You waive any right to participate in a class action lawsuit or class-wide arbitration against the company',
  'You grant us a worldwide, non-exclusive, royalty-free, sublicensable licence to use, reproduce and display your content',
  'To the maximum extent permitted by law, our total liability shall not exceed the amount you paid us in the last month',
  'These terms are governed by the laws of the State of Delaware, without regard to its conflict of law provisions',
  'Your subscription renews automatically at the then-current price unless you cancel before the renewal date',
  'We may share personal information with our affiliates, partners and service providers for the purposes described',
];

function sentenceArray(): string {
  return `array[${SENTENCES.map((s) => `'${s.replaceAll("'", "''")}'`).join(', ')}]`;
}

/** Providers, clauses, protections, agents and clause votes. Expects empty tables. */
export async function createCatalogue(db: Kysely<any>, shape: Shape = SHAPE): Promise<void> {
  const s = sentenceArray();
  await sql
    .raw(
      `
    insert into providers (slug, name, domain, description, tos_url, overall_rating)
    select 'bench-' || lpad(i::text, 3, '0') || '.example', 'Bench Provider ' || i, 'bench-' || i || '.example',
      'A fictional provider generated for benchmarks, number ' || i || '. ' || (${s})[1 + i % 8] || '.',
      'https://bench-' || i || '.example/legal/terms', round((1 + (i * 37 % 90) / 10.0)::numeric, 1)::float8
    from generate_series(1, ${shape.providers}) i`,
    )
    .execute(db);
  await sql
    .raw(
      `
    insert into clauses (provider_id, title, clause_text, plain_english, severity, category, ai_rating, is_verified, position)
    select p.id, 'Clause ' || c || ' of ' || p.name,
      (${s})[1 + (p.id + c) % 8] || '. ' || (${s})[1 + (p.id * 3 + c) % 8] || '.',
      'In plain English: ' || lower((${s})[1 + (p.id + c) % 8]) || '.',
      (array['critical', 'high', 'medium', 'low'])[1 + (p.id + c) % 4],
      (array['arbitration', 'class-action-waiver', 'unilateral-change', 'content-licence', 'limitation-of-liability',
             'choice-of-law', 'automatic-renewal', 'data-sharing'])[1 + (p.id + c) % 8],
      1 + ((p.id * 7 + c * 3) % 90) / 10.0, (p.id + c) % 3 = 0, c
    from providers p cross join generate_series(1, ${shape.clausesPerProvider}) c`,
    )
    .execute(db);
  await sql
    .raw(
      `
    insert into protections (provider_id, title, description, impact, steps, position)
    select p.id, 'Protection ' || g || ' for ' || p.name,
      'How to limit the effect of ' || lower((${s})[1 + (p.id + g) % 8]) || '.',
      (array['high', 'medium', 'low'])[1 + (p.id + g) % 3],
      jsonb_build_array('Open the account settings page and find the privacy section.',
        'Send a dated written notice to the address given in the terms within 30 days.',
        'Keep a copy of the confirmation you receive.'),
      g
    from providers p cross join generate_series(1, ${shape.protectionsPerProvider}) g`,
    )
    .execute(db);
  await sql
    .raw(
      `
    insert into agents (name, description, model, key_hash, request_count, last_used_at)
    select 'Bench agent ' || i, 'Generated for benchmarks', case when i % 3 = 0 then null else 'model-' || (i % 5) end,
      encode(sha256(convert_to('svc_ak_' || encode(sha256(convert_to('bench-agent-' || i, 'UTF8')), 'hex'), 'UTF8')), 'hex'),
      0, null
    from generate_series(1, ${shape.agents}) i`,
    )
    .execute(db);
  await sql
    .raw(
      `
    insert into clause_votes (clause_id, agent_id, rating)
    select c.id, a.id, 1 + (c.id + a.id) % 10
    from clauses c cross join lateral (select id from agents where id <= ${shape.votesPerClause} + c.id % 3) a`,
    )
    .execute(db);
  await sql`analyze`.execute(db);
}

/**
 * Opinions number `from` (inclusive) to `to` (exclusive). Opinion i belongs to agent i mod A and
 * to a provider that is distinct for every i of one agent (37 is invertible modulo 200), so the
 * one-opinion-per-agent-and-provider rule holds for up to A x P opinions; times spread over a year.
 */
export async function addOpinions(db: Kysely<any>, from: number, to: number, shape: Shape = SHAPE): Promise<void> {
  if (to > shape.agents * shape.providers) throw new Error('not enough agent/provider pairs');
  const s = sentenceArray();
  const chunk = 250_000;
  for (let lo = from; lo < to; lo += chunk) {
    const hi = Math.min(lo + chunk, to);
    await sql
      .raw(
        `
      insert into opinions (agent_id, provider_id, rating, take, created_at)
      select 1 + i % ${shape.agents}, 1 + ((i / ${shape.agents}) * 37 + (i % ${shape.agents}) * 13) % ${shape.providers},
        1 + i % 10, left('Opinion ' || i || ': ' || (${s})[1 + i % 8] || '. ' || (${s})[1 + (i / 8) % 8], 40 + i % 240),
        now() - make_interval(secs => (i::int8 * 7919 % 31536000))
      from generate_series(${lo}, ${hi - 1}) i`,
      )
      .execute(db);
  }
  await sql`analyze opinions`.execute(db);
  await sql`analyze providers`.execute(db);
}
