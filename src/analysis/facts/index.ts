// Reads the nine contract facts of a normalised terms text (issue 31, item 5). Pure: one pass of the
// segmenter, then one reader per fact over the sentences, each in its own file, asked for by the
// category whose clauses state the fact (categories/<slug>.ts: `facts`). Each fact is null when
// the terms say nothing of it; its evidence is the offsets of the sentence(s) it was read from.
import type { CategoryDefinition } from '../categories/category.js';
import { CATEGORY_DEFINITIONS } from '../categories/index.js';
import { readMinimumAge } from './minimum-age.js';
import { factSentences } from './sentences.js';
import { FACT_NAMES, type ContractFacts, type FactName } from './types.js';

export { FACT_NAMES, type ContractFacts, type Evidence, type FactName } from './types.js';

/**
 * The readers' version: facts stored with an older one are read again (src/ingest/refresh-facts.ts).
 * Raise it whenever a reader changes what it reads, or what the terms give the user is read
 * differently (src/analysis/in-your-favour.ts, stored beside the facts). 2: what the terms give the user.
 * 3: readers of the grammar of provisions (issue 44, item 5): regions, exceptions and fallbacks, tables.
 * 4: kinds of provision the 42 documents of ota-sealed.json showed (courts handed disputes, every verb of a
 * choice of law, notice by posting, nominal and clause-scoped termination powers, hard-wrapped text, ...).
 */
export const FACTS_VERSION = 4;

export function readFacts(text: string): ContractFacts {
  const facts = readWithoutQuotes(text);
  // Each evidence span carries its sentence verbatim, so that an agent without the normalised text can check it.
  for (const name of FACT_NAMES) for (const e of facts[name]?.evidence ?? []) e.quote = text.slice(e.start, e.end);
  return facts;
}

function readWithoutQuotes(text: string): ContractFacts {
  const sentences = factSentences(text);
  const facts = Object.fromEntries(FACT_NAMES.map((name) => [name, null])) as Record<FactName, unknown>;
  // Each category reads the facts its clauses state (categories/<slug>.ts names its readers).
  for (const category of CATEGORY_DEFINITIONS as readonly CategoryDefinition[])
    for (const [name, reader] of Object.entries(category.facts ?? {}) as [FactName, (s: typeof sentences) => unknown][]) facts[name] = reader(sentences);
  // The minimum age is no clause's concern: read here.
  facts.minimum_age = readMinimumAge(sentences);
  return facts as ContractFacts;
}
