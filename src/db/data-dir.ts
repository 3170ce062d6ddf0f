// The embedded database's directory: one process at a time (PGlite has no lock of its own, and
// two processes on one directory corrupt it), and a first initialisation that is all-or-nothing
// (a kill half-way through must not leave a directory that never opens again).
import fs from 'node:fs';
import path from 'node:path';

export class DataDirError extends Error {}

const LOCK_FILE = 'tos-ratings.lock';
const PGDATA = 'pgdata';
const INIT_PREFIX = 'pgdata.init-';

/** Takes the directory's lock; returns a function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readOrEmpty(lockPath), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirError(
          `DATA_DIR ${path.resolve(dataDir)} is in use by another process (pid ${holder}). ` + 'Stop that process, or start this one with another DATA_DIR.',
        );
      }
      // The holder is gone (a crash or kill -9): its lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirError(`could not lock DATA_DIR ${path.resolve(dataDir)}; is another process starting on it?`);
}

/** Whether the directory holds an embedded database already (opening it would not create one). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, PGDATA, 'PG_VERSION'));
}

/** The pid of the live process holding the directory's lock, or null when nobody holds it. */
export function dataDirHolder(dataDir: string): number | null {
  const holder = Number.parseInt(readOrEmpty(path.join(dataDir, LOCK_FILE)), 10);
  return Number.isInteger(holder) && holder !== process.pid && isAlive(holder) ? holder : null;
}

/**
 * The directory PGlite should open. A fresh database is initialised in a scratch directory by
 * `initialise` and renamed into place only once complete; leftovers of an interrupted
 * initialisation are removed (the caller holds the lock, so nobody else is using them).
 */
export async function preparePgdata(dataDir: string, initialise: (dir: string) => Promise<void>): Promise<string> {
  const target = path.join(dataDir, PGDATA);
  for (const entry of fs.readdirSync(dataDir)) {
    if (entry.startsWith(INIT_PREFIX)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  }
  if (fs.existsSync(path.join(target, 'PG_VERSION'))) return target;
  fs.rmSync(target, { recursive: true, force: true });
  const scratch = path.join(dataDir, `${INIT_PREFIX}${process.pid}`);
  await initialise(scratch);
  fs.renameSync(scratch, target);
  return target;
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process that nobody has reaped yet (a zombie) still answers signal 0.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc: trust the signal
  }
}
