// Loader for the annotated unfair-ToS corpus (Galassi et al. 2024 / CLAUDETTE, CC BY 4.0).
// Used only by the training and evaluation scripts; the runtime never touches the corpus.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_CODE_TO_SLUG } from './taxonomy.js';

export interface CorpusSentence {
  text: string;
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

export function loadCorpus(dir: string): CorpusDocument[] {
  const names = readdirSync(join(dir, 'sentences'))
    .filter((f) => f.endsWith('.txt'))
    .sort();
  return names.map((file) => {
    const lines = readFileSync(join(dir, 'sentences', file), 'utf8').split('\n');
    const tags = readFileSync(join(dir, 'tags', file), 'utf8').split('\n');
    const sentences: CorpusSentence[] = [];
    lines.forEach((line, i) => {
      const text = line.trim();
      if (!text) return;
      const labels = new Set<string>();
      const fair = new Set<string>();
      for (const tag of (tags[i] ?? '').trim().split(/\s+/)) {
        const m = /^([a-z]+)([123])$/.exec(tag);
        if (!m) continue;
        const slug = CORPUS_CODE_TO_SLUG[m[1]];
        if (!slug) continue;
        (m[2] === '1' ? fair : labels).add(slug);
      }
      sentences.push({ text, labels: [...labels], fair: [...fair] });
    });
    return { name: file.replace(/\.txt$/, ''), sentences };
  });
}
