// Normalised terms text -> concerning clauses: segment into sentences, decide per document which
// categories it has and which sentences to list under each (document-pass.ts), add the rule-based
// categories, and rate, title and translate each clause by its primary (most confident) category.
// Every clause_text is text.slice(start, end), verbatim; the classifier reads a detokenised copy.
import { loadModel } from './engine/classify.js';
import { detokenise } from './detokenise.js';
import { scoredDocumentCategories } from './engine/document-pass.js';
import { isHeading } from './engine/features.js';
import { DocumentLists, joinLeadIn, LIST_ITEM, MAX_SENTENCES_A_CLAUSE } from './lists.js';
import { inYourFavour } from './favour.js';
import { clauseParty, mainClause, type Party } from './party.js';
import { ruleCategories } from './engine/rules.js';
import type { LinearModel } from './engine/model-types.js';
import { sentenceContexts } from './sentence-context.js';
import { rateClause } from './rate.js';
import { segmentSentences } from './engine/segment.js';
import { definitionOf, type CategorySlug } from './categories/index.js';
import { primaryFirst } from './categories/precedence.js';
import type { Severity } from './taxonomy.js';
import { titleClause, translateClause } from './translate.js';
import { groundedIn } from './grounded.js';
import { clauseConfidence, readableClause, type Confidence } from './plain-english.js';
import { clauseKind, kindConfidence, type ClauseKind } from './calibration.js';
import { documentNames, ownPlatform, type Names } from './names.js';
import { joinRows, recordText, rowOf, tableRows, tellRecord, type TableRow } from './tables.js';
import { statesCategory } from './statement.js';
import { factsOfClause, renderingAgrees, titleAgreeing } from './facts-agreement.js';

export { OVERALL_RATING_FORMULA, overallRating } from './overall-rating.js';
export { primaryFirst } from './categories/precedence.js';

export interface AnalyzedClause {
  title: string;
  clause_text: string;
  plain_english: string;
  severity: Severity;
  /** The primary category: the one the classifier is most confident of (categories[0]). */
  category: CategorySlug;
  categories: CategorySlug[];
  ai_rating: number;
  /** Whose right, power or duty the clause states. */
  party: Party;
  /**
   * `high` only for a kind of clause (calibration.ts) that readers of never-read documents found
   * faithful at least 95% of the time; `low` otherwise, and for a long clause or a fragment told as
   * its quote: read the quote in full.
   */
  confidence: Confidence;
  start: number;
  end: number;
  /** The clause's kind (its category and how it was told), only when asked for (`AnalyzeOptions.kinds`). */
  kind?: ClauseKind;
}

export const MAX_CLAUSE_CHARS = 3000;

// Sentences that name other clauses or the user's past rather than setting a term: which sections
// survive termination; an eligibility condition about the past ("You have not been permanently
// suspended").
const NO_TERM_OF_ITS_OWN =
  /\bpreviously (?:been )?(?:disabled|removed|banned|suspended|terminated)\b|\b(?:have|has) previously (?:disabled|removed|banned|suspended|terminated)\b|^(?:these|this|the) (?:terms|agreement|terms of (?:service|use))\b[^.;]{0,40}\bcontains?\b[^.;]{0,80}\b(?:in|at) sections? \d|\b(?:sections?|provisions?|paragraphs?)\b[^.;]{0,60}\b(?:will|shall) survive\b|\b(?:will|shall) survive any (?:termination|expiration)\b|\b(?:this|the) (?:section|part|clause|paragraph)(?: \d+(?:\.\d+)*)? (?:only )?appl(?:y|ies) only to\b|\b(?:have|has) not (?:been )?(?:previously )?(?:permanently )?(?:suspended|removed|banned|terminated|disabled|barred)\b/i;

/**
 * Whether the sentence is a concerning clause of the category, rather than stating a protection or
 * a pointer: what is in the user's favour, names other clauses or asks a question is none of any
 * category; then the category's own gate (categories/<slug>.ts `isConcern`), e.g. a liability "limit"
 * that keeps the provider fully liable, the user's own right to end the contract or remove their
 * content, a forum clause that only keeps the user's home courts, the law a company is registered under.
 */
// Words that make a sentence a term (a finite verb of the kinds terms use); a caption has none.
const TERM_VERB =
  /\b(?:is|are|was|were|be|been|being|will|shall|may|must|can|could|would|should|might|agree\w*|accept\w*|waive\w*|give\w*|grant\w*|have|has|had|do|does|did|don['’]t|won['’]t|can['’]t|reserve\w*|apply|applies|include\w*|means?|govern\w*|exclude\w*|limit\w*|disclaim\w*|terminat\w*|suspend\w*|remov\w*|chang\w*|modif\w*|us(?:e|es|ing)|renew\w*|charg\w*|collect\w*|shar\w*|sell\w*|releas\w*|indemnif\w*|consent\w*|acknowledg\w*|understand\w*|need\w*|require\w*|prohibit\w*|allow\w*|permit\w*)\b/i;

/** A caption: a short run of words without a verb, or a lead-in to a list that states no term. */
function isCaption(sentence: string): boolean {
  const words = sentence.trim().split(/\s+/).length;
  return (words <= 8 || /:\s*$/.test(sentence)) && !TERM_VERB.test(sentence);
}

function isConcerning(sentence: string, c: CategorySlug, leadIn?: string): boolean {
  // A question is a heading ("When could you suspend or close my account?"), no term.
  if (inYourFavour(sentence) || NO_TERM_OF_ITS_OWN.test(sentence) || /\?\s*$/.test(sentence)) return false;
  // An item of a list whose lead-in keeps a protection ("Nothing in this Agreement limits liability for:") keeps it too.
  if (leadIn && inYourFavour(leadIn)) return false;
  // "10.1.5 no class action matters.", "Payment to a bank account at a future date:": a caption, no term.
  if (isCaption(sentence)) return false;
  const gate = definitionOf(c).isConcern;
  if (gate && !gate(sentence)) return false;
  // Its main clause must state the category, not mention it in a condition, an exception or a pointer;
  // an item of a list states it with its lead-in ("We may suspend your account:" + "(a) if you breach these Terms;").
  return statesCategory(leadIn ? `${leadIn} ${sentence.replace(LIST_ITEM, '')}` : sentence, c);
}

/** The rule-based categories of a sentence that is a clause (not a heading), concerning ones only. */
function ruleConcerns(sentence: string, leadIn?: string): CategorySlug[] {
  if (!/\p{L}{2}/u.test(sentence) || isHeading(sentence)) return [];
  return ruleCategories(sentence).filter((c) => isConcerning(sentence, c, leadIn));
}

export interface AnalyzeOptions {
  /** The classifier's model (default: the shipped one); the evaluation passes each fold's. */
  model?: LinearModel;
  /** Give each clause its `kind` (for faithfulness samples and calibration; not part of the API's clause). */
  kinds?: boolean;
}

export function analyzeDocument(text: string, options: AnalyzeOptions = {}): AnalyzedClause[] {
  const model = options.model ?? loadModel();
  const clauses: AnalyzedClause[] = [];
  // A table row is one record, read by its header (tables.ts).
  const rows = tableRows(text);
  const spans = joinRows(text, segmentSentences(text), rows);
  const contexts = sentenceContexts(text, spans);
  // Read as published (detokenised, invisible characters gone); a run-on block is no quotable clause.
  const tableRowOf = spans.map((span) => rowOf(text, span, rows));
  const readable = spans.map(({ start, end }, i) => {
    if (end - start > MAX_CLAUSE_CHARS) return '';
    const row = tableRowOf[i];
    return row ? recordText(row) : detokenise(text.slice(start, end));
  });
  const lists = new DocumentLists(text, spans, readable);
  let names: Names | undefined;
  const namesOfText = () => (names ??= documentNames(text));
  const platform = ownPlatform(text);
  // The lead-in each item of a list is read with, by its sentence (the gates are asked by sentence).
  // A lead-in states its category with its first items ("we may take any of the following measures:" + "suspend your account").
  const leadIns = new Map<string, string>();
  const withItems = new Map<string, string>();
  readable.forEach((s, i) => {
    const leadIn = s ? lists.leadIn(i) : undefined;
    if (leadIn) leadIns.set(s, leadIn);
    if (s && lists.isLeadIn(i))
      withItems.set(
        s,
        joinLeadIn(
          s,
          lists
            .itemsAfter(i)
            .slice(0, MAX_SENTENCES_A_CLAUSE - 1)
            .map((j) => readable[j]),
          0,
        ),
      );
  });
  const concerning = (sentence: string, c: CategorySlug) =>
    isConcerning(sentence, c, leadIns.get(sentence)) || (withItems.has(sentence) && isConcerning(withItems.get(sentence)!, c));
  const learned = scoredDocumentCategories(readable, model, concerning);
  // Most confident first: what the model would flag on its own, then the rules' findings, then what
  // is listed only because the document has the category.
  const categoriesOf = readable.map((sentence, i) => {
    if (!sentence) return [];
    const sure = learned[i].filter((c) => c.margin >= 0).map((c) => c.slug);
    const listedOnly = learned[i].filter((c) => c.margin < 0).map((c) => c.slug);
    return [...new Set([...sure, ...ruleConcerns(sentence, leadIns.get(sentence)), ...listedOnly])];
  });
  const told = new Set<number>(); // items already told with their lead-in
  spans.forEach(({ start }, i) => {
    if (told.has(i) || categoriesOf[i].length === 0) return;
    const items = lists.isLeadIn(i) ? withinClause(lists.itemsAfter(i), spans, start) : [];
    items.forEach((j) => told.add(j));
    const last = items.length ? items[items.length - 1] : i;
    const more = items.length ? lists.itemsAfter(i).length - items.length : 0;
    // A listed lead-in is told with its first items: alone it says neither when nor what.
    const sentence = items.length
      ? joinLeadIn(
          readable[i],
          items.map((j) => readable[j]),
          more,
        )
      : readable[i];
    const categories = primaryFirst(sentence, [...new Set([i, ...items].flatMap((j) => categoriesOf[j]))]);
    const primary = { category: categories[0], ...rateClause(sentence, categories[0]) };
    const leadIn = items.length ? undefined : lists.leadIn(i);
    const partyOf = leadIn ? `${leadIn} ${sentence.replace(LIST_ITEM, '')}` : items.length ? readable[i] : sentence;
    const party = concernParty(ownParty(clauseParty(partyOf), partyOf, platform), sentence, primary.category);
    // The category's rendering where it is grounded in the quote; otherwise the quote made readable.
    // A table row is told as its record, titled by its cell for the category.
    const row = items.length ? undefined : tableRowOf[i];
    const rendered = leadIn || row ? undefined : translateClause(sentence, primary.category, contexts[i]);
    // What the facts readers read from this quote: the title and plain English name nothing else (facts-agreement.ts).
    const facts = factsOfClause(partyOf, primary.category);
    const grounded = rendered !== undefined && groundedIn(rendered, sentence, party) && renderingAgrees(rendered, sentence, primary.category, facts);
    const kind = clauseKind(primary.category, row ? 'table' : grounded ? 'specific' : 'quote');
    // A quote told as it stands is first read for length and wholeness; either way the kind must have earned `high`.
    const readAlone = grounded || row !== undefined || clauseConfidence(sentence, leadIn !== undefined) === 'high';
    const full = row ? rowTitle(row, primary.category, party) : clauseTitle(sentence, primary.category, party);
    // A rendering that was not grounded lends its title no qualifier ("at will", "for rule breaches") it could not carry.
    const titled = row || grounded ? full : plainTitle(full, sentence);
    clauses.push({
      title: titleAgreeing(titled, sentence, primary.category, facts),
      clause_text: text.slice(start, spans[last].end), // quoted verbatim
      plain_english: row ? tellRecord(row) : grounded ? rendered : readableClause(sentence, leadIn, namesOfText),
      party,
      confidence: readAlone ? kindConfidence(kind) : 'low',
      severity: primary.severity,
      category: primary.category,
      categories,
      ai_rating: primary.ai_rating,
      start,
      end: spans[last].end,
      ...(options.kinds ? { kind } : {}),
    });
  });
  return clauses;
}

/** The first items of a list that fit in one clause with their lead-in (at most three sentences in all). */
function withinClause(items: number[], spans: readonly { start: number; end: number }[], start: number): number[] {
  const taken: number[] = [];
  for (const j of items.slice(0, MAX_SENTENCES_A_CLAUSE - 1)) {
    if (spans[j].end - start > MAX_CLAUSE_CHARS) break;
    taken.push(j);
  }
  return taken;
}

/** A platform company acting in its own terms is the provider ("Google may make updates to this Agreement" in Google's). */
function ownParty(party: Party, sentence: string, platform: string | undefined): Party {
  return party === 'third-party' && platform && new RegExp(`^${platform}\\b`, 'i').test(mainClause(sentence)) ? 'provider' : party;
}

/** The party a concern states, where its category knows better (a power held by the provider, a ban on bots binding the user). */
function concernParty(party: Party, sentence: string, category: CategorySlug): Party {
  const byCategory = definitionOf(category).party;
  return byCategory ? byCategory(party, sentence) : party;
}

// The header of the column that says what a row holds for each category ("Governing law", "Courts").
const COLUMN_FOR: Partial<Record<CategorySlug, RegExp>> = {
  'choice-of-law': /\blaws?\b|\bgovern/i,
  jurisdiction: /\bcourts?\b|\bjurisdiction|\bvenue|\bforum|\bdisputes?\b/i,
  arbitration: /\barbitrat/i,
  'limitation-of-liability': /\bliab/i,
  'claim-time-limit': /\btime limit|\bperiod\b/i,
};

const TITLE_QUALIFIER = /\s+(?:at will|for rule breaches|for inactivity|on stated grounds|with notice|without notice)(?=\s*(?:\([^()]*\))?$)/;

/** The title without what only the category's rendering claimed: its qualifier, and an account the quote never names. */
function plainTitle(title: string, quote: string): string {
  const plain = title.replace(TITLE_QUALIFIER, '');
  return /\baccount/i.test(quote)
    ? plain
    : plain.replace(/^Account (termination|suspension)\b/, (_, act: string) => act.charAt(0).toUpperCase() + act.slice(1));
}

/** A table row's title: the category's title of the row's cell for it, read with its header. */
function rowTitle(row: TableRow, category: CategorySlug, party: Party): string {
  const column = COLUMN_FOR[category];
  const i = column ? row.header.findIndex((h) => column.test(h)) : -1;
  const field = i >= 0 && row.cells[i] ? `${row.header[i]}: ${row.cells[i]}` : recordText(row);
  return clauseTitle(field, category, party);
}

/** The category's title, or the one its party calls for (categories/<slug>.ts `partyTitle`). */
function clauseTitle(sentence: string, category: CategorySlug, party: Party): string {
  return definitionOf(category).partyTitle?.(sentence, party) ?? titleClause(sentence, category);
}
