// Scores the analyzer the way it is used, on annotated documents no model saw while it was fitted
// (issue 14's protocol; the split is in scripts/training/eval-split.ts and was fixed before any scoring):
// - CV: grouped leave-documents-out cross-validation over the non-sealed documents (near-duplicates
//   and translations of a service stay in one fold; thresholds are tuned on inner folds of the
//   training part only). This is what every choice is tuned on.
// - SEALED: one model trained on all non-sealed documents, scored on the sealed ones. Only read.
// For each, in two forms of the held-out documents, "original" (main corpus cased, extra corpus
// lowercased and PTB-tokenised as distributed) and "lower-tok" (every document lowercased and
// PTB-tokenised), it prints:
// - sentence level, what `tos-ratings classify` says per line: P/R/F1 per category, macro-F1 over 8;
// - document level, what `tos-ratings analyze FILE` says of the document rebuilt from its sentence
//   list (one sentence per line): the categories found per document (P/R per category and overall),
//   the share of annotated unfair sentences the clauses cover, the share of listed (sentence,
//   category) pairs annotated unfair in that category, and quotes that are not verbatim.
// Usage: npm run eval   (env: EVAL_FOLDS=10, EVAL_WORKERS=2, TRAIN_DATA=main,extra,tosdr[,translated],
//   EVAL_OPTS='{"l2":0.001}' training options, EVAL_ONLY=cv|sealed, EVAL_FORMS=original,lower-tok,
//   EVAL_DUMP=FILE the cross-validation's per-sentence predictions as TSV, EVAL_TRAIN_SHARE=0.75 each
//   model trains on that share of its annotated services only, for a learning curve,
//   EVAL_MODEL_CACHE=DIR reuse each job's trained model across runs, EVAL_JOBS=0,1 only those CV folds)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { classifySentence } from '../../src/analysis/engine/classify.js';
import { tokeniseLikePtb } from './tokenise-ptb.js';
import { DEFAULT_TRAIN_OPTIONS, toExamples, trainModel, type TrainOptions } from './learn.js';
import { normaliseDocument } from '../../src/analysis/normalise.js';
import { EVAL_SLUGS, LEARNED_SLUGS } from '../../src/analysis/taxonomy.js';
import { loadTosdr } from './corpus.js';
import { isSealed, isSealedGroup, tosdrDocument } from './eval-split.js';
import { add, newTally, pct, printTable, prf, sum, type Counts } from './metrics.js';
import { wordVectorsFor } from './word-vectors.js';
import { annotatedDocuments, mainAvailable, sourcesFrom, TOSDR_FILE, trainingDocuments, type Doc } from './training-data.js';

const folds = Number(process.env.EVAL_FOLDS ?? 10);
const trainShare = Number(process.env.EVAL_TRAIN_SHARE ?? 1);
const sources = sourcesFrom(process.env.TRAIN_DATA);
const opts: TrainOptions = { ...DEFAULT_TRAIN_OPTIONS, ...(JSON.parse(process.env.EVAL_OPTS ?? '{}') as Partial<TrainOptions>) };
const only = process.env.EVAL_ONLY;
const FORMS = (process.env.EVAL_FORMS ?? 'original,lower-tok').split(',') as Form[];
/** Categories scored at sentence and document level (macro-F1 is over EVAL_SLUGS only). */
const SCORED = [...EVAL_SLUGS] as string[];
/** Scored on its own labels (scripts/training/automated-access-labels.tsv, sealed documents) and on ToS;DR quotes. */
const AGENT = 'automated-access';

type Form = 'original' | 'lower-tok';
type Job = number | 'sealed';

interface DocResult {
  name: string;
  sealed: boolean;
  form: Form;
  /** Per sentence, the scored categories `classify` gives it. */
  predicted: string[][];
  /** Per clause of `analyze`, the sentence lines it overlaps and its categories. */
  clauses: { lines: number[]; categories: string[]; quote: string }[];
  notVerbatim: string[];
}

function lineOf(doc: Doc, i: number, form: Form): string {
  const raw = doc.sentences[i].raw;
  return form === 'lower-tok' && doc.source === 'main' ? tokeniseLikePtb(raw) : raw;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Runs `classify` on every line and `analyze` on the document rebuilt from its lines. */
function scoreDocument(doc: Doc, form: Form, model: ReturnType<typeof trainModel>): DocResult {
  const lines = doc.sentences.map((_, i) => lineOf(doc, i, form));
  const predicted = lines.map((l) => classifySentence(l, model).categories.filter((c) => SCORED.includes(c) || c === AGENT));
  const file = lines.join('\n') + '\n';
  const text = normaliseDocument(file, 'text');
  // Line starts in the normalised text (normalisation keeps one sentence per line).
  const starts: number[] = [];
  for (let at = 0; at <= text.length; at = text.indexOf('\n', at) + 1 || text.length + 1) starts.push(at);
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const whole = collapse(file);
  const clauses = analyzeDocument(text, { model }).map((c) => {
    const covered: number[] = [];
    for (let l = lineAt(c.start); l <= lineAt(Math.max(c.start, c.end - 1)); l++) covered.push(l);
    return { lines: covered, categories: c.categories, quote: c.clause_text };
  });
  return {
    name: doc.name,
    sealed: isSealed(doc.name),
    form,
    predicted,
    clauses: clauses.map(({ lines: l, categories: c, quote }) => ({ lines: l, categories: c, quote })),
    notVerbatim: clauses.filter((c) => !whole.includes(collapse(c.quote))).map((c) => c.quote),
  };
}

function sealedService(service: string): boolean {
  const doc = tosdrDocument(service, [...AGENT_LABELLED]);
  return doc !== undefined && isSealed(doc);
}

function prepare() {
  const annotated = annotatedDocuments();
  const training = trainingDocuments(annotated, sources, opts.selfTrain > 0);
  const set = toExamples(training, opts.cues, wordVectorsFor(opts));
  const poolGroups = [...new Set(annotated.filter((d) => !isSealed(d.name)).map((d) => d.group))].sort();
  const foldOf = (group: string) => {
    const i = poolGroups.indexOf(group);
    return i < 0 ? -1 : i % folds;
  };
  // Learning curve: the golden-ratio sequence spreads the services left out evenly over the folds.
  const leftOut = new Set(poolGroups.filter((_, i) => (i * 0.6180339887) % 1 >= trainShare));
  return { annotated, training, set, foldOf, leftOut };
}

/** One job: a CV fold (train on the other folds) or the sealed set (train on all non-sealed). */
function runJob(ctx: ReturnType<typeof prepare>, job: Job): DocResult[] {
  const { annotated, training, set, foldOf, leftOut } = ctx;
  const held = (d: Doc) => (job === 'sealed' ? isSealedGroup(d.group) : !isSealedGroup(d.group) && foldOf(d.group) === job);
  const excluded = training.map((d) => isSealedGroup(d.group) || held(d) || leftOut.has(d.group));
  const model = cachedModel(job, () =>
    trainModel(
      set,
      set.examples.filter((e) => !excluded[e.doc]),
      LEARNED_SLUGS,
      opts,
    ),
  );
  return annotated.filter(held).flatMap((d) => FORMS.map((form) => scoreDocument(d, form, model)));
}

/**
 * EVAL_MODEL_CACHE=DIR keeps each job's trained model, keyed by the job and everything the training
 * depends on, so that changes to the document pass, the rules or the translations (which do not
 * change what is learned) are rescored in a minute instead of retrained for half an hour. Changes to
 * features or cues do change what is learned: clear the directory after them.
 */
function cachedModel(job: Job, train: () => ReturnType<typeof trainModel>): ReturnType<typeof trainModel> {
  const dir = process.env.EVAL_MODEL_CACHE;
  if (!dir) return train();
  const key = createHash('sha256').update(JSON.stringify({ job, folds, trainShare, sources, opts })).digest('hex').slice(0, 16);
  const file = join(dir, `${job}-${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof trainModel>;
  const model = train();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(model));
  return model;
}

async function runJobs(jobs: Job[]): Promise<DocResult[]> {
  const workers = Math.max(1, Math.min(jobs.length, Number(process.env.EVAL_WORKERS ?? Math.min(2, availableParallelism()))));
  // Largest job first (the sealed model trains on the most), then round-robin.
  const shares = Array.from({ length: workers }, (_, w) => jobs.filter((_, j) => j % workers === w));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<DocResult[]>((resolvePromise, reject) => {
          // Workers do not inherit the tsx loader: register it, then run this script in the worker.
          const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
          const worker = new Worker(boot, { eval: true, workerData: { jobs: share } });
          worker.once('message', resolvePromise);
          worker.once('error', reject);
        }),
    ),
  );
  return results.flat();
}

function report(title: string, results: DocResult[], docs: Map<string, Doc>): void {
  for (const form of FORMS) {
    const rs = results.filter((r) => r.form === form);
    if (rs.length === 0) continue;
    const sentence = newTally(SCORED);
    const document = newTally(SCORED);
    let positives = 0;
    let covered = 0;
    let coveredSameCategory = 0;
    const notVerbatim: string[] = [];
    let clauses = 0;
    // Listed (sentence, category) pairs: how many are annotated with that very category.
    let listedPairs = 0;
    let listedRight = 0;
    // Listed clauses whose category (the primary one) is annotated: how many overlap a sentence annotated unfair in it.
    let scoredClauses = 0;
    let rightClauses = 0;
    const byCategory = new Map<string, { listed: number; right: number }>();
    for (const r of rs) {
      const doc = docs.get(r.name) as Doc;
      const coveredLines = new Map<number, Set<string>>();
      for (const c of r.clauses) for (const l of c.lines) coveredLines.set(l, new Set([...(coveredLines.get(l) ?? []), ...c.categories]));
      const found = new Set(r.clauses.flatMap((c) => c.categories));
      const present = new Set<string>();
      doc.sentences.forEach((s, i) => {
        const labels = s.labels.filter((l) => SCORED.includes(l));
        for (const slug of SCORED) add(sentence, slug, r.predicted[i].includes(slug), labels.includes(slug));
        labels.forEach((l) => present.add(l));
        if (labels.length) {
          positives++;
          if (coveredLines.has(i)) covered++;
          if (labels.some((l) => coveredLines.get(i)?.has(l))) coveredSameCategory++;
        }
      });
      for (const slug of SCORED) add(document, slug, found.has(slug), present.has(slug));
      for (const [line, categories] of coveredLines) {
        for (const slug of categories) {
          if (!SCORED.includes(slug)) continue;
          listedPairs++;
          if (doc.sentences[line]?.labels.includes(slug)) listedRight++;
        }
      }
      for (const c of r.clauses) {
        if (!SCORED.includes(c.categories[0])) continue;
        scoredClauses++;
        const right = c.lines.some((l) => doc.sentences[l]?.labels.includes(c.categories[0]));
        if (right) rightClauses++;
        // EVAL_SHOW_UNMATCHED=category: the listed clauses of that category that overlap no sentence annotated with it (CV only; never sealed).
        if (!right && !r.sealed && process.env.EVAL_SHOW_UNMATCHED === c.categories[0])
          console.log(`  unmatched ${r.name}: ${c.quote.replace(/\s+/g, ' ').slice(0, 240)}`);
        const tally = byCategory.get(c.categories[0]) ?? { listed: 0, right: 0 };
        tally.listed++;
        if (right) tally.right++;
        byCategory.set(c.categories[0], tally);
      }
      notVerbatim.push(...r.notVerbatim);
      clauses += r.clauses.length;
    }
    printTable(`${title} [${form}], ${rs.length} documents: sentence level (classify)`, sentence, EVAL_SLUGS);
    console.log(
      `  macro-F1 by source: ${(['main', 'extra'] as const)
        .map(
          (src) =>
            `${src} ${sentenceMacro(
              rs.filter((r) => docs.get(r.name)?.source === src),
              docs,
            ).toFixed(3)}`,
        )
        .join(', ')}`,
    );
    printTable(`${title} [${form}]: document level (analyze: categories found per document)`, document, EVAL_SLUGS);
    const pairs = prf(sum(document, EVAL_SLUGS));
    console.log(
      `  categories found: recall ${pairs.r.toFixed(3)} precision ${pairs.p.toFixed(3)}; clauses cover ${pct(covered, positives)} of ${positives} annotated unfair sentences ` +
        `(${pct(coveredSameCategory, positives)} with the annotated category); ${clauses} clauses, ${notVerbatim.length} not verbatim`,
    );
    console.log(`  listed (sentence, category) pairs: ${listedPairs}, ${pct(listedRight, listedPairs)} annotated unfair in that category`);
    console.log(
      `  listing precision: ${rightClauses} of ${scoredClauses} clauses in the annotated categories (${pct(rightClauses, scoredClauses)}) overlap a sentence annotated unfair in their category`,
    );
    console.log(
      `  listing precision by category: ${[...byCategory]
        .sort()
        .map(([slug, t]) => `${slug} ${t.right}/${t.listed}`)
        .join(', ')}`,
    );
    for (const q of notVerbatim.slice(0, 3)) console.log(`  not verbatim: ${q.slice(0, 160)}`);
    reportAgent(rs, docs);
  }
}

/** Sentence-level macro-F1 over the given results (to tell documents read while the cues were written from the others). */
function sentenceMacro(rs: DocResult[], docs: Map<string, Doc>): number {
  const tally = newTally(SCORED);
  for (const r of rs)
    (docs.get(r.name) as Doc).sentences.forEach((s, i) => SCORED.forEach((slug) => add(tally, slug, r.predicted[i].includes(slug), s.labels.includes(slug))));
  return EVAL_SLUGS.reduce((m, slug) => m + prf(tally.get(slug) as Counts).f, 0) / EVAL_SLUGS.length;
}

/** automated-access: P/R per sentence (classify) and per document (analyze) where documents are labelled. */
function reportAgent(rs: DocResult[], docs: Map<string, Doc>): void {
  const labelled = rs.filter((r) => AGENT_LABELLED.has(r.name));
  if (AGENT_LABELS.size === 0) {
    console.log(`  ${AGENT}: scripts/training/automated-access-labels.tsv is missing, not scored`);
    return;
  }
  if (labelled.length === 0) {
    console.log(`  ${AGENT}: these documents are not labelled for it (only the sealed ones are)`);
    return;
  }
  const sentence = newTally([AGENT]);
  const document = newTally([AGENT]);
  for (const r of labelled) {
    const doc = docs.get(r.name) as Doc;
    const positive = doc.sentences.map((s) => AGENT_LABELS.has(`${r.name}\t${s.line}`));
    positive.forEach((y, i) => add(sentence, AGENT, r.predicted[i].includes(AGENT), y));
    add(
      document,
      AGENT,
      r.clauses.some((c) => c.categories.includes(AGENT)),
      positive.some(Boolean),
    );
  }
  const a = prf(sentence.get(AGENT) as Counts);
  const d = prf(document.get(AGENT) as Counts);
  const c = sentence.get(AGENT) as Counts;
  console.log(
    `  ${AGENT} (${labelled.length} labelled documents): sentence P ${a.p.toFixed(3)} R ${a.r.toFixed(3)} F1 ${a.f.toFixed(3)} (tp ${c.tp}, fp ${c.fp}, fn ${c.fn}); document P ${d.p.toFixed(3)} R ${d.r.toFixed(3)}`,
  );
}

/** Labels of the sealed documents for automated-access: "<document>\t<line>" of each positive. */
function loadAgentLabels(): Set<string> {
  const file = fileURLToPath(new URL('./automated-access-labels.tsv', import.meta.url));
  // Without it (a checkout that lacks it) the automated-access sentence figures are not printed,
  // everything else is.
  if (!existsSync(file)) return new Set();
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('document\t'));
  return new Set(rows.map((l) => l.trim()));
}

const AGENT_LABELS = loadAgentLabels();
/** Every sealed document was searched for candidates, so all of them count as labelled. */
const AGENT_LABELLED = new Set(
  annotatedDocuments()
    .filter((d) => isSealed(d.name))
    .map((d) => d.name),
);

/** ToS;DR quotes of the cases about bots and scraping: recall of `classify` (they have no negatives). */
function reportAgentQuotes(): void {
  const quotes = loadTosdr(TOSDR_FILE).filter((q) => q.agentAccess);
  if (quotes.length === 0) return;
  const sealedServices = quotes.filter((q) => sealedService(q.service));
  const hit = (qs: typeof quotes) => qs.filter((q) => classifySentence(q.text).categories.includes(AGENT)).length;
  console.log(
    `\n${AGENT} on ToS;DR quotes of the bots/scraping cases (positives only, rule-based so no training involved): ` +
      `recall ${hit(quotes)}/${quotes.length}; of sealed services ${hit(sealedServices)}/${sealedServices.length}`,
  );
}

/**
 * EVAL_DUMP=FILE: one TSV row per cross-validation sentence (document, line, annotated categories,
 * predicted categories, text, categories of the clauses listed over it), to read the errors. The sealed documents are never written: nobody reads them.
 */
function dumpPredictions(file: string, results: DocResult[], docs: Map<string, Doc>): void {
  const rows = results
    .filter((r) => !r.sealed && r.form === FORMS[0])
    .flatMap((r) => {
      const doc = docs.get(r.name) as Doc;
      // The categories of the clauses analyze lists over each line, so that two versions can be compared line by line.
      const listed = doc.sentences.map((_, i) => [...new Set(r.clauses.filter((c) => c.lines.includes(i)).flatMap((c) => c.categories))].join(','));
      return doc.sentences.map((s, i) =>
        [r.name, i, s.labels.filter((l) => SCORED.includes(l)).join(','), r.predicted[i].join(','), s.text.replace(/\s+/g, ' '), listed[i]].join('\t'),
      );
    });
  writeFileSync(file, rows.join('\n') + '\n');
}

async function main(): Promise<void> {
  if (!mainAvailable()) {
    console.log('corpus not found (../shared/corpus or $CORPUS_ROOT): nothing to evaluate');
    return;
  }
  const started = Date.now();
  const annotated = annotatedDocuments();
  const docs = new Map(annotated.map((d) => [d.name, d]));
  const pool = annotated.filter((d) => !isSealed(d.name));
  const sealed = annotated.filter((d) => isSealed(d.name));
  console.log(`training data: ${sources.join(', ')}; options ${JSON.stringify(opts)}`);
  console.log(
    `cross-validation pool: ${pool.length} documents in ${folds} grouped folds; sealed: ${sealed.length} documents (${sealed.map((d) => d.name).join(', ')})`,
  );
  if (trainShare < 1) console.log(`learning curve: each model trains on about ${Math.round(trainShare * 100)}% of its annotated services (EVAL_TRAIN_SHARE)`);
  const jobs: Job[] = [];
  if (only !== 'cv') jobs.push('sealed');
  // EVAL_JOBS=0,1,2: only those folds (a quick reading on part of the pool; report the full run).
  const someFolds = process.env.EVAL_JOBS?.split(',').map(Number);
  if (only !== 'sealed') jobs.push(...Array.from({ length: folds }, (_, f) => f).filter((f) => !someFolds || someFolds.includes(f)));
  const results = await runJobs(jobs);
  if (only !== 'sealed')
    report(
      `CV (${folds}-fold, grouped)`,
      results.filter((r) => !r.sealed),
      docs,
    );
  if (process.env.EVAL_DUMP) dumpPredictions(process.env.EVAL_DUMP, results, docs);
  if (only !== 'cv')
    report(
      'SEALED',
      results.filter((r) => r.sealed),
      docs,
    );
  reportAgentQuotes();
  console.log(`\nelapsed ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (isMainThread) {
  await main();
} else {
  const { jobs } = workerData as { jobs: Job[] };
  const ctx = prepare();
  parentPort?.postMessage(jobs.flatMap((job) => runJob(ctx, job)));
}
