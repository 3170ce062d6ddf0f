// The body of an analysis worker thread (analysis-pool.ts): loads the analyzer once, says it is
// ready, then runs one job per message and answers with its result or a plain description of its
// failure (errors do not cross threads intact). Loaded as TypeScript under tsx (npm start, tests)
// and as JavaScript from the build (dist/), whichever the pool was.
import { parentPort } from 'node:worker_threads';
import { isPublic, type ErrorCode } from '../core/errors.js';
import { runJob, type AnalysisJob } from './jobs.js';
import { ExtractionError } from '../extract/index.js';

export interface JobMessage {
  readonly id: number;
  readonly job: AnalysisJob;
}

export type WorkerMessage =
  | { readonly ready: true }
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  /** A public domain error (the caller's mistake), or `internal`, whose `detail` is for the log only. */
  | { readonly id: number; readonly ok: false; readonly code: ErrorCode; readonly message: string; readonly detail?: string }
  /** A page that gave no terms (ExtractionError): recorded as the provider's error. */
  | { readonly id: number; readonly ok: false; readonly extraction: true; readonly message: string };

if (!parentPort) throw new Error('worker.ts runs as a worker thread only');
const port = parentPort;

port.on('message', async ({ id, job }: JobMessage) => {
  let answer: WorkerMessage;
  try {
    answer = { id, ok: true, result: await runJob(job) };
  } catch (error) {
    answer =
      error instanceof ExtractionError
        ? { id, ok: false, extraction: true, message: error.message }
        : isPublic(error)
          ? { id, ok: false, code: error.code, message: error.message }
          : { id, ok: false, code: 'internal', message: 'analysis failed', detail: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
port.postMessage({ ready: true } satisfies WorkerMessage);
