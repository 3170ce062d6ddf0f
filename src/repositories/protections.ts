// A provider's protection guides, replaced as a whole (pipeline, admin API, CLI, demo seed).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { GuideInput } from './views.js';

export type { GuideInput };

/** Deletes the provider's guides and inserts these, in order; run it inside a transaction. */
export async function replaceProviderProtections(db: Kysely<Database>, providerId: number, guides: readonly GuideInput[]): Promise<void> {
  await db.deleteFrom('protections').where('provider_id', '=', providerId).execute();
  if (guides.length === 0) return;
  await db
    .insertInto('protections')
    .values(
      guides.map((g, position) => ({
        provider_id: providerId,
        title: g.title,
        description: g.description,
        impact: g.impact,
        steps: JSON.stringify(g.steps),
        evidence: g.evidence ? JSON.stringify(g.evidence) : null,
        position,
      })),
    )
    .execute();
}
