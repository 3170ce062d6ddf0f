// What a valid request must get, decided from the database's state just before it is sent:
// 2xx, or the documented 4xx that this state makes right (404 for a slug or id that no
// resource has, 409 for a slug already taken or a quote that cannot be verified, 400 for a terms
// document with no readable text). Never 400 for its shape, 401, 413 (unless larger than the
// operation's body limit), 415, 429 or 5xx. Operations added later without a rule here get the
// generic rule: 2xx or one of their documented 404, 409 and 422.
import { sql, type Kysely } from 'kysely';
import type { OperationSpec } from '../../src/core/operation-table.js';

export interface Expectation {
  readonly statuses: readonly number[];
  /** For statuses that only some messages justify: the message must match. */
  readonly messages?: Readonly<Record<number, RegExp>>;
  readonly why: string;
}

export interface ValidRequest {
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly body: any;
}

type Rule = (request: ValidRequest, db: Kysely<any>) => Promise<Expectation>;

const ok: Expectation = { statuses: [200], why: 'a valid request' };
/** What the analyzer says of a text it cannot read (src/analysis/normalise.ts): a 400, as the document states. */
const DOCUMENT_WITHOUT_TEXT = /^document (is empty|looks binary|has no readable text)/;

async function exists(db: Kysely<any>, query: ReturnType<typeof sql>): Promise<boolean> {
  return (await query.execute(db)).rows.length > 0;
}
const activeProvider = (db: Kysely<any>, slug: unknown) => exists(db, sql`select 1 from providers where slug = ${String(slug)} and is_active`);
const anyProvider = (db: Kysely<any>, slug: unknown) => exists(db, sql`select 1 from providers where slug = ${String(slug)}`);
const anyRow = (db: Kysely<any>, table: string, id: unknown) => exists(db, sql`select 1 from ${sql.table(table)} where id = ${Number(id)}`);

function when(found: boolean, what: string, then: Expectation = ok): Expectation {
  return found ? then : { statuses: [404], why: `${what} does not exist` };
}

const RULES: Record<string, Rule> = {
  registerAgent: async () => ok,
  listProviders: async () => ok,
  getCurrentAgent: async () => ok,
  regenerateKey: async () => ok,
  revokeKey: async () => ok,
  getProvider: async (r, db) => when(await activeProvider(db, r.params.slug), 'an active provider with this slug'),
  listProviderChanges: async (r, db) => when(await activeProvider(db, r.params.slug), 'an active provider with this slug'),
  getProviderTerms: async (r, db) => when(await activeProvider(db, r.params.slug), 'an active provider with this slug'),
  getAgentAccess: async (r, db) => when(await activeProvider(db, r.params.slug), 'an active provider with this slug'),
  listOpinions: async (r, db) =>
    when(r.query.provider_slug === undefined || (await activeProvider(db, r.query.provider_slug)), 'an active provider with provider_slug'),
  submitOpinion: async (r, db) => when(await activeProvider(db, r.body.provider_slug), 'an active provider with provider_slug'),
  rateClause: async (r, db) =>
    when(
      await exists(
        db,
        sql`select 1 from clauses c join providers p on p.id = c.provider_id where c.id = ${Number(r.params.id)} and c.removed_at is null and p.is_active`,
      ),
      'a current clause of an active provider with this id',
    ),
  createProvider: async (r, db) => ((await anyProvider(db, r.body.slug)) ? { statuses: [409], why: 'the slug is taken' } : ok),
  updateProvider: async (r, db) => when(await anyProvider(db, r.params.slug), 'a provider with this slug'),
  listProviderClausesForReview: async (r, db) => when(await anyProvider(db, r.params.slug), 'a provider with this slug'),
  replaceProtections: async (r, db) => when(await anyProvider(db, r.params.slug), 'a provider with this slug'),
  // Operations that other branches add (their rules wait here for them; an unknown id is never looked up).
  compareProviders: async (r, db) => {
    const slugs: unknown[] = Array.isArray(r.body?.slugs) ? r.body.slugs : [];
    const active = await Promise.all(slugs.map((slug) => activeProvider(db, slug)));
    return when(active.every(Boolean), 'an active provider for every slug');
  },
  analyzeTerms: async () => ({ statuses: [200, 400], messages: { 400: DOCUMENT_WITHOUT_TEXT }, why: 'terms are analysed unless they have no readable text' }),
  submitDocument: async (r, db) =>
    when(
      await anyProvider(db, r.params.slug),
      'a provider with this slug',
      'fetch' in r.body
        ? { statuses: [200], why: 'tos_url is served by the loopback terms server' }
        : { statuses: [200, 400], messages: { 400: DOCUMENT_WITHOUT_TEXT }, why: 'a document is analysed unless it has no readable text' },
    ),
  updateClause: async (r, db) => when(await anyRow(db, 'clauses', r.params.id), 'a clause with this id'),
  verifyClause: async (r, db) =>
    when(await anyRow(db, 'clauses', r.params.id), 'a clause with this id', {
      statuses: [200, 409],
      messages: { 409: /^the (clause is no longer|provider has no terms|quote is not an exact)/ },
      why: 'verified unless the quote is not in the current terms',
    }),
  listOpinionsForModeration: async (r, db) =>
    when(r.query.provider_slug === undefined || (await anyProvider(db, r.query.provider_slug)), 'a provider with provider_slug'),
  removeOpinion: async (r, db) => when(await anyRow(db, 'opinions', r.params.id), 'an opinion with this id'),
};

/** The operations this file has a precise rule for (the run reports the others). */
export const PRECISE_RULES: ReadonlySet<string> = new Set(Object.keys(RULES));

export async function expectationFor(spec: OperationSpec, request: ValidRequest, db: Kysely<any>): Promise<Expectation> {
  const rule = RULES[spec.operationId];
  if (rule) return rule(request, db);
  const documented = Object.keys(spec.responseSchemas).map(Number);
  return {
    statuses: documented.filter((s) => (s >= 200 && s < 300) || s === 404 || s === 409 || s === 422),
    why: 'no precise rule for this operation: any documented success, 404, 409 or 422',
  };
}
