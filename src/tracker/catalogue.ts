// The catalogue of real providers (db/catalogue/providers.json): read and checked once, so that
// a typo in a reviewed file fails loudly instead of tracking the wrong page.
import fs from 'node:fs';
import { compileStrict } from '../core/contract/validation.js';
import type { TrackedDeclaration } from '../repositories/tracking.js';
import { parseDocument } from '../extract/index.js';

export const CATEGORIES = ['social', 'messaging', 'video-music', 'ai-assistants', 'shopping', 'cloud-productivity', 'games', 'dating', 'travel'] as const;
/** Services of the shipped snapshot (db/snapshot/) not sorted into one of the CATEGORIES. */
export const OTHER_CATEGORY = 'other';

export interface CatalogueEntry {
  readonly slug: string;
  readonly name: string;
  readonly domain: string;
  readonly category: (typeof CATEGORIES)[number] | typeof OTHER_CATEGORY;
  /** Where the terms are read on the web; absent: known only from the snapshot, not tracked. */
  readonly terms_url?: string;
  readonly select?: string[];
  readonly remove?: string[];
  readonly render?: boolean;
  readonly note?: string;
}

export class CatalogueError extends Error {}

const selectors = { type: 'array', minItems: 1, maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 300 } };
const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['providers'],
  properties: {
    $comment: { type: 'string' },
    providers: {
      type: 'array',
      maxItems: 5000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['slug', 'name', 'domain', 'category'],
        properties: {
          slug: { type: 'string', pattern: '^[a-z0-9.-]+$', minLength: 1, maxLength: 253 },
          name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
          domain: { type: 'string', pattern: '^[a-z0-9.-]+\\.[a-z]{2,}$', maxLength: 253 },
          category: { type: 'string', enum: [...CATEGORIES, OTHER_CATEGORY] },
          terms_url: { type: 'string', pattern: '^https?://[^\\s/]+/\\S*$', maxLength: 2048 },
          select: selectors,
          remove: selectors,
          render: { type: 'boolean' },
          note: { type: 'string', maxLength: 1000 },
        },
      },
    },
  },
};

let validate: ReturnType<typeof compileStrict> | null = null;

/** The entries of a catalogue file, or a CatalogueError saying what is wrong with it. */
export function loadCatalogue(file: string): CatalogueEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogueError(`catalogue ${file} cannot be read: ${(error as Error).message}`);
  }
  validate ??= compileStrict(SCHEMA);
  if (!validate(parsed)) {
    const first = validate.errors![0]!;
    throw new CatalogueError(`catalogue ${file}: ${first.instancePath || '/'} ${first.message}`);
  }
  const entries = (parsed as { providers: CatalogueEntry[] }).providers;
  const seen = new Set<string>();
  const probe = parseDocument('<p>probe</p>');
  for (const entry of entries) {
    if (seen.has(entry.slug)) throw new CatalogueError(`catalogue ${file}: slug ${entry.slug} appears twice`);
    seen.add(entry.slug);
    for (const selector of [...(entry.select ?? []), ...(entry.remove ?? [])]) {
      try {
        probe.querySelectorAll(selector);
      } catch {
        throw new CatalogueError(`catalogue ${file}: ${entry.slug}: "${selector}" is not valid CSS`);
      }
    }
  }
  return entries;
}

export function declarationOf(entry: CatalogueEntry): TrackedDeclaration {
  return {
    slug: entry.slug,
    name: entry.name,
    domain: entry.domain,
    url: entry.terms_url ?? null,
    select: entry.select ?? null,
    remove: entry.remove ?? null,
    renderJs: entry.render ?? false,
    description: entry.terms_url
      ? `Terms of Service of ${entry.name}, tracked from ${entry.terms_url}.`
      : `Terms of Service of ${entry.name}, as recorded by Open Terms Archive (no web address of them is known to track).`,
  };
}
