// The embedded cluster shipped in db/pglite/ (made by `npm run db:pglite-cluster`): a new data
// directory starts as its copy, already migrated, instead of running initdb and every migration,
// which took 9.5 s and 1.4 s on idle cores (33-38 s and 4-11 s on busy ones) and about 880 MiB of peak
// memory (initdb's own WebAssembly instance). It is a plain tar, brotli-compressed, of the
// directory openDatabase leaves once closed. It is used only with the PGlite version that made
// it and while its migrations are the first of db/migrations (the migrator then runs the newer
// ones); otherwise initdb and the migrations run as before.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { migrationNames } from './migrate.js';

export const SHIPPED_CLUSTER_DIR = fileURLToPath(new URL('../../db/pglite', import.meta.url));
const ARCHIVE = 'cluster.tar.br';
const MANIFEST = 'cluster.json';

export interface ShippedClusterManifest {
  /** The @electric-sql/pglite version whose initdb made it. */
  readonly pglite: string;
  /** The migrations it holds, in order (file names without extension). */
  readonly migrations: readonly string[];
  /** SHA-256 of the uncompressed tar. */
  readonly sha256: string;
  readonly bytes: number;
}

/** The installed PGlite's version (its package.json, found beside its entry point). */
export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (pkg.name === '@electric-sql/pglite') return pkg.version;
  }
  throw new Error('the @electric-sql/pglite package.json was not found');
}

/**
 * Writes the shipped cluster's files into `target` (a new, empty directory). Returns false, writing
 * nothing, when there is none, or it was made by another PGlite version, or its migrations are not
 * the first of db/migrations.
 */
export function unpackShippedCluster(target: string, from: string = SHIPPED_CLUSTER_DIR): boolean {
  let manifest: ShippedClusterManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(from, MANIFEST), 'utf8')) as ShippedClusterManifest;
  } catch {
    return false;
  }
  if (manifest.pglite !== installedPgliteVersion() || !isPrefix(manifest.migrations ?? [], migrationNames())) return false;
  const tar = zlib.brotliDecompressSync(fs.readFileSync(path.join(from, ARCHIVE)));
  if (createHash('sha256').update(tar).digest('hex') !== manifest.sha256) throw new Error(`${path.join(from, ARCHIVE)} does not match its recorded SHA-256`);
  extractTar(tar, target);
  return true;
}

function isPrefix(shipped: readonly string[], current: readonly string[]): boolean {
  return shipped.length <= current.length && shipped.every((name, i) => current[i] === name);
}

/** Packs a closed cluster directory into db/pglite (the script's half). */
export function packShippedCluster(source: string, pglite: string, migrations: readonly string[], to: string = SHIPPED_CLUSTER_DIR): ShippedClusterManifest {
  const tar = createTar(source);
  const manifest = { pglite, migrations, sha256: createHash('sha256').update(tar).digest('hex'), bytes: tar.length };
  fs.mkdirSync(to, { recursive: true });
  const packed = zlib.brotliCompressSync(tar, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: tar.length } });
  fs.writeFileSync(path.join(to, ARCHIVE), packed);
  fs.writeFileSync(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

// A minimal ustar: regular files and directories, names under 100 bytes (PostgreSQL's are short).
const BLOCK = 512;

function extractTar(tar: Buffer, target: string): void {
  fs.mkdirSync(target, { recursive: true });
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break; // the end-of-archive blocks
    const name = field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 12) || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const file = path.join(target, name);
    if (name.startsWith('/') || name.split('/').includes('..')) throw new Error(`unsafe name in the shipped cluster: ${name}`);
    if (type === '5') fs.mkdirSync(file, { recursive: true });
    else if (type === '0' || type === '\0') {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, tar.subarray(at + BLOCK, at + BLOCK + size), { mode: 0o600 });
    } else throw new Error(`unexpected entry type ${type} in the shipped cluster: ${name}`);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
}

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw
    .subarray(0, end === -1 ? length : end)
    .toString('utf8')
    .trim();
}

function createTar(source: string): Buffer {
  const parts: Buffer[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(source, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        parts.push(header(name, 0, '5'));
        walk(name);
      } else if (entry.isFile()) {
        const data = fs.readFileSync(path.join(source, name));
        parts.push(header(name, data.length, '0'), data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
      } else throw new Error(`${name}: neither a file nor a directory`);
    }
  };
  walk('');
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

function header(name: string, size: number, type: '0' | '5'): Buffer {
  if (Buffer.byteLength(name) >= 100) throw new Error(`name too long for the shipped cluster's tar: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 'utf8');
  h.write(type === '5' ? '0000755\0' : '0000600\0', 100, 'ascii');
  h.write('0000000\0', 108, 'ascii'); // uid
  h.write('0000000\0', 116, 'ascii'); // gid
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  h.write('00000000000\0', 136, 'ascii'); // mtime: fixed, so that the archive depends on the contents only
  h.write('        ', 148, 'ascii'); // checksum, counted as spaces
  h.write(type, 156, 'ascii');
  h.write('ustar\0' + '00', 257, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}
