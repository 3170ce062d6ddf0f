// The analyzer off the event loop: a small pool of worker threads (ANALYSIS_WORKERS) that run
// analysis jobs (analyzer.ts), so that a 200 KB text taking a second of CPU, or a megabyte of
// HTML taking half a second to parse, stalls no other request. Agents' texts (analyzeTerms) are interactive: they run before background work
// (ingestion, tracking) when both wait, taking turns with them, one at a time per agent; at most `workers + maxQueued` of them are in the pool at once; past
// that a call is refused at once with 503 and Retry-After rather than queued without bound. The
// background callers bound themselves (the tracker fetches two at a time; operators are few), so
// their jobs wait. Each job has a time limit: past it, or if its thread dies (out of memory, a
// crash), the job fails cleanly and the thread is replaced. Threads start with the first job
// (loading the analyzer takes about a second under tsx) and end with close().
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DomainError, unavailable } from '../core/errors.js';
import { metrics, timeAnalysis, trackAnalysisPool } from '../metrics/metrics.js';
import type { TextAnalysis, TextFormat } from './analyze-text.js';
import type { AnalysisJob, AnalysisService, FetchedBody, Reservation } from './jobs.js';
import { ExtractionError, type ExtractedTerms, type Selection } from '../extract/index.js';
import type { JobMessage, WorkerMessage } from './worker.js';
import type { DocumentFormat, PreparedDocument } from './prepare-document.js';
import type { AnalyzedClause } from '../analysis/index.js';

const WORKER_URL = workerEntry();
/**
 * Young generation of each thread: V8 sizes it by the machine (up to 48 MB), and a thread churning
 * through a 200,000-character text fills it between scavenges; 16 MB keeps that garbage, which the
 * thread's RSS holds on to, small (bench:memory: docs/performance.md, "Memory").
 */
const YOUNG_GENERATION_MB = 16;
/** A thread that has not loaded the analyzer by then is taken for dead. */
const STARTUP_LIMIT_MS = 60_000;

export interface AnalysisPoolOptions {
  /** Worker threads (ANALYSIS_WORKERS). */
  readonly workers: number;
  /** Agents' texts that may wait for a thread beyond those running (ANALYSIS_QUEUE). */
  readonly maxQueued: number;
  /** Per job, from the moment a thread takes it (ANALYSIS_TIMEOUT). */
  readonly timeoutMs: number;
  /** Heap limit of each thread, in MB (ANALYSIS_WORKER_MEMORY_MB); past it the thread dies, not the server. */
  readonly maxHeapMb?: number | null;
  readonly log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * `interactive`: agents' texts; `background`: the tracker's and operators' documents, taking
 * turns with them; `bulk`: the shipped snapshot's documents at a first start, run only when
 * neither of the others waits (so that a first start's hundreds of documents delay nobody).
 */
type Priority = 'interactive' | 'background' | 'bulk';

interface Pending {
  readonly job: AnalysisJob;
  readonly priority: Priority;
  /** Whose text it is (an agent's), or null: one job per owner runs at a time. */
  readonly owner: string | null;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
}

interface Thread {
  readonly worker: Worker;
  ready: boolean;
  running: { id: number; pending: Pending; timer: NodeJS.Timeout; startedAt: number } | null;
  startup: NodeJS.Timeout | null;
}

/** A job that failed inside the analyzer for no fault of the caller: a 500 whose details go to the log only. */
export class AnalysisFailure extends Error {}

/**
 * This directory's worker: JavaScript from dist/ as it is; TypeScript (npm start and the
 * tests run under tsx) through a small module that registers tsx in the new thread first, since
 * Node 20 does not carry the process's `--import tsx` loader into worker threads.
 */
function workerEntry(): URL {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const worker = new URL(`./worker${extension}`, import.meta.url);
  if (extension !== '.ts') return worker;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(worker.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`);
}

export class AnalysisPool implements AnalysisService {
  private readonly threads: (Thread | null)[];
  private readonly waiting: Record<Priority, Pending[]> = { interactive: [], background: [], bulk: [] };
  private reserved = 0;
  /** Which kind of job an idle thread took last (interactive and background take turns). */
  private lastTurn: Priority = 'background';
  /** When each agent's text last started (a turn number), for fairness between agents. */
  private readonly served = new Map<string, number>();
  private turns = 0;
  private nextId = 1;
  private closed = false;
  /** Moving average of job durations, for Retry-After. */
  private averageMs = 1000;
  private readonly untrack: () => void;

  constructor(private readonly options: AnalysisPoolOptions) {
    if (options.workers < 1) throw new Error('an analysis pool needs at least one worker');
    this.threads = Array.from({ length: options.workers }, () => null);
    this.untrack = trackAnalysisPool(() => this.stats());
  }

  analyzeText(raw: string, owner: string | null = null, format: TextFormat | null = null): Promise<TextAnalysis> {
    return this.analyzeAgentText(raw, format, true, owner);
  }

  /** An agent's text (analyzeTerms, analyze_terms), counted in tos_analysis_runs_total as documents are. */
  private analyzeAgentText(raw: string, format: TextFormat | null, bounded: boolean, owner: string | null): Promise<TextAnalysis> {
    return timeAnalysis(() => this.submit({ op: 'analyze-text', raw, format }, 'interactive', bounded, owner) as Promise<TextAnalysis>);
  }

  prepareDocument(raw: string, format: DocumentFormat, priority: 'background' | 'bulk' = 'background'): Promise<PreparedDocument> {
    return this.submit({ op: 'prepare-document', raw, format }, priority, false) as Promise<PreparedDocument>;
  }

  analyzeStoredText(text: string): Promise<AnalyzedClause[]> {
    return this.submit({ op: 'analyze-stored-text', text }, 'background', false) as Promise<AnalyzedClause[]>;
  }

  extractTerms(resource: FetchedBody, selection: Selection): Promise<ExtractedTerms> {
    // Only what the job needs crosses to the thread (a Buffer's pool would be copied whole).
    const job = { op: 'extract-terms', resource: { contentType: resource.contentType, body: new Uint8Array(resource.body) }, selection } as const;
    return this.submit(job, 'background', false) as Promise<ExtractedTerms>;
  }

  /**
   * Holds a place for one agent's text before anything else is done for the request (its key is
   * metered), so that a call refused for lack of room costs the agent nothing. Throws 503 when
   * full. The reservation is an Analyzer whose first analyzeText takes the place; release() gives
   * it back if unused (idempotent).
   */
  reserve(): Reservation {
    this.admit();
    this.reserved++;
    let held = true;
    const release = () => {
      if (held) [held, this.reserved] = [false, this.reserved - 1];
    };
    return {
      analyzeText: (raw, owner = null, format = null) => {
        const bounded = !held;
        release();
        return this.analyzeAgentText(raw, format, bounded, owner);
      },
      prepareDocument: (raw, format, priority) => this.prepareDocument(raw, format, priority),
      analyzeStoredText: (text) => this.analyzeStoredText(text),
      extractTerms: (resource, selection) => this.extractTerms(resource, selection),
      reserve: () => this.reserve(),
      release,
    };
  }

  /** Jobs waiting and running, threads alive (for tests and logs). */
  stats(): { threads: number; running: number; waiting: number; reserved: number } {
    const alive = this.threads.filter((t): t is Thread => t !== null);
    return {
      threads: alive.length,
      running: alive.filter((t) => t.running).length,
      waiting: this.waiting.interactive.length + this.waiting.background.length + this.waiting.bulk.length,
      reserved: this.reserved,
    };
  }

  /** Writes a heap snapshot of each live thread into `dir` (HEAP_SNAPSHOT_DIR, heap-snapshots.ts); returns the files. */
  async writeHeapSnapshots(dir: string, stamp: string): Promise<string[]> {
    const files: string[] = [];
    for (const [i, thread] of this.threads.entries()) {
      if (!thread?.ready) continue;
      const file = path.join(dir, `analysis-thread-${i}-${stamp}.heapsnapshot`);
      thread.worker.ref(); // an idle thread is unref'd: the process must wait for its snapshot
      try {
        await pipeline(await thread.worker.getHeapSnapshot(), fs.createWriteStream(file));
      } finally {
        if (!thread.running) thread.worker.unref();
      }
      files.push(file);
    }
    return files;
  }

  /** Fails what waits or runs (503: shutting down) and ends every thread. */
  async close(): Promise<void> {
    this.closed = true;
    this.untrack();
    const shuttingDown = () => unavailable('the server is shutting down');
    for (const pending of [...this.waiting.interactive, ...this.waiting.background, ...this.waiting.bulk]) pending.reject(shuttingDown());
    this.waiting.interactive.length = this.waiting.background.length = this.waiting.bulk.length = 0;
    const ending: Promise<number>[] = [];
    for (let i = 0; i < this.threads.length; i++) {
      const thread = this.threads[i];
      if (!thread) continue;
      this.threads[i] = null;
      this.settle(thread, (pending) => pending.reject(shuttingDown()));
      ending.push(thread.worker.terminate());
    }
    await Promise.all(ending);
  }

  private submit(job: AnalysisJob, priority: Priority, bounded: boolean, owner: string | null = null): Promise<unknown> {
    if (this.closed) return Promise.reject(unavailable('the server is shutting down'));
    if (bounded) {
      try {
        this.admit();
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise((resolve, reject) => {
      this.waiting[priority].push({ job, priority, owner, resolve, reject });
      this.pump();
    });
  }

  /** Throws 503 when as many agents' texts as the pool holds are already in it. */
  private admit(): void {
    if (this.closed) throw unavailable('the server is shutting down');
    const running = this.threads.filter((t) => t?.running?.pending.priority === 'interactive').length;
    const inPool = running + this.waiting.interactive.length + this.reserved;
    if (inPool >= this.options.workers + this.options.maxQueued) {
      metrics.analysisRefusals.inc();
      const seconds = Math.min(60, Math.max(1, Math.ceil((inPool * this.averageMs) / this.options.workers / 1000)));
      throw unavailable('the analyzer is busy with other texts', seconds);
    }
  }

  /**
   * The next job for an idle thread, fairly: an agent's text whose agent has none running (one
   * at a time per agent, so that one key's texts cannot hold every thread while another agent
   * waits), taking turns with background work (operators' documents, the tracker), so that
   * neither starves the other. Null when nothing waiting may run now.
   */
  private next(): Pending | null {
    const busy = new Set(this.threads.map((t) => t?.running?.pending.owner).filter((owner) => owner != null));
    // Among agents with nothing running, the one served longest ago goes first (then in order of arrival).
    let at = -1;
    let servedAt = Infinity;
    this.waiting.interactive.forEach((p, i) => {
      if (p.owner !== null && busy.has(p.owner)) return;
      const last = p.owner === null ? -1 : (this.served.get(p.owner) ?? -1);
      if (last < servedAt) [at, servedAt] = [i, last];
    });
    const backgroundTurn = this.waiting.background.length > 0 && (at < 0 || this.lastTurn === 'interactive');
    if (backgroundTurn) {
      this.lastTurn = 'background';
      return this.waiting.background.shift()!;
    }
    if (at < 0) return this.waiting.bulk.shift() ?? null;
    this.lastTurn = 'interactive';
    const pending = this.waiting.interactive.splice(at, 1)[0]!;
    if (pending.owner !== null) {
      if (this.served.size > 10_000) this.served.clear(); // bounded memory; fairness restarts
      this.served.set(pending.owner, this.turns++);
    }
    return pending;
  }

  /** Gives waiting jobs to ready idle threads (see next()); starts threads that work waits for. */
  private pump(): void {
    for (let i = 0; i < this.threads.length; i++) {
      if (this.closed || this.waiting.interactive.length + this.waiting.background.length + this.waiting.bulk.length === 0) return;
      const thread = (this.threads[i] ??= this.spawn(i));
      if (!thread.ready || thread.running) continue;
      const pending = this.next();
      if (!pending) return;
      const id = this.nextId++;
      const timer = setTimeout(() => this.timeOut(i, thread), this.options.timeoutMs);
      thread.running = { id, pending, timer, startedAt: performance.now() };
      thread.worker.ref();
      thread.worker.postMessage({ id, job: pending.job } satisfies JobMessage);
    }
  }

  /** A thread keeps the process alive while it has work (ref'd in pump, unref'd when idle). */
  private spawn(index: number): Thread {
    const heap = this.options.maxHeapMb;
    // No --import of the process (a test runner's hooks, tsx: registered by the entry itself).
    const execArgv = process.execArgv.filter((arg) => arg === '--enable-source-maps');
    const resourceLimits = { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, ...(heap && { maxOldGenerationSizeMb: heap }) };
    const worker = new Worker(WORKER_URL, { execArgv, resourceLimits });
    const thread: Thread = { worker, ready: false, running: null, startup: null };
    thread.startup = setTimeout(() => {
      this.options.log?.error({}, `an analysis worker did not start within ${STARTUP_LIMIT_MS / 1000} s`);
      void worker.terminate();
    }, STARTUP_LIMIT_MS).unref();
    worker.on('message', (message: WorkerMessage) => this.receive(index, thread, message));
    worker.on('error', (error) => {
      // The thread died (an uncaught error, out of memory): its job fails, a new thread takes over.
      this.options.log?.error({ err: error, job: thread.running?.pending.job.op }, 'analysis worker died');
      this.settle(thread, (pending) => pending.reject(new AnalysisFailure(`analysis worker died: ${error.message}`)));
    });
    worker.on('exit', () => this.exited(index, thread));
    return thread;
  }

  private receive(index: number, thread: Thread, message: WorkerMessage): void {
    if ('ready' in message) {
      clearTimeout(thread.startup!);
      thread.ready = true;
      return this.pump();
    }
    const running = thread.running;
    if (!running || running.id !== message.id) return; // an answer to a job already given up
    const elapsed = performance.now() - running.startedAt;
    this.averageMs = 0.8 * this.averageMs + 0.2 * elapsed;
    this.settle(thread, (pending) => {
      if (message.ok) return pending.resolve(message.result);
      if ('extraction' in message) return pending.reject(new ExtractionError(message.message));
      if (message.code !== 'internal') return pending.reject(new DomainError(message.code, message.message));
      this.options.log?.error({ detail: message.detail, job: pending.job.op }, 'analysis failed');
      pending.reject(new AnalysisFailure(message.message));
    });
    thread.worker.unref();
    if (this.threads[index] === thread) this.pump();
  }

  /** Past the time limit the thread is stopped (synchronous analysis cannot be interrupted otherwise) and replaced. */
  private timeOut(index: number, thread: Thread): void {
    const ms = this.options.timeoutMs;
    const limit = ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
    this.options.log?.warn({ job: thread.running?.pending.job.op, limit }, 'analysis timed out; its worker is replaced');
    this.settle(thread, (pending) => pending.reject(unavailable(`the analysis did not finish within ${limit}`)));
    this.retire(index, thread, 'timeout');
  }

  private exited(index: number, thread: Thread): void {
    clearTimeout(thread.startup!);
    if (!thread.ready && this.threads[index] === thread) {
      // It died while loading: fail one waiting job per attempt, so that a broken install cannot loop.
      const pending = this.waiting.interactive.shift() ?? this.waiting.background.shift() ?? this.waiting.bulk.shift();
      pending?.reject(new AnalysisFailure('the analysis worker could not start'));
    }
    this.settle(thread, (pending) => pending.reject(new AnalysisFailure('analysis worker exited')));
    this.retire(index, thread, 'exited');
  }

  /** Takes a thread out of the pool (ending it if it still runs) and lets a new one take the waiting work. */
  private retire(index: number, thread: Thread, reason: 'timeout' | 'exited'): void {
    if (this.threads[index] !== thread) return; // already replaced, or the pool is closing
    this.threads[index] = null;
    metrics.analysisThreadsReplaced.inc({ reason });
    void thread.worker.terminate();
    this.pump();
  }

  /** Ends the thread's running job, if any, once. */
  private settle(thread: Thread, end: (pending: Pending) => void): void {
    const running = thread.running;
    if (!running) return;
    thread.running = null;
    clearTimeout(running.timer);
    end(running.pending);
  }
}
