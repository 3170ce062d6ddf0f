// The category registry (src/analysis/categories/): one file a category, each in the registry, and
// the taxonomy, the rules, the cues and the guides all read from it. A new category is one file
// plus its registry entry (src/analysis/README.md).
import { readdirSync } from 'node:fs';
import t from 'tap';
import { CATEGORY_DEFINITIONS, definitionOf, isCategorySlug, type CategorySlug } from '../../src/analysis/categories/index.js';
import { CUES } from '../../src/analysis/engine/cues.js';
import { RULES } from '../../src/analysis/engine/rules.js';
import { PROTECTION_GUIDES } from '../../src/analysis/protections.js';
import { CATEGORIES, CATEGORY_SLUGS, LEARNED_SLUGS, getCategory } from '../../src/analysis/taxonomy.js';
import { titleClause, translateClause } from '../../src/analysis/translate.js';

const DIR = new URL('../../src/analysis/categories/', import.meta.url);
// Files of the folder that are no category: the interface, the registry and helpers shared by categories.
const NOT_CATEGORIES = new Set(['category.ts', 'index.ts', 'powers.ts', 'precedence.ts']);

// Compile-time: the union is exactly the registry's slugs (a missing or extra key fails `tsc`).
const EVERY_SLUG: Record<CategorySlug, true> = {
  arbitration: true,
  'class-action-waiver': true,
  'unilateral-change': true,
  'content-removal': true,
  jurisdiction: true,
  'choice-of-law': true,
  'limitation-of-liability': true,
  'unilateral-termination': true,
  'contract-by-using': true,
  'privacy-by-reference': true,
  'content-licence': true,
  'automatic-renewal': true,
  'data-sharing': true,
  indemnification: true,
  'claim-time-limit': true,
  'automated-access': true,
};

t.test('every category of the registry is its own file, and every category file is in the registry', async (t) => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !NOT_CATEGORIES.has(f));
  t.same(files.sort(), CATEGORY_DEFINITIONS.map((d) => `${d.slug}.ts`).sort());
  for (const d of CATEGORY_DEFINITIONS) {
    const module = (await import(new URL(`${d.slug}.ts`, DIR).href)) as Record<string, unknown>;
    const exported = Object.values(module);
    t.equal(exported.length, 1, `${d.slug}.ts exports one definition`);
    t.equal(exported[0], d, `${d.slug}.ts exports the registry's entry`);
  }
});

t.test('slugs, names and descriptions are unique; the union covers CATEGORIES', async (t) => {
  for (const key of ['slug', 'name', 'description'] as const) {
    const values = CATEGORY_DEFINITIONS.map((d) => d[key]);
    t.equal(new Set(values).size, values.length, `${key}s are unique`);
  }
  t.same(Object.keys(EVERY_SLUG).sort(), [...CATEGORY_SLUGS].sort());
  for (const c of CATEGORIES) {
    t.ok(isCategorySlug(c.slug), c.slug);
    t.equal(getCategory(c.slug).name, definitionOf(c.slug).name);
  }
  t.notOk(isCategorySlug('not-a-category'));
  t.throws(() => definitionOf('not-a-category'), /unknown category slug/);
});

t.test('the taxonomy is the registry, in its order, with the metadata the API shows', async (t) => {
  t.same(
    CATEGORIES,
    CATEGORY_DEFINITIONS.map((d) => ({
      slug: d.slug,
      name: d.name,
      description: d.description,
      ...('corpusCode' in d ? { corpusCode: d.corpusCode } : {}),
      baseSeverity: d.baseSeverity,
    })),
  );
});

t.test('a category is learned from the corpus or detected by its rule, and only learned ones have cues', async (t) => {
  const learned = new Set<string>(LEARNED_SLUGS);
  const ruled = new Set<string>(RULES.map((r) => r.slug));
  for (const d of CATEGORY_DEFINITIONS) {
    t.equal('rule' in d, !learned.has(d.slug), `${d.slug}: a rule exactly when the model does not learn it`);
    t.equal(ruled.has(d.slug), 'rule' in d, `${d.slug}: its rule is run`);
    t.equal('corpusCode' in d, learned.has(d.slug), `${d.slug}: a corpus code exactly when learned`);
    if ('cues' in d) t.ok(learned.has(d.slug), `${d.slug}: cues feed the learned model`);
  }
  const names = CUES.map((c) => c.name);
  t.equal(new Set(names).size, names.length, 'cue names are unique');
});

t.test('every category calls for a guide and every guide is called for', async (t) => {
  for (const d of CATEGORY_DEFINITIONS) t.ok(d.guides.length > 0, `${d.slug} has a guide`);
  for (const g of PROTECTION_GUIDES) t.ok(g.categories.length > 0, `${g.title} is called for`);
});

t.test('every category renders and titles a clause', async (t) => {
  for (const d of CATEGORY_DEFINITIONS) {
    t.ok(translateClause(d.description, d.slug).length > 0, `${d.slug} renders`);
    t.ok(titleClause(d.description, d.slug).length > 0, `${d.slug} titles`);
  }
});

t.test('each contract fact but the minimum age is read by exactly one category', async (t) => {
  const { FACT_NAMES } = await import('../../src/analysis/facts/index.js');
  const readers = new Map<string, string[]>();
  for (const d of CATEGORY_DEFINITIONS as readonly { slug: string; facts?: Record<string, unknown> }[])
    for (const name of Object.keys(d.facts ?? {})) readers.set(name, [...(readers.get(name) ?? []), d.slug]);
  for (const name of FACT_NAMES) {
    if (name === 'minimum_age') t.notOk(readers.has(name), 'the minimum age is no clause’s concern');
    else t.equal(readers.get(name)?.length, 1, `${name}: ${readers.get(name)?.join(', ') ?? 'no category'}`);
  }
});
