// `npm run snapshot:build`: regenerates the shipped snapshot of real terms (db/snapshot/) and the
// catalogue (db/catalogue/providers.json) from ../shared (SHARED_DIR): Open Terms Archive's
// "contrib" documents with their manifest, the 25 "pga" documents of terms/current, and the
// declarations (terms URLs, selectors). The server never reads ../shared: a clone has only the
// repository's copy. Prints counts only (sealed documents are read, never shown).
//
// Which provider a document belongs to: scripts/snapshot/services.tsv (by hand, where a domain
// is shared or the terms live on another company's host), else the catalogue entry of that name
// or terms URL, else a service name that is a domain, else the registrable domain of its terms
// URL. Several documents for one provider (a service in both collections, or two names of one
// service): the English one, then the dated one, then the newest, is the provider's text; the
// others ship too, as alternatives, and are not taken in.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { looksEnglish, normaliseDocument } from '../../src/analysis/index.js';
import { parseDocument } from '../../src/extract/index.js';
import type { CatalogueEntry } from '../../src/tracker/catalogue.js';
import type { SnapshotDocument, SnapshotManifest } from '../../src/snapshot/manifest.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SHARED = path.resolve(process.env.SHARED_DIR ?? path.join(ROOT, '..', 'shared'));
const OUT = path.join(ROOT, 'db', 'snapshot');
const CATALOGUE = path.join(ROOT, 'db', 'catalogue', 'providers.json');

type Row = Record<string, string>;
function tsv(file: string): Row[] {
  const [head, ...rows] = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  const columns = head!.split('\t');
  return rows.map((row) => Object.fromEntries(row.split('\t').map((value, i) => [columns[i], value])));
}

interface Declaration {
  url: string;
  select: string[] | null;
  remove: string[] | null;
  render: boolean;
  note: string | null;
}

interface Found {
  kind: 'terms' | 'developer-terms';
  service: string;
  collection: 'contrib' | 'pga';
  source: string;
  recordedAt: string | null;
  language: string | null;
  declaration: Declaration | null;
}

const TWO_LEVEL_SUFFIXES = new Set(['co.uk', 'com.au', 'co.jp', 'com.br', 'co.nz']);
function registrableDomain(host: string): string {
  const parts = host
    .toLowerCase()
    .replace(/^www\./, '')
    .split('.');
  return TWO_LEVEL_SUFFIXES.has(parts.slice(-2).join('.')) ? parts.slice(-3).join('.') : parts.slice(-2).join('.');
}

const probe = parseDocument('<p>probe</p>');
/** A declaration's select/remove value as plain CSS selectors; null (with why) when it is a range or invalid. */
function selectors(raw: string | undefined): { value: string[] | null; dropped: string | null } {
  if (!raw) return { value: null, dropped: null };
  let values: unknown[];
  try {
    const parsed: unknown = JSON.parse(raw);
    values = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    values = [raw];
  }
  if (!values.every((v): v is string => typeof v === 'string' && v.trim() !== '')) return { value: null, dropped: 'a range (startBefore/endBefore)' };
  for (const selector of values) {
    try {
      probe.querySelectorAll(selector);
    } catch {
      return { value: null, dropped: `a selector this reader cannot parse (${selector.slice(0, 60)})` };
    }
  }
  return { value: values, dropped: null };
}

function declarationOf(row: Row | undefined): Declaration | null {
  if (!row) return null;
  const select = selectors(row.select);
  const remove = selectors(row.remove);
  const notes: string[] = [];
  let url = row.url!;
  if (url.startsWith('http://')) {
    url = `https://${url.slice('http://'.length)}`;
    notes.push('declared over http; tracked over https');
  }
  if (select.dropped) notes.push(`the declaration selects ${select.dropped}: main-content extraction instead`);
  if (remove.dropped) notes.push(`the declaration removes ${remove.dropped}: not applied`);
  return { url, select: select.value, remove: remove.value, render: row.client_scripts === 'true', note: notes.length ? notes.join('; ') : null };
}

/** Why the analyzer cannot read a document at all (a page that is only a link, say), or null. */
function unreadable(text: string): string | null {
  try {
    normaliseDocument(text, 'markdown');
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

function main(): void {
  const manifest = tsv(path.join(SHARED, 'terms', 'ota-contrib', 'manifest.tsv'));
  const declarations = tsv(path.join(SHARED, 'catalogue', 'ota-declarations.tsv'));
  const overrides = tsv(path.join(ROOT, 'scripts', 'snapshot', 'services.tsv'));
  const catalogue = JSON.parse(fs.readFileSync(CATALOGUE, 'utf8')) as { $comment: string; providers: CatalogueEntry[] };
  const existing = catalogue.providers;

  const declared = (collection: string, service: string, kind: Found['kind']) =>
    declarations.find(
      (d) =>
        d.collection === collection &&
        d.service!.toLowerCase() === service.toLowerCase() &&
        d.terms_type === (kind === 'terms' ? 'Terms of Service' : 'Developer Terms'),
    );

  const found: Found[] = [];
  for (const row of manifest) {
    const kind = row.kind as Found['kind'];
    found.push({
      kind,
      service: row.service!,
      collection: 'contrib',
      source: path.join(SHARED, 'terms', 'ota-contrib', row.file!),
      recordedAt: row.recorded_at ? new Date(row.recorded_at).toISOString() : null,
      language: row.language_guess || null,
      declaration: declarationOf(declared('contrib', row.service!, kind)),
    });
  }
  const currentDir = path.join(SHARED, 'terms', 'current');
  for (const file of fs
    .readdirSync(currentDir)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const service = file.slice(0, -3);
    const text = fs.readFileSync(path.join(currentDir, file), 'utf8');
    const pgaName = service === 'TruthSocial' ? 'Truth Social' : service;
    found.push({
      kind: 'terms',
      service,
      collection: 'pga',
      source: path.join(currentDir, file),
      recordedAt: null, // the copy in terms/current carries no recording date
      language: looksEnglish(text) ? 'en' : null,
      declaration: declarationOf(declared('pga', pgaName, 'terms')),
    });
  }

  // Which provider each document belongs to.
  const placed = found.map((doc) => {
    const override = overrides.find((o) => o.service === doc.service && o.kind === (doc.collection === 'pga' ? 'current' : doc.kind));
    const byName = doc.kind === 'terms' ? existing.find((e) => e.name.toLowerCase() === doc.service.toLowerCase()) : undefined;
    const byUrl = doc.kind === 'terms' && doc.declaration ? existing.find((e) => e.terms_url === doc.declaration!.url) : undefined;
    const known = byName ?? byUrl;
    const slug =
      override?.slug ??
      known?.slug ??
      (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(doc.service) ? doc.service.toLowerCase() : null) ??
      (doc.declaration ? registrableDomain(new URL(doc.declaration.url).hostname) : null);
    if (!slug) throw new Error(`no provider for ${doc.collection} ${doc.kind} "${doc.service}": add it to scripts/snapshot/services.tsv`);
    const name = existing.find((e) => e.slug === slug)?.name ?? override?.name ?? doc.service;
    return { doc, slug, name };
  });

  // One current document per provider: English first, then dated, then the newest recording.
  const bySlug = new Map<string, typeof placed>();
  for (const p of placed) bySlug.set(p.slug, [...(bySlug.get(p.slug) ?? []), p]);
  const rank = (p: (typeof placed)[number]) => [p.doc.language === 'en' ? 1 : 0, p.doc.recordedAt ? 1 : 0, p.doc.recordedAt ?? ''] as const;
  const better = (a: (typeof placed)[number], b: (typeof placed)[number]) => {
    const [x, y] = [rank(a), rank(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! > y[i]! ? -1 : 1;
    return a.doc.collection === 'contrib' ? -1 : 1;
  };

  fs.rmSync(path.join(OUT, 'documents'), { recursive: true, force: true });
  fs.mkdirSync(path.join(OUT, 'documents'), { recursive: true });
  const documents: SnapshotDocument[] = [];
  let rawBytes = 0;
  let packedBytes = 0;
  for (const [slug, docs] of [...bySlug.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    docs.sort(better);
    docs.forEach(({ doc }, i) => {
      const text = fs.readFileSync(doc.source, 'utf8');
      const base = path.basename(doc.source, '.md').toLowerCase();
      const file = i === 0 ? `documents/${slug}.md.br` : `documents/${slug}~${doc.collection}-${doc.kind}-${base}.md.br`;
      const packed = zlib.brotliCompressSync(Buffer.from(text, 'utf8'), {
        params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      });
      fs.writeFileSync(path.join(OUT, file), packed);
      rawBytes += Buffer.byteLength(text);
      packedBytes += packed.length;
      documents.push({
        slug,
        role: i === 0 ? 'current' : 'alternative',
        file,
        kind: doc.kind,
        service: doc.service,
        collection: doc.collection,
        recorded_at: doc.recordedAt,
        language: doc.language,
        url: doc.declaration?.url ?? null,
        sha256: createHash('sha256').update(text).digest('hex'),
        bytes: Buffer.byteLength(text),
        unreadable: unreadable(text),
      });
    });
  }
  const out: SnapshotManifest = {
    $comment:
      'Generated by scripts/snapshot/build-snapshot.ts from ../shared (do not edit). Terms as recorded by Open Terms Archive (ODC Attribution License 1.0, LICENSE.md beside this file): credit "Open Terms Archive" with the recorded date wherever they are shown.',
    credit: 'Open Terms Archive',
    licence: 'ODC-By 1.0',
    licence_url: 'https://opendatacommons.org/licenses/by/1-0/',
    documents,
  };
  fs.writeFileSync(path.join(OUT, 'manifest.json'), `${JSON.stringify(out, null, 2)}\n`);
  fs.copyFileSync(path.join(SHARED, 'terms', 'ota-contrib', 'LICENSE'), path.join(OUT, 'LICENSE.md'));

  // The catalogue: the entries already there stay as they are; every other provider of the snapshot joins.
  const providers = [...existing];
  const present = new Set(existing.map((e) => e.slug));
  for (const [slug, docs] of [...bySlug.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (present.has(slug)) continue;
    const first = docs[0]!;
    const declaration = docs.map((d) => d.doc.declaration).find((d) => d !== null) ?? null;
    const entry: CatalogueEntry = {
      slug,
      name: first.name,
      domain: slug,
      category: 'other',
      ...(declaration
        ? {
            terms_url: declaration.url,
            ...(declaration.select && { select: declaration.select }),
            ...(declaration.remove && { remove: declaration.remove }),
            ...(declaration.render && { render: true }),
            ...(declaration.note && { note: declaration.note }),
          }
        : { note: 'Open Terms Archive declares no terms URL for this service: shown from the snapshot, not tracked on the web.' }),
    };
    providers.push(entry);
  }
  fs.writeFileSync(CATALOGUE, `${JSON.stringify({ ...catalogue, providers }, null, 2)}\n`);

  const current = documents.filter((d) => d.role === 'current');
  console.log(
    `snapshot: ${documents.length} documents (${current.length} providers' current text, ${documents.length - current.length} alternatives), ` +
      `${(rawBytes / 1e6).toFixed(1)} MB of text in ${(packedBytes / 1e6).toFixed(1)} MB; ` +
      `catalogue: ${providers.length} providers (${providers.length - existing.length} added), ` +
      `${current.filter((d) => d.language !== 'en').length} current texts not (known to be) in English, ` +
      `${current.filter((d) => d.unreadable).length} with no readable text`,
  );
}

main();
