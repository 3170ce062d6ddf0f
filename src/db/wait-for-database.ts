// A server started before its database waits for it instead of exiting: the first attempt at
// preparing the database (migrations, demo seed) runs at start-up; if the database cannot be
// reached, attempts go on in the background (every 1 s, then up to every 15 s) while the HTTP
// server listens with /health up and /ready and every operation answering 503, until one
// succeeds. Migrations stay exactly-once across processes: each attempt runs the migrator,
// which takes its own lock in the database.
import { isDatabaseUnreachable } from './unreachable.js';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class DatabaseReadiness {
  #ready = false;
  #stopped = false;
  #timer: NodeJS.Timeout | null = null;
  #resolve!: () => void;
  /** Resolves once the database is prepared (never, if stopped before). */
  readonly whenReady = new Promise<void>((resolve) => (this.#resolve = resolve));

  constructor(
    private readonly prepare: () => Promise<void>,
    private readonly log: Log,
  ) {}

  get ready(): boolean {
    return this.#ready;
  }

  /**
   * The first attempt: resolves when the database is ready, or when it cannot be reached and
   * waiting has started; rejects on any other failure (a migration that fails on a database
   * that answers is the operator's to fix).
   */
  async start(): Promise<void> {
    try {
      await this.prepare();
      this.#markReady();
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      this.log.warn({ err: error }, 'database unreachable at start-up: serving 503 and waiting for it');
      this.#schedule(1);
    }
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
  }

  #markReady(): void {
    this.#ready = true;
    this.#resolve();
  }

  #schedule(attempt: number): void {
    if (this.#stopped) return;
    const delayMs = Math.min(15_000, 1000 * 2 ** Math.min(attempt - 1, 4));
    this.#timer = setTimeout(() => void this.#retry(attempt), delayMs);
    this.#timer.unref();
  }

  async #retry(attempt: number): Promise<void> {
    try {
      await this.prepare();
      if (this.#stopped) return;
      this.#markReady();
      this.log.info({ attempt }, 'database reachable: ready');
    } catch (error) {
      // Unreachable is expected; anything else is logged loudly, and still retried (it may be
      // a database that is half up), with /ready saying 503 all along.
      if (isDatabaseUnreachable(error)) this.log.warn({ attempt, code: (error as { code?: string }).code }, 'database still unreachable');
      else this.log.error({ err: error, attempt }, 'preparing the database failed');
      this.#schedule(attempt + 1);
    }
  }
}
