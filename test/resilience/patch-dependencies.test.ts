// `npm install` stays quiet: scripts/patch-dependencies.mjs says one line when it applies its fixes
// and nothing when they are there already (it once printed a line per file and edit, 15 in all),
// and package.json's allowScripts answers npm 11's question about esbuild's install script (denied:
// tsx runs esbuild's binary from @esbuild/<platform>, which needs no script).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
// @ts-expect-error: a plain ES module without types
import { FIXES, patchDependencies } from '../../scripts/patch-dependencies.mjs';

interface Edit {
  files: string[];
  find: string;
  replace: string;
}
interface Fix {
  name: string;
  package: string;
  version: string;
  edits: Edit[];
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A node_modules with the unpatched code each edit looks for, as npm unpacks it. */
function unpatched(fixes: Fix[]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'patch-deps-'));
  for (const fix of fixes) {
    const dir = path.join(root, 'node_modules', fix.package);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: fix.package, version: fix.version }));
    const files = new Map<string, string>();
    for (const edit of fix.edits) for (const file of edit.files) files.set(file, `${files.get(file) ?? '// the driver\n'}${edit.find}\n`);
    for (const [file, text] of files) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
  }
  return root;
}

t.test('one line when the fixes are applied, none when they are there', async (t) => {
  const root = unpatched(FIXES);
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  const edits = (FIXES as Fix[]).reduce((n, fix) => n + fix.edits.reduce((m, e) => m + e.files.length, 0), 0);
  const first = patchDependencies(root);
  t.same(first, { lines: [`patch-dependencies: ${edits} edits applied (postgres 3.4.9: postgres.js: no write on a closed connection)`], ok: true });
  t.same(patchDependencies(root), { lines: [], ok: true }, 'run again (npm install again): silence');
});

t.test('another version is left alone, in one line', async (t) => {
  const root = unpatched((FIXES as Fix[]).map((fix) => ({ ...fix, version: '9.9.9' })));
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  const { lines } = patchDependencies(root);
  t.equal(lines.length, 1);
  t.match(lines[0], /postgres is 9\.9\.9, the fix .* is for 3\.4\.9: not applied/);
});

t.test("package.json answers npm 11's question about esbuild's install script", async (t) => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  t.same(manifest.allowScripts, { esbuild: false });
  t.ok(fs.existsSync(path.join(ROOT, 'node_modules/@esbuild', `${process.platform}-${process.arch}`)), "esbuild's binary comes from its platform package");
});
