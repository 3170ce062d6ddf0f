// The CLI's operator commands: each turns its arguments into one admin operation's input and its
// answer into lines on stdout. Where the operation runs (a server's admin API, or the database
// directly) is the door's business (doors.ts).
import { detectFormat } from '../../src/analysis/index.js';
import { CliError, type Door } from './doors.js';
import { readInputText } from './input-file.js';
import { DEMO_PROVIDERS } from '../../db/seed/demo-providers.js';

type Options = Record<string, string | boolean | undefined>;

function required(options: Options, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.trim() === '') throw new CliError(`--${name} is required`);
  return value.trim();
}

const readFile = readInputText;

export async function addProvider(door: Door, options: Options): Promise<number> {
  const body = {
    slug: required(options, 'slug'),
    name: required(options, 'name'),
    domain: required(options, 'domain'),
    tos_url: required(options, 'tos-url'),
    ...(typeof options.description === 'string' && { description: options.description }),
  };
  await door.call('createProvider', { body });
  console.log(`created ${body.slug}`);
  return 0;
}

export async function updateProvider(door: Door, slug: string, options: Options): Promise<number> {
  const body: Record<string, unknown> = {};
  for (const [option, field] of [
    ['name', 'name'],
    ['domain', 'domain'],
    ['description', 'description'],
    ['tos-url', 'tos_url'],
  ] as const) {
    if (typeof options[option] === 'string') body[field] = options[option];
  }
  if (options.active !== undefined) {
    if (options.active !== 'true' && options.active !== 'false') throw new CliError('--active takes true or false');
    body.is_active = options.active === 'true';
  }
  if (Object.keys(body).length === 0) throw new CliError('nothing to update');
  await door.call('updateProvider', { params: { slug }, body });
  console.log(`updated ${slug}`);
  return 0;
}

export async function submitFile(door: Door, slug: string, file: string): Promise<number> {
  const content = readFile(file);
  const result = await door.call('submitDocument', { params: { slug }, body: { content, format: detectFormat(file, content) } });
  console.log(JSON.stringify({ provider: slug, ...result }));
  return 0;
}

export async function fetchFor(door: Door, slug: string): Promise<number> {
  const result = await door.call('submitDocument', { params: { slug }, body: { fetch: true } });
  console.log(JSON.stringify({ provider: slug, ...result }));
  return 0;
}

export async function clausesOf(door: Door, slug: string): Promise<number> {
  const result = await door.call('listProviderClausesForReview', { params: { slug } });
  console.log(JSON.stringify(result, null, 2));
  return 0;
}

export async function verify(door: Door, id: number): Promise<number> {
  const clause = await door.call('verifyClause', { params: { id } });
  console.log(`clause ${clause.id} verified`);
  return 0;
}

export async function removeOpinion(door: Door, id: number): Promise<number> {
  await door.call('removeOpinion', { params: { id } });
  console.log(`opinion ${id} removed`);
  return 0;
}

export async function editClause(door: Door, id: number, options: Options): Promise<number> {
  const body: Record<string, unknown> = {};
  for (const [option, field] of [
    ['title', 'title'],
    ['plain-english', 'plain_english'],
    ['category', 'category'],
    ['severity', 'severity'],
  ] as const) {
    if (typeof options[option] === 'string') body[field] = options[option];
  }
  if (typeof options['ai-rating'] === 'string') {
    const rating = Number(options['ai-rating']);
    if (!(rating >= 1 && rating <= 10)) throw new CliError('--ai-rating takes a number from 1 to 10');
    body.ai_rating = rating;
  }
  if (Object.keys(body).length === 0) throw new CliError('nothing to edit');
  await door.call('updateClause', { params: { id }, body });
  console.log(`clause ${id} updated`);
  return 0;
}

/** Replaces SLUG's protection guides with the JSON array in FILE (title, description, impact, steps). */
export async function replaceProtectionsFromFile(door: Door, slug: string, file: string): Promise<number> {
  let guides: unknown;
  try {
    guides = JSON.parse(readFile(file));
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(guides)) throw new CliError('FILE must hold a JSON array of {title, description, impact: high|medium|low, steps: [string]}');
  const result = await door.call('replaceProtections', { params: { slug }, body: { protections: guides } });
  console.log(`${result.protections.length} guide(s) now in force for ${slug}`);
  return 0;
}

/** Every opinion (of SLUG), newest first, one JSON object per line, at most 1,000. */
export async function listOpinionsOf(door: Door, slug: string | undefined): Promise<number> {
  for (let page = 1; page <= 50; page++) {
    const result = await door.call('listOpinionsForModeration', { query: { page, per_page: 20, ...(slug !== undefined && { provider_slug: slug }) } });
    for (const opinion of result.opinions) console.log(JSON.stringify(opinion));
    if (page >= result.pagination.total_pages) break;
  }
  return 0;
}

export async function seed(door: Door): Promise<number> {
  const { added } = await door.call('seedDemoProviders');
  console.log(seedSummary(added, DEMO_PROVIDERS.length));
  return 0;
}

/** What seeding did, counted: "5 demo providers added", "none added: all 5 were already there", or both counts. */
export function seedSummary(added: number, demos: number): string {
  const there = demos - added;
  const providers = (n: number) => `${n} demo provider${n === 1 ? '' : 's'}`;
  if (there === 0) return `demo data: ${providers(added)} added`;
  if (added === 0) return `demo data: none added, all ${providers(demos)} were already there`;
  return `demo data: ${providers(added)} added, ${there} already there`;
}

/** Stored analyses brought to the current analyzer: one JSON line per provider found stale, a count on stderr. */
export async function reanalyse(door: Door): Promise<number> {
  process.stderr.write(`re-analysing stale terms versions through ${door.description}...\n`);
  const report = await door.call('runReanalysis');
  for (const provider of report.providers) console.log(JSON.stringify(provider));
  const done = report.providers.filter((p) => p.outcome === 'reanalysed').length;
  process.stderr.write(`analyzer ${report.analyzer_version}: ${done} provider(s) re-analysed, ${report.providers.length - done} skipped\n`);
  return 0;
}
