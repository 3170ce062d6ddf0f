// What is read from a stored version's text beside its clauses: the contract facts and what the
// terms give the user, with the readers' version that read them.
import { FACTS_VERSION, favourableClauses, readFacts } from '../analysis/index.js';
import type { VersionReading } from '../repositories/documents.js';

export function readVersion(text: string): VersionReading {
  return { facts: readFacts(text), inYourFavour: favourableClauses(text), version: FACTS_VERSION };
}
