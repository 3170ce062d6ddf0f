// Reads again the contract facts of current terms versions whose facts were read by another version
// of the readers, or never (versions stored before facts existed): the server runs it once at
// start-up, in the background. One version at a time, yielding between them, since each read is
// pure CPU work on a text of up to 2 MiB (about 30 ms for 60 KB); the provider's protection guides
// follow the facts read. Idempotent; several processes
// may run it at once (each write is conditional on the facts still being stale).
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { FACTS_VERSION } from '../analysis/index.js';
import type { Database } from '../db/schema.js';
import { documentVersionText, setVersionFacts, versionsWithStaleFacts } from '../repositories/documents.js';
import { readVersion } from './read-version.js';
import { refreshGuidesOfVersion } from './guides.js';

const BATCH = 50;

/** Returns how many versions had their facts read again. */
export async function refreshStaleFacts(db: Kysely<Database>, signal?: AbortSignal): Promise<number> {
  let refreshed = 0;
  const seen = new Set<number>();
  for (;;) {
    const ids = (await versionsWithStaleFacts(db, FACTS_VERSION, BATCH)).filter((id) => !seen.has(id));
    if (ids.length === 0) return refreshed;
    for (const id of ids) {
      if (signal?.aborted) return refreshed;
      seen.add(id);
      const text = await documentVersionText(db, id);
      if (text === undefined) continue;
      await setVersionFacts(db, id, readVersion(text));
      // The guides rest on the facts: they are written again with them.
      await refreshGuidesOfVersion(db, id);
      refreshed++;
      await yieldToEvents();
    }
  }
}
