// Loaders for the annotated terms corpora (used only by the training and evaluation scripts; the
// runtime never touches them): the unfair-ToS corpus (Galassi et al. 2024 / CLAUDETTE, CC BY 4.0)
// and the extra folders beside it (claudette-50-extra, natural-explanations-extra, translated),
// which share its layout, plus the ToS;DR quotes (positives only, CC BY-SA 3.0).
// Sentences are read as the classifier will read them: PTB tokenisation undone (detokenise.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detokenise } from '../../src/analysis/detokenise.js';
import { CORPUS_CODE_TO_SLUG } from '../../src/analysis/taxonomy.js';

export interface CorpusSentence {
  /** The sentence as the classifier reads it (detokenised). */
  text: string;
  /** The sentence as it stands in the corpus file. */
  raw: string;
  /** Its line number in the corpus file, from 1. */
  line?: number;
  /** Slugs for which this sentence is potentially unfair (levels 2 and 3). */
  labels: string[];
  /** Slugs tagged as clearly fair (level 1); negatives, kept for analysis. */
  fair: string[];
}

export interface CorpusDocument {
  name: string;
  sentences: CorpusSentence[];
}

export function corpusAvailable(dir: string): boolean {
  return existsSync(join(dir, 'sentences')) && existsSync(join(dir, 'tags'));
}

/** Slugs of a tag line ("ltd2 ter3 "): positives (levels 2-3) and fair (level 1). */
export function parseTags(line: string): { labels: string[]; fair: string[] } {
  const labels = new Set<string>();
  const fair = new Set<string>();
  for (const tag of line.trim().split(/\s+/)) {
    const m = /^([a-z]+)([123])$/.exec(tag);
    if (!m) continue;
    const slug = CORPUS_CODE_TO_SLUG[m[1]];
    if (!slug) continue;
    (m[2] === '1' ? fair : labels).add(slug);
  }
  return { labels: [...labels], fair: [...fair] };
}

export function loadCorpus(dir: string, only?: (name: string) => boolean): CorpusDocument[] {
  const names = readdirSync(join(dir, 'sentences'))
    .filter((f) => f.endsWith('.txt') && (!only || only(f.replace(/\.txt$/, ''))))
    .sort();
  return names.map((file) => {
    const lines = readFileSync(join(dir, 'sentences', file), 'utf8').split('\n');
    const tags = readFileSync(join(dir, 'tags', file), 'utf8').split('\n');
    const sentences: CorpusSentence[] = [];
    lines.forEach((line, i) => {
      const raw = line.trim();
      if (!raw) return;
      sentences.push({ text: detokenise(raw), raw, line: i + 1, ...parseTags(tags[i] ?? '') });
    });
    return { name: file.replace(/\.txt$/, ''), sentences };
  });
}

export interface TosdrQuote {
  text: string;
  service: string;
  /** Mapped CLAUDETTE categories (which the quote is about; not a fairness level). */
  labels: string[];
  /** The case is about bots, scraping or crawling ("agent_access"). */
  agentAccess: boolean;
  /** The quote mentions automated access words (a looser flag with false positives). */
  agentKeyword: boolean;
  caseTitle: string;
  rating: string;
  fromTerms: boolean;
}

/** ToS;DR quotes (tosdr-points/points.tsv), without the rows ToS;DR itself flags irrelevant. */
export function loadTosdr(file: string): TosdrQuote[] {
  if (!existsSync(file)) return [];
  const [header, ...rows] = readFileSync(file, 'utf8').split('\n');
  const col = Object.fromEntries(header.split('\t').map((h, i) => [h, i]));
  const out: TosdrQuote[] = [];
  for (const row of rows) {
    const f = row.split('\t');
    if (f.length < 5 || f[col.flagged_irrelevant] === 'true') continue;
    const labels = (f[col.category] ?? '')
      .split(/[ ,;]+/)
      .map((c) => CORPUS_CODE_TO_SLUG[c])
      .filter((s): s is string => Boolean(s));
    out.push({
      text: f[col.quote],
      service: f[col.service],
      labels,
      agentAccess: f[col.agent_access] === 'true',
      agentKeyword: f[col.agent_access_keyword] === 'true',
      caseTitle: f[col.case_title],
      rating: f[col.case_rating],
      fromTerms: !/privacy|cookie/i.test(f[col.quote_doc] ?? ''),
    });
  }
  return out;
}
