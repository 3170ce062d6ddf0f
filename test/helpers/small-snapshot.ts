// A small snapshot and catalogue made at test time (never the sealed documents): texts written
// here, compressed as the shipped snapshot is, with a manifest and a catalogue naming them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

export const ENGLISH_TERMS = `# Terms of Service

## 1. Disputes

Any dispute between you and us will be resolved by binding individual arbitration, and you waive any right to participate in a class action lawsuit or class-wide arbitration.

## 2. Termination

We may suspend or terminate your account at any time, for any reason, without notice.

## 3. Automated access

You may not use bots, scrapers, spiders or other automated means to access the Service.

## 4. Changes

We may change these Terms at any time, and your continued use of the Service means you accept the changes.
`;

export const FRENCH_TERMS = `# Conditions générales d'utilisation

Les présentes conditions générales régissent l'utilisation du service. En utilisant le service, vous acceptez les présentes conditions dans leur intégralité.

Nous pouvons modifier les présentes conditions à tout moment. Les litiges sont soumis aux tribunaux de Paris, et le droit français est applicable.

Votre compte peut être suspendu si vous ne respectez pas les règles de la communauté. Vous restez propriétaire de vos contenus, mais vous nous accordez une licence pour les afficher sur le service, dans le monde entier et sans frais, pendant toute la durée de votre inscription.
`;

export interface SmallSnapshot {
  readonly manifest: string;
  readonly catalogue: string;
  readonly dir: string;
}

interface Teardown {
  teardown(fn: () => unknown): void;
}

/** english.test (English, dated 2026-08-22), french.test (French), and waiting.test in the catalogue only. */
export function smallSnapshot(t: Teardown): SmallSnapshot {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-snapshot-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'documents'));
  const doc = (slug: string, text: string, language: string, recordedAt: string | null) => {
    const file = `documents/${slug}.md.br`;
    fs.writeFileSync(path.join(dir, file), zlib.brotliCompressSync(Buffer.from(text)));
    return {
      slug,
      role: 'current',
      file,
      kind: 'terms',
      service: slug,
      collection: 'contrib',
      recorded_at: recordedAt,
      language,
      url: `https://${slug}/terms`,
      sha256: createHash('sha256').update(text).digest('hex'),
      bytes: Buffer.byteLength(text),
      unreadable: null,
    };
  };
  const manifest = path.join(dir, 'manifest.json');
  fs.writeFileSync(
    manifest,
    JSON.stringify({
      credit: 'Open Terms Archive',
      licence: 'ODC-By 1.0',
      licence_url: 'https://opendatacommons.org/licenses/by/1-0/',
      documents: [doc('english.test', ENGLISH_TERMS, 'en', '2026-08-22T10:00:00.000Z'), doc('french.test', FRENCH_TERMS, 'fr', '2025-03-01T08:00:00.000Z')],
    }),
  );
  const entry = (slug: string, name: string) => ({ slug, name, domain: slug, category: 'other', terms_url: `https://${slug}/terms` });
  const catalogue = path.join(dir, 'catalogue.json');
  fs.writeFileSync(
    catalogue,
    JSON.stringify({
      providers: [entry('english.test', 'English Service'), entry('french.test', 'Service Français'), entry('waiting.test', 'Waiting Service')],
    }),
  );
  return { manifest, catalogue, dir };
}

/** Waits (up to 2 minutes) until the small snapshot is taken in: the take-in runs beside the listening server. */
export async function snapshotTakenIn(db: Kysely<Database>, versions = 2): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (
    (
      await db
        .selectFrom('document_versions')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n < versions
  ) {
    if (Date.now() > deadline) throw new Error('the snapshot was not taken in within 2 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
}
