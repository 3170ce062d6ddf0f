// The snapshot of real terms shipped in db/snapshot/ (scripts/snapshot/build-snapshot.ts makes it
// from Open Terms Archive's documents): its manifest, checked once, and each document's text,
// brotli-compressed on disk and read one at a time.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { compileStrict } from '../core/contract/validation.js';

export interface SnapshotDocument {
  /** The provider whose terms these are. */
  readonly slug: string;
  /** `current`: the provider's text, taken in; `alternative`: another copy of its terms, shipped for the record only. */
  readonly role: 'current' | 'alternative';
  /** Path of the compressed text, relative to the manifest. */
  readonly file: string;
  readonly kind: 'terms' | 'developer-terms';
  /** The service's name in Open Terms Archive. */
  readonly service: string;
  /** Open Terms Archive's collection: `contrib`, or `pga` (platform governance archive). */
  readonly collection: 'contrib' | 'pga';
  /** When Open Terms Archive recorded this version; null when the copy does not say. */
  readonly recorded_at: string | null;
  /** ISO 639-1 guess of its language (`en`, `fr`); null when unknown. */
  readonly language: string | null;
  /** Where Open Terms Archive read it; null when not declared. */
  readonly url: string | null;
  /** SHA-256 of the text (UTF-8): what makes taking it in idempotent. */
  readonly sha256: string;
  readonly bytes: number;
  /** Why the analyzer finds no text in it (checked when the snapshot is made): such a document is not taken in. */
  readonly unreadable: string | null;
}

export interface SnapshotManifest {
  readonly $comment: string;
  readonly credit: string;
  readonly licence: string;
  readonly licence_url: string;
  readonly documents: SnapshotDocument[];
}

export class SnapshotError extends Error {}

const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['credit', 'licence', 'licence_url', 'documents'],
  properties: {
    $comment: { type: 'string' },
    credit: { type: 'string', minLength: 1 },
    licence: { type: 'string', minLength: 1 },
    licence_url: { type: 'string', minLength: 1 },
    documents: {
      type: 'array',
      maxItems: 20_000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['slug', 'role', 'file', 'kind', 'service', 'collection', 'recorded_at', 'language', 'url', 'sha256', 'bytes', 'unreadable'],
        properties: {
          slug: { type: 'string', pattern: '^[a-z0-9.-]+$', maxLength: 253 },
          role: { enum: ['current', 'alternative'] },
          file: { type: 'string', pattern: '^documents/[^/]+\\.br$' },
          kind: { enum: ['terms', 'developer-terms'] },
          service: { type: 'string', minLength: 1, maxLength: 200 },
          collection: { enum: ['contrib', 'pga'] },
          recorded_at: { type: ['string', 'null'], format: 'date-time' },
          language: { type: ['string', 'null'], pattern: '^[a-z]{2}$' },
          url: { type: ['string', 'null'], maxLength: 2048 },
          sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
          bytes: { type: 'integer', minimum: 1 },
          unreadable: { type: ['string', 'null'], maxLength: 1000 },
        },
      },
    },
  },
};

let validate: ReturnType<typeof compileStrict> | null = null;

/** A snapshot on disk: its manifest (checked) and a reader of each document's text. */
export class Snapshot {
  private constructor(
    readonly dir: string,
    readonly manifest: SnapshotManifest,
  ) {}

  static open(manifestFile: string): Snapshot {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    } catch (error) {
      throw new SnapshotError(`snapshot ${manifestFile} cannot be read: ${(error as Error).message}`);
    }
    validate ??= compileStrict(SCHEMA);
    if (!validate(parsed)) {
      const first = validate.errors![0]!;
      throw new SnapshotError(`snapshot ${manifestFile}: ${first.instancePath || '/'} ${first.message}`);
    }
    const manifest = parsed as SnapshotManifest;
    const seen = new Set<string>();
    for (const d of manifest.documents) {
      if (d.role !== 'current') continue;
      if (seen.has(d.slug)) throw new SnapshotError(`snapshot ${manifestFile}: two current documents for ${d.slug}`);
      seen.add(d.slug);
    }
    return new Snapshot(path.dirname(manifestFile), manifest);
  }

  /** The documents that are providers' texts (one per provider) and can be read. */
  current(): SnapshotDocument[] {
    return this.manifest.documents.filter((d) => d.role === 'current' && d.unreadable === null);
  }

  /** One document's text; a file that does not match its recorded hash is refused. */
  text(doc: SnapshotDocument): string {
    const text = zlib.brotliDecompressSync(fs.readFileSync(path.join(this.dir, doc.file))).toString('utf8');
    if (createHash('sha256').update(text).digest('hex') !== doc.sha256) throw new SnapshotError(`snapshot ${doc.file} does not match its recorded SHA-256`);
    return text;
  }
}
