// Builds of other commits for `npm run bench:ab -- --base <commit>`: the commit's files are
// taken out of git (git archive, into a temporary directory that borrows this checkout's
// node_modules), compiled with that commit's own scripts/build.mjs, and the dist/ kept under
// node_modules/.cache/tos-bench-builds/<sha>/, where Node still finds this checkout's packages.
// A build is made once per commit and reused.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './processes.js';

const CACHE = 'node_modules/.cache/tos-bench-builds';

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The dist/ of `ref` (a commit, branch or tag), relative to the project root; built when missing. */
export function buildOfCommit(ref: string, log: (message: string) => void): string {
  const sha = git('rev-parse', '--verify', `${ref}^{commit}`);
  const dist = path.join(CACHE, sha.slice(0, 12), 'dist');
  if (fs.existsSync(path.join(ROOT, dist, 'src/server.js'))) return dist;
  log(`building ${ref} (${sha.slice(0, 12)}) into ${dist}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-bench-build-'));
  try {
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${work}'`], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'));
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    fs.mkdirSync(path.dirname(path.join(ROOT, dist)), { recursive: true });
    fs.cpSync(path.join(work, 'dist'), path.join(ROOT, dist), { recursive: true });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return dist;
}

/** dist/ of the working tree as it is now (npm run build). */
export function buildWorkingTree(): string {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return 'dist';
}

/** A short name for the report: the commit of `ref`, or the working tree and whether it has changes. */
export function describeCommit(ref: string | null): string {
  if (ref) return git('rev-parse', '--short=7', `${ref}^{commit}`);
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  return `${git('rev-parse', '--short=7', 'HEAD')}${dirty ? '+changes' : ''}`;
}
