// The CLI's database commands: the same pipeline and repositories the admin API uses.
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { detectFormat } from '../../src/analysis/index.js';
import type { Database } from '../../src/db/schema.js';
import { HttpError, notFound } from '../../src/http/errors.js';
import { fetchDocument } from '../../src/pipeline/fetch-document.js';
import { loadConfig } from '../../src/config.js';
import { ingestDocument, type IngestResult } from '../../src/pipeline/ingest.js';
import { editClause as editClauseFields, verifyClause } from '../../src/pipeline/review.js';
import { allClauses, type ClauseEdit } from '../../src/repositories/clauses.js';
import { replaceProviderProtections, type GuideInput } from '../../src/repositories/protections.js';
import { deleteOpinion, listOpinionsWithIds } from '../../src/repositories/moderation.js';
import { createProvider, findProviderAnyState, updateProviderBySlug } from '../../src/repositories/provider-admin.js';

type Options = Record<string, string | boolean | undefined>;

const SLUG = /^[a-z0-9.-]{1,253}$/;

async function provider(db: Kysely<Database>, slug: string) {
  const found = await findProviderAnyState(db, slug);
  if (!found) throw notFound(`no provider with slug "${slug}"`);
  return found;
}

function required(options: Options, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.trim() === '') throw new HttpError(400, `--${name} is required`);
  return value.trim();
}

function httpUrl(value: string): string {
  if (!/^https?:\/\/\S+$/i.test(value)) throw new HttpError(400, `not an http(s) URL: ${value}`);
  return value;
}

export async function addProvider(db: Kysely<Database>, options: Options): Promise<number> {
  const slug = required(options, 'slug');
  if (!SLUG.test(slug)) throw new HttpError(400, 'a slug is lowercase letters, digits, dots and hyphens (at most 253)');
  const created = await createProvider(db, {
    slug,
    name: required(options, 'name'),
    domain: required(options, 'domain'),
    tos_url: httpUrl(required(options, 'tos-url')),
    description: typeof options.description === 'string' ? options.description : '',
  });
  if (!created) throw new HttpError(409, `a provider with slug "${slug}" exists`);
  console.log(`created ${slug}`);
  return 0;
}

export async function updateProvider(db: Kysely<Database>, slug: string, options: Options): Promise<number> {
  const update: Record<string, unknown> = {};
  for (const [option, column] of [['name', 'name'], ['domain', 'domain'], ['description', 'description']] as const) {
    if (typeof options[option] === 'string') update[column] = options[option];
  }
  if (typeof options['tos-url'] === 'string') update.tos_url = httpUrl(options['tos-url']);
  if (options.active !== undefined) {
    if (options.active !== 'true' && options.active !== 'false') throw new HttpError(400, '--active takes true or false');
    update.is_active = options.active === 'true';
  }
  if (Object.keys(update).length === 0) throw new HttpError(400, 'nothing to update');
  if (!(await updateProviderBySlug(db, slug, { ...update, updated_at: new Date() }))) throw notFound(`no provider with slug "${slug}"`);
  console.log(`updated ${slug}`);
  return 0;
}

export function printResult(slug: string, result: IngestResult): void {
  console.log(JSON.stringify({ provider: slug, ...result }));
}

export async function submitFile(db: Kysely<Database>, slug: string, file: string): Promise<number> {
  const target = await provider(db, slug);
  const raw = fs.readFileSync(file, 'utf8');
  printResult(slug, await ingestDocument(db, target.id, raw, detectFormat(file, raw)));
  return 0;
}

export async function fetchFor(db: Kysely<Database>, slug: string): Promise<number> {
  const target = await provider(db, slug);
  const document = await fetchDocument(target.tos_url, { allowPrivateAddresses: loadConfig().fetchAllowPrivate });
  printResult(slug, await ingestDocument(db, target.id, document.raw, document.format, document.url));
  return 0;
}

export async function clausesOf(db: Kysely<Database>, slug: string): Promise<number> {
  const clauses = await allClauses(db, (await provider(db, slug)).id);
  console.log(JSON.stringify({ clauses }, null, 2));
  return 0;
}

export async function verify(db: Kysely<Database>, id: number): Promise<number> {
  const clause = await verifyClause(db, id);
  console.log(`clause ${clause.id} verified`);
  return 0;
}

export async function removeOpinion(db: Kysely<Database>, id: number): Promise<number> {
  if (!(await deleteOpinion(db, id))) throw notFound(`no opinion with id ${id}`);
  console.log(`opinion ${id} removed`);
  return 0;
}

const SEVERITIES = ['critical', 'high', 'medium', 'low'];

export async function editClause(db: Kysely<Database>, id: number, options: Options): Promise<number> {
  const edit: ClauseEdit = {};
  if (typeof options.title === 'string') edit.title = options.title;
  if (typeof options['plain-english'] === 'string') edit.plain_english = options['plain-english'];
  if (typeof options.category === 'string') edit.category = options.category;
  if (typeof options.severity === 'string') {
    if (!SEVERITIES.includes(options.severity)) throw new HttpError(400, `--severity takes ${SEVERITIES.join(', ')}`);
    edit.severity = options.severity as ClauseEdit['severity'];
  }
  if (typeof options['ai-rating'] === 'string') {
    const rating = Number(options['ai-rating']);
    if (!(rating >= 1 && rating <= 10)) throw new HttpError(400, '--ai-rating takes a number from 1 to 10');
    edit.ai_rating = rating;
  }
  if (Object.keys(edit).length === 0) throw new HttpError(400, 'nothing to edit');
  await editClauseFields(db, id, edit);
  console.log(`clause ${id} updated`);
  return 0;
}

/** Replaces SLUG's protection guides with the JSON array in FILE (title, description, impact, steps). */
export async function replaceProtectionsFromFile(db: Kysely<Database>, slug: string, file: string): Promise<number> {
  const target = await provider(db, slug);
  const guides = JSON.parse(fs.readFileSync(file, 'utf8')) as { title: string; description: string; impact: string; steps: string[] }[];
  const valid = Array.isArray(guides) && guides.every((g) => typeof g.title === 'string' && typeof g.description === 'string' && ['high', 'medium', 'low'].includes(g.impact) && Array.isArray(g.steps) && g.steps.every((x) => typeof x === 'string'));
  if (!valid) throw new HttpError(400, 'FILE must hold a JSON array of {title, description, impact: high|medium|low, steps: [string]}');
  await db.transaction().execute((trx) => replaceProviderProtections(trx, target.id, guides as GuideInput[]));
  console.log(`${guides.length} guide(s) now in force for ${slug}`);
  return 0;
}

export async function listOpinionsOf(db: Kysely<Database>, slug: string | undefined): Promise<number> {
  const providerId = slug === undefined ? null : (await provider(db, slug)).id;
  for (const opinion of await listOpinionsWithIds(db, providerId, 1000, 0)) console.log(JSON.stringify(opinion));
  return 0;
}
