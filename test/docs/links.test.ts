// Every relative link of the project's Markdown (README, docs/, folder READMEs) leads somewhere:
// to a file of the checkout, and to a heading of it when it names one (#anchor, as GitHub makes
// them). A link written as if from the root in a file below it (docs/operating.md ->
// db/catalogue/README.md) is the mistake this catches.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';

const ROOT = path.resolve(import.meta.dirname, '../..');
const files = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && fs.existsSync(path.join(ROOT, f)));

/** GitHub's anchor of a heading: lower case, punctuation gone, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = anchorOf(heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

t.test('relative links lead to a file and heading of the checkout', async (t) => {
  let checked = 0;
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target!) || target!.startsWith('/')) continue; // another site, or a path of the running server
      checked++;
      const [where, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = where === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), decodeURIComponent(where));
      if (!fs.existsSync(resolved)) {
        t.fail(`${file}: ${target} leads nowhere (${path.relative(ROOT, resolved)})`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
        t.fail(`${file}: ${target} names no heading of ${path.relative(ROOT, resolved)}`);
    }
  }
  t.ok(checked > 30, `${checked} links checked in ${files.length} files`);
});
