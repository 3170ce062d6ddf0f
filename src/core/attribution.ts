// The attribution object every successful agent response carries (spec section 1).
import type { components } from '../../generated/openapi.js';

type Attribution = components['schemas']['Attribution'];

export const SERVICE_NAME = 'ToS Ratings';
export const DATA_LICENSE = 'CC BY 4.0';

export function attribution(baseUrl: string, providerSlug?: string): Attribution {
  const domain = new URL(baseUrl).host;
  const result: Attribution = {
    required: true,
    text: `Data from ${SERVICE_NAME} (${domain}). Ratings are AI-generated at first, reflect public opinion and are not legal advice.`,
    url: baseUrl,
    license: DATA_LICENSE,
  };
  if (providerSlug !== undefined) result.provider_url = providerPageUrl(baseUrl, providerSlug);
  return result;
}

export function providerPageUrl(baseUrl: string, slug: string): string {
  return `${baseUrl}/provider/${encodeURIComponent(slug)}`;
}
