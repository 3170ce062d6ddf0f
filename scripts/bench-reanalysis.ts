// Benchmarks the re-analysis pass (src/ingest/reanalyse.ts) on the real terms documents in
// ../shared/terms/current (or $TERMS_DIR): each is ingested as a provider of a fresh embedded
// database (or DATABASE_URL), then every version is marked as analysed by an older analyzer with
// stale wording, and one pass (analyzer in process) brings them back. Prints the pass's time and
// what it did; a second pass must find nothing.
// Usage: node --import tsx scripts/bench-reanalysis.ts
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectFormat } from '../src/analysis/index.js';
import { inProcessAnalyzer } from '../src/analysis-pool/index.js';
import { openDatabase } from '../src/db/connect.js';
import { ingestDocument, reanalyseStale } from '../src/ingest/index.js';
import { createProvider } from '../src/repositories/provider-admin.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dir = resolve(root, process.env.TERMS_DIR ?? '../shared/terms/current');
if (!existsSync(dir)) {
  console.log(`no terms documents at ${dir}: nothing to measure`);
  process.exit(0);
}
const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-reanalysis-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir });
const db = database.db;
try {
  const files = readdirSync(dir).filter((f) => /\.(md|txt|html?)$/i.test(f));
  for (const file of files) {
    const slug = `${file
      .replace(/\.\w+$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')}.bench`;
    const provider = await createProvider(db, { slug, name: slug, domain: slug, description: '', tos_url: `https://${slug}/`, is_active: true });
    const raw = readFileSync(join(dir, file), 'utf8');
    await ingestDocument(db, inProcessAnalyzer, provider!.id, raw, detectFormat(file, raw));
  }
  const clauses = (await db.selectFrom('clauses').select(db.fn.countAll<number>().as('n')).where('removed_at', 'is', null).executeTakeFirstOrThrow()).n;
  await db.updateTable('document_versions').set({ analyzer_version: 'older' }).execute();
  await db.updateTable('clauses').set({ plain_english: 'Stale wording.' }).execute();
  const t0 = performance.now();
  const report = await reanalyseStale(db, inProcessAnalyzer);
  const ms = performance.now() - t0;
  const sum = (key: 'kept' | 'refreshed' | 'added' | 'removed') => report.reduce((n, p) => n + p[key], 0);
  console.log(`${report.length} providers (${files.length} documents, ${clauses} current clauses) re-analysed in ${(ms / 1000).toFixed(2)} s`);
  console.log(`  kept ${sum('kept')}, refreshed ${sum('refreshed')}, added ${sum('added')}, removed ${sum('removed')}`);
  const t1 = performance.now();
  const again = await reanalyseStale(db, inProcessAnalyzer);
  console.log(`second pass: ${again.length} providers in ${(performance.now() - t1).toFixed(1)} ms`);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
