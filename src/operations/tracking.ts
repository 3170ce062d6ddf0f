// The admin API's tracking operations: the state of every tracked provider, a pass run now, and
// the demo providers added on demand (so that the CLI can do all of it beside a running server).
import { notFound } from '../core/errors.js';
import { seedDemoData } from '../ingest/index.js';
import { runPass } from '../tracker/index.js';
import { listTrackingStatus, trackingCounts } from '../repositories/tracking.js';
import { findProviderAnyState } from '../repositories/provider-admin.js';
import { pageWindow, pagination } from './pagination.js';
import type { Handlers } from '../core/handler-types.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const trackingHandlers = {
  async listTrackingStatus({ query, services }) {
    const page = pageWindow(query);
    const failedOnly = query.failed === true;
    const slug = query.provider_slug;
    if (slug !== undefined && !(await findProviderAnyState(services.db, slug))) throw notFound(`no provider with slug "${slug}"`);
    const [counts, rows] = await Promise.all([
      trackingCounts(services.db),
      listTrackingStatus(services.db, { failedOnly, slug: slug ?? null, limit: page.limit, offset: page.offset }),
    ]);
    if (slug !== undefined && rows.length === 0) throw notFound(`provider "${slug}" is not tracked`);
    const total = slug !== undefined ? 1 : failedOnly ? counts.failing : counts.tracked;
    return {
      counts,
      providers: rows.map((r) => ({
        ...r,
        last_attempt_at: iso(r.last_attempt_at),
        last_fetched_at: iso(r.last_fetched_at),
        last_outcome: r.last_outcome,
        next_attempt_at: r.next_attempt_at.toISOString(),
      })),
      pagination: pagination(page, total),
    };
  },

  async runTrackingPass({ body, services, caller }) {
    const since = new Date();
    return runPass({ db: services.db, config: services.config, analyzer: services.analyzer, log: caller.log }, { kind: 'forced', since, slugs: body.slugs });
  },

  async seedDemoProviders({ services }) {
    return { added: await seedDemoData(services.db) };
  },
} satisfies Handlers<'listTrackingStatus' | 'runTrackingPass' | 'seedDemoProviders'>;
