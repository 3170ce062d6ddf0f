// The admin API: providers, terms documents and their analysis, review, guides, moderation, held votes.
import type { Clause } from '../db/schema.js';
import { conflict, notFound } from '../core/errors.js';
import { fetchForProvider } from '../tracker/index.js';
import { forgetPendingPublication } from '../repositories/tracking.js';
import { allClauses } from '../repositories/clauses.js';
import { replaceProviderProtections } from '../repositories/protections.js';
import { editClause, ingestDocument, reanalyseStale, verifyClause } from '../ingest/index.js';
import { ANALYZER_VERSION } from '../analysis/index.js';
import { countAllOpinions, deleteOpinion, listOpinionsWithIds } from '../repositories/moderation.js';
import { adminProviderView, createProvider, findProviderAnyState, updateProviderBySlug } from '../repositories/provider-admin.js';
import { countVoteAudit, countVotes, listVoteAudit, listVotes, type VoteAuditRow } from '../repositories/votes.js';
import { decideHeldVotes } from '../votes/index.js';
import { pageWindow, pagination } from './pagination.js';
import type { Handlers } from '../core/handler-types.js';
import type { Services } from '../core/services.js';

async function providerOr404(services: Services, slug: string) {
  const provider = await findProviderAnyState(services.db, slug);
  if (!provider) throw notFound(`no provider with slug "${slug}"`);
  return provider;
}

function clauseView(c: Clause) {
  return {
    id: c.id,
    title: c.title,
    clause_text: c.clause_text,
    plain_english: c.plain_english,
    severity: c.severity,
    category: c.category,
    ai_rating: c.ai_rating,
    is_verified: c.is_verified,
    start_offset: c.start_offset,
    end_offset: c.end_offset,
    removed_at: c.removed_at?.toISOString() ?? null,
    party: c.party,
    confidence: c.confidence,
    edited_at: c.edited_at?.toISOString() ?? null,
  };
}

function auditView(r: VoteAuditRow) {
  return { ...r, created_at: r.created_at.toISOString() };
}

export const adminHandlers = {
  async createProvider({ body, services }) {
    const created = await createProvider(services.db, { ...body, description: body.description ?? '' });
    if (!created) throw conflict(`a provider with slug "${body.slug}" exists`);
    return { provider: await adminProviderView(services.db, created) };
  },

  async updateProvider({ params, body, services }) {
    const updated = await updateProviderBySlug(services.db, params.slug, { ...body, updated_at: new Date() });
    if (!updated) throw notFound(`no provider with slug "${params.slug}"`);
    if (body.is_active !== undefined) await forgetPendingPublication(services.db, updated.id);
    return { provider: await adminProviderView(services.db, updated) };
  },

  async submitDocument({ params, body, services }) {
    const provider = await providerOr404(services, params.slug);
    const document = 'fetch' in body ? await fetchForProvider(services, provider) : { raw: body.content, format: body.format, url: null };
    const result = await ingestDocument(services.db, services.analyzer, provider.id, document.raw, document.format, document.url);
    return { status: result.status, appeared: result.added, went: result.removed, kept: result.kept, summary: result.summary };
  },

  async listProviderClausesForReview({ params, services }) {
    const provider = await providerOr404(services, params.slug);
    return { clauses: (await allClauses(services.db, provider.id)).map(clauseView) };
  },

  async replaceProtections({ params, body, services }) {
    const provider = await providerOr404(services, params.slug);
    await services.db.transaction().execute((trx) => replaceProviderProtections(trx, provider.id, body.protections));
    return { protections: body.protections };
  },

  async updateClause({ params, body, services }) {
    return clauseView(await editClause(services.db, params.id, body));
  },

  async verifyClause({ params, services }) {
    return clauseView(await verifyClause(services.db, params.id));
  },

  async runReanalysis({ services }) {
    const report = await reanalyseStale(services.db, services.analyzer);
    return {
      analyzer_version: ANALYZER_VERSION,
      providers: report.map(({ slug, outcome, kept, refreshed, added, removed }) => ({ slug, outcome, kept, refreshed, added, removed })),
    };
  },

  async listOpinionsForModeration({ query, services }) {
    const providerId = query.provider_slug === undefined ? null : (await providerOr404(services, query.provider_slug)).id;
    const page = pageWindow(query);
    const [total, rows] = await Promise.all([countAllOpinions(services.db, providerId), listOpinionsWithIds(services.db, providerId, page.limit, page.offset)]);
    return { opinions: rows.map((o) => ({ ...o, created_at: o.created_at.toISOString() })), pagination: pagination(page, total) };
  },

  async removeOpinion({ params, services }) {
    if (!(await deleteOpinion(services.db, params.id))) throw notFound(`no opinion with id ${params.id}`);
    return { removed: true };
  },

  async listVotesForReview({ query, services }) {
    const providerId = query.provider_slug === undefined ? null : (await providerOr404(services, query.provider_slug)).id;
    const status = query.status ?? 'held';
    const page = pageWindow(query);
    const [total, rows] = await Promise.all([countVotes(services.db, status, providerId), listVotes(services.db, status, providerId, page.limit, page.offset)]);
    return {
      votes: rows.map((v) => ({
        ...v,
        agent_created_at: v.agent_created_at.toISOString(),
        created_at: v.created_at.toISOString(),
        held_at: v.held_at?.toISOString() ?? null,
      })),
      pagination: pagination(page, total),
    };
  },

  async releaseVotes({ body, services }) {
    const { changed, audit } = await decideHeldVotes(services.db, 'release', body);
    return { changed, audit: auditView(audit) };
  },

  async discardVotes({ body, services }) {
    const { changed, audit } = await decideHeldVotes(services.db, 'discard', body);
    return { changed, audit: auditView(audit) };
  },

  async listVoteAudit({ query, services }) {
    const page = pageWindow(query);
    const [total, rows] = await Promise.all([countVoteAudit(services.db), listVoteAudit(services.db, page.limit, page.offset)]);
    return { records: rows.map(auditView), pagination: pagination(page, total) };
  },
} satisfies Handlers<
  | 'createProvider'
  | 'updateProvider'
  | 'submitDocument'
  | 'listProviderClausesForReview'
  | 'replaceProtections'
  | 'updateClause'
  | 'verifyClause'
  | 'runReanalysis'
  | 'listOpinionsForModeration'
  | 'removeOpinion'
  | 'listVotesForReview'
  | 'releaseVotes'
  | 'discardVotes'
  | 'listVoteAudit'
>;
