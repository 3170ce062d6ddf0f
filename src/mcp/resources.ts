// Resources: `tos-ratings://provider/{slug}`, a provider's detail as JSON. Reading one is the
// get_provider tool (same key, same data budget); listing them is a directory of names and
// addresses, as public and free as the HTML index page.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { RpcError } from './rpc-error.js';
import { countActiveProviders, listActiveProviders } from '../repositories/providers.js';
import { inSentence, notInEnglish, providerBand } from '../analysis/index.js';
import type { McpContext } from './context.js';
import { callTool } from './call-tool.js';
import type { Caller } from '../core/services.js';

export const PROVIDER_URI_PREFIX = 'tos-ratings://provider/';
const PAGE_SIZE = 100;
/** MCP's code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

export function providerUri(slug: string): string {
  return `${PROVIDER_URI_PREFIX}${slug}`;
}

export function registerResources(server: Server, { core, db, config }: McpContext, callerOf: (extra: unknown) => Caller): void {
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: `${PROVIDER_URI_PREFIX}{slug}`,
        name: 'provider',
        title: 'Provider terms rating',
        description:
          "A provider's overall rating, current concerning clauses and protection guides, as get_provider returns them (needs an API key; data budget).",
        mimeType: 'application/json',
      },
    ],
  }));

  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const page = pageOf(request.params?.cursor);
    const offset = (page - 1) * PAGE_SIZE;
    const [total, providers] = await Promise.all([
      countActiveProviders(db, { search: null }),
      listActiveProviders(db, PAGE_SIZE, { offset }, { search: null }),
    ]);
    return {
      resources: providers.map((p) => ({
        uri: providerUri(p.slug),
        name: p.slug,
        title: p.name,
        description: resourceDescription(p),
        mimeType: 'application/json',
      })),
      ...(offset + PAGE_SIZE < total && { nextCursor: String(page + 1) }),
    };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const { uri } = request.params;
    if (!uri.startsWith(PROVIDER_URI_PREFIX)) throw new RpcError(RESOURCE_NOT_FOUND, `no such resource: ${uri}`);
    const outcome = await callTool(core, callerOf(extra), config.baseUrl, 'get_provider', { slug: uri.slice(PROVIDER_URI_PREFIX.length) });
    if (!outcome.ok) throw new RpcError(errorCode(outcome.code), outcome.message);
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(outcome.result) }] };
  });
}

function pageOf(cursor: string | undefined): number {
  if (cursor === undefined) return 1;
  if (!/^[1-9]\d{0,6}$/.test(cursor)) throw new RpcError(ErrorCode.InvalidParams, 'invalid cursor');
  return Number(cursor);
}

function errorCode(code: string): number {
  if (code === 'not-found') return RESOURCE_NOT_FOUND;
  if (code === 'invalid-input') return ErrorCode.InvalidParams;
  return code === 'internal' ? ErrorCode.InternalError : ErrorCode.InvalidRequest;
}

/** The provider in a line, its band in the words of the one band function (src/analysis/band.ts). */
function resourceDescription(p: {
  name: string;
  domain: string;
  overall_rating: number;
  clause_count: number;
  terms_state: 'analysed' | 'not-english' | 'not-read-yet';
  terms_language: string | null;
}): string {
  const what = `Terms of Service of ${p.name} (${p.domain})`;
  if (p.terms_state === 'not-read-yet') return `${what}: not analysed yet, so not rated.`;
  if (p.terms_state === 'not-english') return `${what}: ${notInEnglish(p.terms_language)}, so not rated.`;
  const band = providerBand(p);
  const clauses = `${p.clause_count} concerning clause${p.clause_count === 1 ? '' : 's'}`;
  return `${what}: overall rating ${p.overall_rating}/10 (10 the most concerning), ${inSentence(band.label)}, ${clauses}.`;
}
