// The large data set of `npm run bench:scale` (issue 36), generated inside the database with
// set-based SQL (generate_series, one statement per table or chunk; never a row at a time):
// providers whose names mix a few words (so that a search matches some of them), clauses,
// protections, clause votes, agents with derivable keys, opinions spread over a year, one
// analysed document version and one change record per provider, and every provider tracked and
// due. Slugs are `scale-<n>.example`.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

export interface ScaleShape {
  providers: number;
  clausesPerProvider: number;
  protectionsPerProvider: number;
  agents: number;
  opinions: number;
}

/** The issue's size: 10,000 providers x 40 clauses, 100,000 agents, 1,000,000 opinions, ~1,000,000 clause votes. */
export const LARGE: ScaleShape = { providers: 10_000, clausesPerProvider: 40, protectionsPerProvider: 2, agents: 100_000, opinions: 1_000_000 };
/** The embedded database's set: a tenth, for a single-connection WASM database. */
export const SMALL: ScaleShape = { providers: 1_000, clausesPerProvider: 40, protectionsPerProvider: 2, agents: 10_000, opinions: 100_000 };

export const scaleSlug = (i: number) => `scale-${i}.example`;

/** The key of scale agent `i` (1-based). */
export function scaleKey(i: number): string {
  return `svc_ak_${createHash('sha256').update(`scale-agent-${i}`).digest('hex')}`;
}

const WORDS = [
  'Cloud',
  'Stream',
  'Pixel',
  'Nimbus',
  'Harbor',
  'Quartz',
  'Orbit',
  'Maple',
  'Falcon',
  'Ember',
  'Lattice',
  'Cobalt',
  'Summit',
  'Willow',
  'Vector',
  'Tidal',
];
const words = `(array[${WORDS.map((w) => `'${w}'`).join(', ')}])`;
const SENTENCE =
  "'We may modify, suspend or discontinue the service at any time and without notice to you; any dispute shall be resolved by final and binding arbitration'";

async function run(db: Kysely<any>, statement: string): Promise<void> {
  await sql.raw(statement).execute(db);
}

/** Fills empty tables (fresh ids from 1) with `shape`; `log` reports each step. */
export async function createScaleData(db: Kysely<any>, shape: ScaleShape, log: (message: string) => void): Promise<void> {
  const { providers: P, agents: A } = shape;
  // Agent a's k-th opinion goes to provider (37k + 13a) mod P: distinct while k < P (37 is prime to P).
  if (Math.ceil(shape.opinions / A) > P || P % 37 === 0) throw new Error('not enough agent/provider pairs');
  log(`providers (${P})`);
  await run(
    db,
    `insert into providers (slug, name, domain, description, tos_url, overall_rating)
    select 'scale-' || i || '.example', ${words}[1 + i % 16] || ' ' || ${words}[1 + (i / 16) % 16] || ' ' || i, 'scale-' || i || '.example',
      'A fictional provider generated for the scale benchmark, number ' || i || '.', 'https://scale-' || i || '.example/terms',
      round((1 + (i * 37 % 90) / 10.0)::numeric, 1)::float8
    from generate_series(1, ${P}) i`,
  );
  log(`clauses (${P * shape.clausesPerProvider})`);
  await run(
    db,
    `insert into clauses (provider_id, title, clause_text, plain_english, severity, category, ai_rating, is_verified, position)
    select p, 'Clause ' || c, ${SENTENCE} || ' (' || c || ').', 'They can change or stop the service whenever they like.',
      (array['critical', 'high', 'medium', 'low'])[1 + (p + c) % 4],
      (array['arbitration', 'class-action-waiver', 'unilateral-change', 'content-licence'])[1 + (p + c) % 4],
      1 + ((p * 7 + c * 3) % 90) / 10.0, (p + c) % 3 = 0, c
    from generate_series(1, ${P}) p cross join generate_series(1, ${shape.clausesPerProvider}) c`,
  );
  log('protections');
  await run(
    db,
    `insert into protections (provider_id, title, description, impact, steps, position)
    select p, 'Protection ' || g, 'How to limit the effect of a clause.', (array['high', 'medium', 'low'])[1 + (p + g) % 3],
      '["Open the account settings.", "Keep a copy of the confirmation."]'::jsonb, g
    from generate_series(1, ${P}) p cross join generate_series(1, ${shape.protectionsPerProvider}) g`,
  );
  log(`agents (${A})`);
  await run(
    db,
    `insert into agents (name, description, model, key_hash)
    select 'Scale agent ' || i, 'Generated for the scale benchmark', case when i % 3 = 0 then null else 'model-' || (i % 5) end,
      encode(sha256(convert_to('svc_ak_' || encode(sha256(convert_to('scale-agent-' || i, 'UTF8')), 'hex'), 'UTF8')), 'hex')
    from generate_series(1, ${A}) i`,
  );
  log('clause votes (1 to 4 per clause)');
  await run(
    db,
    `insert into clause_votes (clause_id, agent_id, rating)
    select c.id, a, 1 + (c.id + a) % 10 from clauses c cross join lateral generate_series(1, 1 + c.id % 4) a`,
  );
  // Opinion i: agent 1 + i mod A, provider distinct for each i of one agent (37 and 13 spread them).
  const chunk = 250_000;
  for (let lo = 0; lo < shape.opinions; lo += chunk) {
    const hi = Math.min(lo + chunk, shape.opinions);
    log(`opinions ${lo}-${hi}`);
    await run(
      db,
      `insert into opinions (agent_id, provider_id, rating, take, created_at)
      select 1 + i % ${A}, 1 + ((i / ${A}) * 37 + (i % ${A}) * 13) % ${P}, 1 + i % 10,
        'Opinion ' || i || ': binding arbitration with no opt-out, and changes without notice.',
        now() - make_interval(secs => (i::int8 * 7919 % 31536000))
      from generate_series(${lo}, ${hi - 1}) i`,
    );
  }
  log('document versions, change records, tracking');
  await run(
    db,
    `insert into document_versions (provider_id, text, sha256, format, source_url, received_at, is_english)
    select p, 'Terms of provider ' || p || '. ' || ${SENTENCE}, encode(sha256(convert_to('terms-' || p, 'UTF8')), 'hex'), 'markdown',
      'https://scale-' || p || '.example/terms', now() - make_interval(secs => p * 60), p % 50 <> 0
    from generate_series(1, ${P}) p`,
  );
  await run(
    db,
    `insert into provider_changes (provider_id, document_version_id, created_at, added, removed, summary)
    select d.provider_id, d.id, d.received_at, jsonb_build_array(jsonb_build_object('id', c.id, 'title', c.title, 'severity', c.severity)),
      '[]'::jsonb, 'First version analysed: 40 concerning clauses.'
    from document_versions d join clauses c on c.provider_id = d.provider_id and c.position = 1`,
  );
  await run(
    db,
    `insert into provider_tracking (provider_id, source, url, host, next_attempt_at, last_outcome)
    select p, 'catalogue', 'https://scale-' || p || '.example/terms', 'scale-' || p || '.example', now() - make_interval(secs => p),
      case when p % 20 = 0 then 'failed' else 'analysed' end
    from generate_series(1, ${P}) p`,
  );
}
