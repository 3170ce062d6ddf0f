// A server on the embedded database started without ADMIN_TOKEN makes up an admin token of its
// own and leaves it in DATA_DIR/admin-token, readable by its owner only (0600), so that the CLI
// of the same machine and user can reach its admin API with no configuration ("it just works"
// beside `npm start`). Anyone who can read that file can already open the data directory itself,
// so the file grants nothing new. A token set in ADMIN_TOKEN is never written to disk.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ADMIN_TOKEN_FILE = 'admin-token';

export function makeLocalAdminToken(): string {
  return `local_${randomBytes(32).toString('hex')}`;
}

/** Writes the token (owner-only) and returns a function that removes the file if it still holds it. */
export function writeAdminTokenFile(dataDir: string, token: string): () => void {
  const file = path.join(dataDir, ADMIN_TOKEN_FILE);
  // Removed first: the mode applies only when a file is created.
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, token + '\n', { mode: 0o600, flag: 'wx' });
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === token) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** A file left by an earlier server that was killed: stale once a server with ADMIN_TOKEN holds the directory. */
export function removeAdminTokenFile(dataDir: string): void {
  fs.rmSync(path.join(dataDir, ADMIN_TOKEN_FILE), { force: true });
}

/** The local admin token of the server holding `dataDir`, if it left one. */
export function readAdminTokenFile(dataDir: string): string | null {
  try {
    return fs.readFileSync(path.join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
