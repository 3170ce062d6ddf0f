// Pages and feeds kept in memory the way the API's answers are (src/core/answers): each under the
// content version of what it shows, read after the request arrived, so never staler than a
// fresh rendering. A provider's page and feed follow that provider's own version (a write about
// another provider keeps them); the index's provider list and the site-wide feed follow the
// global content_version. RESPONSE_CACHE_MB=0 renders every time.
import type { Kysely } from 'kysely';
import { ContentVersion } from '../core/answers/content-version.js';
import { ProviderVersions } from '../core/answers/provider-versions.js';
import { ResponseCache } from '../core/answers/response-cache.js';
import type { Database } from '../db/schema.js';

export class PageCache {
  private readonly cache: ResponseCache;
  private readonly global: ContentVersion;
  private readonly providers: ProviderVersions;

  constructor(db: Kysely<Database>, maxBytes: number) {
    this.cache = new ResponseCache(maxBytes);
    this.global = new ContentVersion(db);
    this.providers = new ProviderVersions(db);
  }

  /** `render`'s text for `key`, kept under the version of `provider` (a slug), or of everything when null. */
  async get(key: string, provider: string | null, render: () => Promise<string>): Promise<string> {
    const version = provider === null ? await this.global.read() : await this.providers.read([provider]);
    const body = await this.cache.get(key, version, async () => Buffer.from(await render()));
    return body.toString('utf8');
  }
}
