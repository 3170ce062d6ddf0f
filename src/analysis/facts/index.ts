// Reads the nine contract facts of a normalised terms text (issue 31, item 5). Pure: one pass of the
// segmenter, then one reader per fact over the sentences, each in its own file. Each fact is null when
// the terms say nothing of it; its evidence is the offsets of the sentence(s) it was read from.
import { readArbitration } from './arbitration.js';
import { readAutomatedAccess } from './automated-access.js';
import { readClaimTimeLimit } from './claim-time-limit.js';
import { readCourts } from './courts.js';
import { readGoverningLaw } from './governing-law.js';
import { readLiabilityCap } from './liability-cap.js';
import { readMinimumAge } from './minimum-age.js';
import { readProviderTermination } from './provider-termination.js';
import { factSentences } from './sentences.js';
import { readTermsChanges } from './terms-changes.js';
import { FACT_NAMES, type ContractFacts } from './types.js';

export { FACT_NAMES, type ContractFacts, type Evidence, type FactName } from './types.js';

/**
 * The readers' version: facts stored with an older one are read again (src/ingest/refresh-facts.ts).
 * Raise it whenever a reader changes what it reads, or what the terms give the user is read
 * differently (src/analysis/in-your-favour.ts, stored beside the facts). 2: what the terms give the user.
 */
export const FACTS_VERSION = 2;

export function readFacts(text: string): ContractFacts {
  const facts = readWithoutQuotes(text);
  // Each evidence span carries its sentence verbatim, so that an agent without the normalised text can check it.
  for (const name of FACT_NAMES) for (const e of facts[name]?.evidence ?? []) e.quote = text.slice(e.start, e.end);
  return facts;
}

function readWithoutQuotes(text: string): ContractFacts {
  const sentences = factSentences(text);
  return {
    governing_law: readGoverningLaw(sentences),
    courts: readCourts(sentences),
    arbitration: readArbitration(sentences),
    liability_cap: readLiabilityCap(sentences),
    terms_changes: readTermsChanges(sentences),
    provider_termination: readProviderTermination(sentences),
    claim_time_limit: readClaimTimeLimit(sentences),
    minimum_age: readMinimumAge(sentences),
    automated_access: readAutomatedAccess(sentences),
  };
}
