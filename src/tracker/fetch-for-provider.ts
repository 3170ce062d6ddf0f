// "Fetch this provider's terms now" for the admin API and the CLI: the provider's tracking
// declaration when it has one (the catalogue's selectors, JavaScript rendering), otherwise its
// tos_url read for its main content; the same fetcher and extraction as the tracker, without
// conditional headers (an operator asking wants the page). `unprocessable` when it gives no terms.
import type { Services } from '../core/services.js';
import { findTracking } from '../repositories/tracking.js';
import type { Provider } from '../db/schema.js';
import { FetchFailure } from './fetch/safe-http.js';
import { fetchTerms } from './fetch/fetch-terms.js';
import { ExtractionError, type TermsFormat } from '../extract/index.js';

export async function fetchForProvider(
  services: Pick<Services, 'db' | 'config' | 'analyzer'>,
  provider: Provider,
): Promise<{ raw: string; format: TermsFormat; url: string }> {
  const tracked = await findTracking(services.db, provider.id);
  const declaration = tracked
    ? { url: tracked.url, select: tracked.select_selectors, remove: tracked.remove_selectors, renderJs: tracked.render_js }
    : { url: provider.tos_url };
  try {
    const fetched = await fetchTerms(
      declaration,
      { etag: null, lastModified: null },
      {
        baseUrl: services.config.baseUrl,
        allowPrivateAddresses: services.config.fetchAllowPrivate,
        chromiumPath: services.config.chromiumPath,
        attempts: 1,
        timeoutMs: 15_000,
        maxBytes: 2 * 1024 * 1024,
      },
      services.analyzer,
    );
    if (fetched.kind !== 'terms') throw new FetchFailure(`fetching ${declaration.url} gave no document`, true);
    return { raw: fetched.text, format: fetched.format, url: fetched.url };
  } catch (error) {
    if (error instanceof ExtractionError) throw new FetchFailure(`${declaration.url}: ${error.message}`, false);
    throw error;
  }
}
