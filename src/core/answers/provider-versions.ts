// The version of an answer about some providers (a provider's detail, its opinions, compare):
// the sum of their content versions, read after the call arrived (batched: calls arriving
// together share one read; a keyed call has them from its own metering statement instead).
// Each provider's version only grows, with every change to what is shown of it, so the sum
// grows as soon as any of them changes: an answer kept under sum s is current while this still
// reads s, and a write about another provider leaves it current.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readProviderVersions } from '../../repositories/content-version.js';
import { Batcher } from '../batcher.js';

export class ProviderVersions {
  private readonly batcher: Batcher<readonly string[], number>;

  constructor(db: Kysely<Database>) {
    this.batcher = new Batcher(async (items) => {
      const versions = await readProviderVersions(db, [...new Set(items.flat())]);
      return items.map((slugs) => versionSum(slugs, versions));
    });
  }

  read(slugs: readonly string[]): Promise<number> {
    return this.batcher.submit(slugs);
  }
}

/** The version of an answer about `slugs`, from their versions as read (a slug no provider has counts 0). */
export function versionSum(slugs: readonly string[], versions: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const slug of slugs) sum += versions.get(slug) ?? 0;
  return sum;
}

/**
 * The providers a cached answer is about, named by its input (`slug` in the path,
 * `provider_slug` in the query, `slugs` in the body), or null for an answer about every provider
 * (a list, a search), which follows the global content_version.
 */
export function providersNamed(input: { params: object; query: object; body?: unknown }): readonly string[] | null {
  const params = input.params as { slug?: unknown };
  const query = input.query as { provider_slug?: unknown };
  const body = input.body as { slugs?: unknown } | undefined;
  if (typeof params.slug === 'string') return [params.slug];
  if (typeof query.provider_slug === 'string') return [query.provider_slug];
  if (Array.isArray(body?.slugs) && body.slugs.every((s) => typeof s === 'string')) return body.slugs as string[];
  return null;
}
