// The spread of the real providers' ratings and bands: each document of ../shared/terms/current
// (or $TERMS_DIR) analysed as `analyze` does (src/analysis-pool/analyze-text.ts), its overall
// rating, band, whether a critical clause holds it at high concern, and the count of guides and
// of their statements about the terms. Usage: node --import tsx scripts/rating-spread.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeText } from '../src/analysis-pool/analyze-text.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dir = resolve(root, process.env.TERMS_DIR ?? '../shared/terms/current');
if (!existsSync(dir)) {
  console.log(`terms folder not found at ${dir}`);
  process.exit(0);
}
const rows = readdirSync(dir)
  .filter((f) => /\.(md|markdown|txt|html?)$/i.test(f))
  .sort()
  .map((file) => {
    const a = analyzeText(readFileSync(join(dir, file), 'utf8'));
    return {
      file,
      rating: a.overall_rating,
      formula: a.rating_reasons.critical_floor ? 'floor' : '',
      band: a.band.label,
      critical: a.clauses.filter((c) => c.severity === 'critical').length,
      clauses: a.clauses.length,
      guides: a.protections.length,
      evidence: a.protections.reduce((n, p) => n + (p.evidence?.length ?? 0), 0),
    };
  });
console.log(['document', 'rating', 'band', 'critical', 'clauses', 'guides', 'evidence'].join('\t'));
for (const r of rows)
  console.log([r.file, `${r.rating}${r.formula ? ' (critical floor)' : ''}`, r.band, r.critical, r.clauses, r.guides, r.evidence].join('\t'));
const rated = rows
  .filter((r) => r.clauses > 0)
  .map((r) => r.rating)
  .sort((a, b) => a - b);
console.log(`rated ${rated.length} of ${rows.length}: min ${rated[0]}, median ${rated[rated.length >> 1]}, max ${rated.at(-1)}`);
const bands = new Map<string, number>();
for (const r of rows) bands.set(r.band, (bands.get(r.band) ?? 0) + 1);
console.log([...bands].map(([b, n]) => `${b}: ${n}`).join(', '));
