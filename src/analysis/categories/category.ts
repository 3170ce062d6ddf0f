// What one category of clause is, in one place: its name and description, how it is rated, and,
// where it has them, its concern gate, rule detector, plain-English rendering and title. Each
// category is one file beside this one (categories/<slug>.ts) and one entry in the registry (index.ts).
import type { Cue } from '../engine/cue-patterns.js';
import type { FactSentence } from '../facts/sentences.js';
import type { ContractFacts, FactName } from '../facts/types.js';
import type { Party } from '../party.js';
import type { GuideId } from '../guides.js';
import type { SentenceContext } from '../sentence-context.js';
import type { Specifics } from '../specifics.js';

export type Severity = 'critical' | 'high' | 'medium' | 'low';

export interface CategoryDefinition {
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  /** Code in the unfair-ToS corpus, when the corpus annotates this category. */
  readonly corpusCode?: string;
  /** Severity before aggravating or mitigating cues are applied (see rate.ts). */
  readonly baseSeverity: Severity;
  /** Base AI rating (rate.ts): how much harm the clause type typically does to a consumer. */
  readonly baseRating: number;
  /** The protection guides (protections.ts) this category calls for: what a user can do about it. */
  readonly guides: readonly GuideId[];
  /**
   * Whether a sentence found under this category really is a concerning clause of it, after the generic
   * checks of analyze.ts (a protection, a pointer or a heading is not). Absent: every such sentence is.
   */
  readonly isConcern?: (sentence: string) => boolean;
  /**
   * The hand-written detector of a category the annotated corpus does not cover (rules.ts runs it).
   * `s`: canonical text with quoted passages blanked; `unquoted`: the same with them kept.
   */
  readonly rule?: (s: string, unquoted: string) => boolean;
  /** Its rule is run, and its category reported, before the other rule-based ones (engine/rules.ts). */
  readonly ruleFirst?: true;
  /**
   * The category's cue features for the classifier (engine/cues.ts joins them). Their names and order
   * are the shipped model's (model/model.json): renaming or reordering one needs a retrained model.
   */
  readonly cues?: readonly Cue[];
  /** The clause told in plain English (translate.ts adds what specifics it leaves out). Absent: the description. */
  readonly render?: (text: string, specifics: Specifics, context?: SentenceContext) => string;
  /** A truer title where the clause is a variant of the category. Absent: the name. */
  readonly title?: (text: string, specifics: Specifics) => string;
  /** The title of a clause whose party (party.ts) makes it something else (`undefined`: the usual title). */
  readonly partyTitle?: (sentence: string, party: Party) => string | undefined;
  /** The party the concern states, where the category knows better than the sentence's first subject. */
  readonly party?: (party: Party, sentence: string) => Party;
  /**
   * The contract facts this category's clauses state (src/analysis/facts/index.ts asks each category
   * for its own), each read from the document's sentences by its reader in facts/.
   */
  readonly facts?: { readonly [F in FactName]?: (sentences: readonly FactSentence[]) => ContractFacts[F] };
  /** Places matter (where disputes go, which law applies): those the rendering leaves out are told. */
  readonly placesTold?: boolean;
  /** A dispute clause states its own scope (categories/disputes/render.ts): no "If you use the service for business" lead. */
  readonly ownScope?: boolean;
  /** The rendering states the clause's periods in its own words: they are not told again. */
  readonly periodsTold?: boolean;
  /** The places a title names (none when absent). */
  readonly titlePlaces?: (text: string, specifics: Specifics) => readonly string[];
  /** A period is detail enough for the title ("Unilateral changes (30 days)"). */
  readonly periodInTitle?: boolean;
  /** The title when the clause names no detail (a body, amount, place or period). Absent: the title above. */
  readonly titleWithoutDetail?: string;
}
