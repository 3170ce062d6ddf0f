// Which annotated data the classifier is trained and evaluated on (scripts/training/train.ts, scripts/training/eval.ts).
// Everything is read in place from ../shared/corpus (or $CORPUS_ROOT), never copied into the project.
// Sources (TRAIN_DATA, comma-separated; the default is what the shipped model uses):
//   main        ../shared/corpus/unfair-tos: 40 documents, cased (CC BY 4.0)
//   extra       unfair-tos-extra/{claudette-50-extra,natural-explanations-extra}: 31 documents,
//               lowercased and PTB-tokenised (read detokenised) (CC BY 4.0 / MIT)
//   translated  unfair-tos-extra/translated: machine translations of the 40 main documents (CC BY 4.0)
//   tosdr       unfair-tos-extra/tosdr-points: ToS;DR quotes of the mapped cases, positives only (CC BY-SA 3.0),
//               of the categories in TOSDR_CATEGORIES (comma-separated, or `all`; default arbitration)
// Unlabelled, for self-training only (TrainOptions.selfTrain): ../shared/terms/current (or $TERMS_DIR),
// Open Terms Archive (ODC-By), English documents of services that are not sealed; and, with the
// tosdr source, the ToS;DR quotes whose labels are not kept (TOSDR_UNLABELLED=0 leaves them out).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { corpusAvailable, loadCorpus, loadTosdr, type CorpusDocument, type TosdrQuote } from './corpus.js';
import { MAX_CLAUSE_CHARS } from '../../src/analysis/analyze.js';
import { detokenise } from '../../src/analysis/detokenise.js';
import { looksEnglish } from '../../src/analysis/language.js';
import { normaliseDocument } from '../../src/analysis/normalise.js';
import { segmentSentences } from '../../src/analysis/engine/segment.js';
import { groupOf, isSealed, tosdrDocument } from './eval-split.js';

export type Source = 'main' | 'extra' | 'translated' | 'tosdr';
export const DEFAULT_SOURCES: readonly Source[] = ['main', 'extra', 'tosdr'];
/**
 * The ToS;DR quotes' labels kept by default: arbitration only, the category with the fewest annotated
 * sentences (64). By cross-validation on 2026-11-25 its quotes raised arbitration at two seeds
 * (.641 -> .661, .629 -> .673) with macro-F1 unchanged; all categories' quotes cost document precision (docs/analysis.md).
 */
const DEFAULT_TOSDR_CATEGORIES = ['arbitration'];
/**
 * The other ToS;DR quotes are self-training input like the unlabelled terms (TOSDR_UNLABELLED=0: not
 * used). Cross-validation on 2026-11-25 (docs/analysis.md): 0.753, 0.747, 0.747 at seeds 7, 8, 9 against 0.745,
 * 0.740, 0.738 without.
 */
const TOSDR_UNLABELLED = process.env.TOSDR_UNLABELLED !== '0';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const CORPUS_ROOT = resolve(root, process.env.CORPUS_ROOT ?? '../shared/corpus');
const MAIN = join(CORPUS_ROOT, 'unfair-tos');
const EXTRA = join(CORPUS_ROOT, 'unfair-tos-extra');
export const TOSDR_FILE = join(EXTRA, 'tosdr-points', 'points.tsv');

export interface Doc extends CorpusDocument {
  source: Source;
  /** Documents of one group always fall on the same side of a split. */
  group: string;
  /** Unlabelled terms, for self-training only. */
  unlabelled?: boolean;
}

export function sourcesFrom(env: string | undefined): Source[] {
  const list = (env ?? DEFAULT_SOURCES.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of list) if (!['main', 'extra', 'translated', 'tosdr'].includes(s)) throw new Error(`unknown source ${s}`);
  return list as Source[];
}

export function mainAvailable(): boolean {
  return corpusAvailable(MAIN);
}

function tag(docs: CorpusDocument[], source: Source): Doc[] {
  return docs.map((d) => ({ ...d, source, group: groupOf(d.name) }));
}

/** The annotated documents (main and extra): the ones scored by the evaluation. */
export function annotatedDocuments(): Doc[] {
  const docs = tag(loadCorpus(MAIN), 'main');
  for (const folder of ['claudette-50-extra', 'natural-explanations-extra']) {
    const dir = join(EXTRA, folder);
    if (corpusAvailable(dir)) docs.push(...tag(loadCorpus(dir), 'extra'));
  }
  return docs;
}

/**
 * Everything a model is trained on (train.ts, and each fold of eval.ts picks from it): those of
 * the annotated documents (annotatedDocuments()) that belong to `sources`, their auxiliary documents (never scored), and, with self-training, the
 * unlabelled terms. Unlabelled and auxiliary documents follow their service's group into folds.
 */
export function trainingDocuments(allAnnotated: Doc[], sources: readonly Source[], selfTrain: boolean): (Doc & { auxiliary?: boolean })[] {
  const annotated = allAnnotated.filter((d) => sources.includes(d.source));
  return [
    ...annotated,
    ...auxiliaryDocuments(
      sources,
      annotated.map((d) => d.name),
    ).map((d) => ({ ...d, auxiliary: true })),
    ...(selfTrain ? unlabelledDocuments() : []),
    ...(selfTrain && sources.includes('tosdr') && TOSDR_UNLABELLED && existsSync(TOSDR_FILE)
      ? tosdrDocuments(
          loadTosdr(TOSDR_FILE),
          annotated.map((d) => d.name),
          true,
        )
      : []),
  ];
}

/** Training-only documents of the extra sources: translations, and ToS;DR quotes grouped per service. */
export function auxiliaryDocuments(sources: readonly Source[], annotatedNames: readonly string[]): Doc[] {
  const out: Doc[] = [];
  if (sources.includes('translated') && corpusAvailable(join(EXTRA, 'translated'))) {
    const engines = (process.env.TRANSLATED_ENGINES ?? 'google,opus,joshua').split(',');
    out.push(
      ...tag(
        loadCorpus(join(EXTRA, 'translated'), (n) => engines.some((e) => n.endsWith(`_${e}`))),
        'translated',
      ),
    );
  }
  if (sources.includes('tosdr') && existsSync(TOSDR_FILE)) out.push(...tosdrDocuments(loadTosdr(TOSDR_FILE), annotatedNames));
  return out;
}

/**
 * ToS;DR quotes of mapped cases as one pseudo-document per service; a service that is an annotated
 * document joins its group. `unlabelled`: the other quotes instead, for self-training.
 */
function tosdrDocuments(quotes: TosdrQuote[], annotatedNames: readonly string[], unlabelled = false): Doc[] {
  const byService = new Map<string, TosdrQuote[]>();
  // Only the kept categories' labels count; a quote left with none is dropped, not made a negative.
  const env = process.env.TOSDR_CATEGORIES;
  const kept = env === 'all' ? undefined : env ? env.split(',') : DEFAULT_TOSDR_CATEGORIES;
  for (const quote of quotes) {
    const q = kept ? { ...quote, labels: quote.labels.filter((l) => kept.includes(l)) } : quote;
    if ((q.labels.length === 0) !== unlabelled || q.text.length < 20) continue;
    byService.set(q.service, [...(byService.get(q.service) ?? []), q]);
  }
  return [...byService].map(([service, qs]) => {
    const doc = tosdrDocument(service, annotatedNames);
    return {
      name: `tosdr${unlabelled ? '-unlabelled' : ''}:${service}`,
      source: 'tosdr' as const,
      group: doc ? groupOf(doc) : `tosdr:${service}`,
      ...(unlabelled ? { unlabelled: true } : {}),
      sentences: qs.map((q) => ({ text: q.text, raw: q.text, labels: q.labels, fair: [] })),
    };
  });
}

const TERMS_DIR = resolve(root, process.env.TERMS_DIR ?? '../shared/terms/current');
/** Terms documents that are an annotated service's (or its sibling's) under another name. */
const TERMS_ALIASES: Readonly<Record<string, string>> = { Snapchat: 'Snap', Threads: 'Instagram', X: 'Twitter' };

/**
 * Unlabelled terms (one Markdown document per service), segmented as the analyzer segments them.
 * A document joins its service's group, so a fold that holds the service out leaves it out too;
 * sealed services (under any alias) and documents not in English are skipped.
 */
export function unlabelledDocuments(): Doc[] {
  if (!existsSync(TERMS_DIR)) return [];
  return readdirSync(TERMS_DIR)
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ file: f, service: TERMS_ALIASES[f.slice(0, -3)] ?? f.slice(0, -3) }))
    .filter(({ service }) => !isSealed(service))
    .map(({ file, service }) => ({ file, service, text: normaliseDocument(readFileSync(join(TERMS_DIR, file), 'utf8'), 'markdown') }))
    .filter(({ text }) => looksEnglish(text))
    .map(({ file, service, text }) => ({
      name: `terms:${file.slice(0, -3)}`,
      source: 'extra' as const,
      group: groupOf(service),
      unlabelled: true,
      sentences: segmentSentences(text)
        .filter(({ start, end }) => end - start <= MAX_CLAUSE_CHARS) // as the analyzer: a run-on block is no sentence
        .map(({ start, end }) => {
          const raw = text.slice(start, end);
          return { text: detokenise(raw), raw, labels: [], fair: [] };
        }),
    }));
}
