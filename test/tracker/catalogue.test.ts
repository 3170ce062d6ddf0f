// The catalogue of real providers is reviewed like code: this checks every entry (fields, unique
// slugs, https URLs, selectors that parse, the categories people sign up for) and that a broken
// catalogue file is refused with a clear message.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { fileURLToPath } from 'node:url';
import { CATEGORIES, CatalogueError, loadCatalogue } from '../../src/tracker/catalogue.js';

const FILE = fileURLToPath(new URL('../../db/catalogue/providers.json', import.meta.url));

t.test('the catalogue: at least 60 real services, every category, unique slugs, https terms URLs', async (t) => {
  const entries = loadCatalogue(FILE);
  t.ok(entries.length >= 60, `${entries.length} entries`);
  t.equal(new Set(entries.map((e) => e.slug)).size, entries.length, 'slugs are unique');
  for (const category of CATEGORIES) t.ok(entries.filter((e) => e.category === category).length >= 5, `${category} has at least 5 services`);
  for (const e of entries) {
    t.notOk(e.domain.endsWith('.example') || e.slug.endsWith('.example'), `${e.slug}: a real service, not a demo`);
    // Entries known only from the shipped snapshot (no declared terms URL) say so in a note.
    if (e.terms_url === undefined) {
      t.match(e.note, /not tracked/, `${e.slug}: why it has no terms URL`);
      continue;
    }
    t.match(e.terms_url, /^https:\/\//, `${e.slug}: https`);
    t.ok(new URL(e.terms_url).hostname.includes('.'), `${e.slug}: a public host`);
  }
  for (const name of [
    'Facebook',
    'WhatsApp',
    'YouTube',
    'Spotify',
    'ChatGPT (OpenAI)',
    'Claude (Anthropic)',
    'Amazon',
    'Google',
    'Steam',
    'Tinder',
    'Airbnb',
  ]) {
    t.ok(
      entries.some((e) => e.name === name),
      `${name} is in the catalogue`,
    );
  }
});

t.test('a broken catalogue is refused with what is wrong', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (content: unknown) => {
    const file = path.join(dir, `c${Math.random()}.json`);
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };
  const entry = { slug: 'a.com', name: 'A', domain: 'a.com', category: 'social', terms_url: 'https://a.com/terms' };
  t.equal(loadCatalogue(write({ providers: [entry] })).length, 1);
  const cases: [unknown, RegExp][] = [
    ['{ not json', /cannot be read/],
    [{ providers: [{ ...entry, slug: 'Bad Slug' }] }, /slug/],
    [{ providers: [{ ...entry, terms_url: 'ftp://a.com/terms' }] }, /terms_url/],
    [{ providers: [{ ...entry, category: 'weather' }] }, /category/],
    [{ providers: [{ ...entry, extra: 1 }] }, /additional/],
    [{ providers: [entry, entry] }, /appears twice/],
    [{ providers: [{ ...entry, select: ['div[[['] }] }, /not valid CSS/],
  ];
  for (const [content, message] of cases) t.throws(() => loadCatalogue(write(content)), { constructor: CatalogueError, message }, String(message));
});
