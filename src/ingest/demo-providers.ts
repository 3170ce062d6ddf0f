// Seeds the fictional demo providers (db/seed/) once: a provider that already exists is left as
// it is, and concurrent seeders wait on the slug's unique index, so several processes starting
// at once seed exactly once. Each demo gets its clauses' quotes as its terms version, with the
// contract facts and what-is-in-your-favour read from that text, its guides written from its
// clauses and facts, and its rating computed, as a real provider's would be: its page, API answer
// and agent-access check all read the same terms.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { DEMO_PROVIDERS, demoTermsText } from '../../db/seed/demo-providers.js';
import { ANALYZER_VERSION, overallRating } from '../analysis/index.js';
import { insertDemoProvider } from '../repositories/provider-admin.js';
import { currentClauses } from '../repositories/clauses.js';
import { insertDocumentVersion } from '../repositories/documents.js';
import { readVersion } from './read-version.js';
import { replaceGuides } from './guides.js';
import { refreshProviderRating } from './provider-rating.js';
import { refreshTermsState } from './terms-state.js';

export async function seedDemoData(db: Kysely<Database>): Promise<number> {
  let created = 0;
  for (const demo of DEMO_PROVIDERS) {
    const text = demoTermsText(demo);
    const reading = readVersion(text);
    await db.transaction().execute(async (trx) => {
      const provider = {
        slug: demo.slug,
        name: demo.name,
        domain: demo.domain,
        description: demo.description,
        tos_url: demo.tos_url,
        is_example: true,
        overall_rating: overallRating(demo.clauses),
      };
      const id = await insertDemoProvider(trx, provider, demo.clauses);
      if (id === null) return;
      created++;
      const version = await insertDocumentVersion(trx, {
        providerId: id,
        text,
        sha256: createHash('sha256').update(text).digest('hex'),
        format: 'text',
        sourceUrl: null,
        isEnglish: true,
        facts: reading,
        analyzerVersion: ANALYZER_VERSION,
      });
      // The clauses point at their quotes in that version.
      for (const clause of await currentClauses(trx, id)) {
        const start = text.indexOf(clause.clause_text);
        await trx
          .updateTable('clauses')
          .set({ document_version_id: version.id, start_offset: start, end_offset: start + clause.clause_text.length })
          .where('id', '=', clause.id)
          .execute();
      }
      await replaceGuides(trx, id, await currentClauses(trx, id), version.facts);
      await refreshTermsState(trx, id);
      await refreshProviderRating(trx, id, 'terms');
    });
  }
  return created;
}
