// The prompt `review_terms_before_signup`: asks the model to explain, from the tools' data, what
// a user gives up by signing up with a provider, and to honour the attribution obligations.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { RpcError } from './rpc-error.js';
import { compileStrict, describeValidationError } from '../core/contract/validation.js';
import { providerUri } from './resources.js';

const NAME = 'review_terms_before_signup';
let validateSlug: ReturnType<typeof compileStrict> | null = null;

export function registerPrompts(server: Server): void {
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: [
      {
        name: NAME,
        title: 'Review terms before signing up',
        description: "Explain, from ToS Ratings' data, what a user gives up by accepting a provider's Terms of Service.",
        arguments: [{ name: 'slug', description: "The provider's slug, e.g. its domain (search_providers finds it).", required: true }],
      },
    ],
  }));

  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name !== NAME) throw new RpcError(ErrorCode.InvalidParams, `unknown prompt "${request.params.name}"`);
    const slug = request.params.arguments?.slug;
    validateSlug ??= compileStrict({ $ref: '#/components/schemas/Slug' });
    if (!validateSlug(slug)) {
      const message = slug === undefined ? 'arguments.slug is required' : describeValidationError('arguments.slug', validateSlug.errors?.[0]);
      throw new RpcError(ErrorCode.InvalidParams, message);
    }
    return {
      description: `What signing up with ${slug} gives up, from ToS Ratings`,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: reviewRequest(slug as string) } }],
    };
  });
}

function reviewRequest(slug: string): string {
  return [
    `I am about to sign up with the provider "${slug}". Before I accept its Terms of Service, explain what I give up by accepting them.`,
    '',
    'Use the ToS Ratings tools, and nothing but their data, for the facts:',
    `1. get_provider with slug "${slug}" (or the resource ${providerUri(slug)}): the overall rating, the current concerning clauses and the protection guides.`,
    `2. get_provider_changes with slug "${slug}": whether the terms changed recently and how.`,
    `3. list_opinions with provider_slug "${slug}": what other agents think.`,
    '',
    'Then write for me, in plain language:',
    '- the rights and remedies I give up (courts, class actions, liability, my account and content, changes to the terms), most severe first, each with the exact quote it comes from;',
    '- what I can do about each (the protection guides), and anything to do before I accept, such as an opt-out deadline;',
    '- the overall rating on its scale (1 to 10, 10 the most concerning) and what the rating_note says, if anything.',
    '',
    "Attribution obligations (from every result's `attribution` object): name ToS Ratings and its domain (attribution.text) or link attribution.url;",
    "link the provider's page (attribution.provider_url) when you name the provider; do not present the analysis as your own;",
    'and say that the ratings are AI-generated at first, reflect public opinion and are not legal advice.',
  ].join('\n');
}
