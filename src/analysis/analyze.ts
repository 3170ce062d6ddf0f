// Normalised terms text -> concerning clauses: segment into sentences, decide per document which
// categories it has and which sentences to list under each (document-pass.ts), add the rule-based
// categories, and rate, title and translate each clause by its primary (most confident) category.
// Every clause_text is text.slice(start, end), verbatim; the classifier reads a detokenised copy.
import { loadModel } from './classify.js';
import { detokenise } from './detokenise.js';
import { scoredDocumentCategories } from './document-pass.js';
import { isHeading } from './features.js';
import { DocumentLists, joinLeadIn, LIST_ITEM, MAX_SENTENCES_A_CLAUSE } from './lists.js';
import { inYourFavour } from './favour.js';
import { clauseParty, mainClause, type Party } from './party.js';
import { ruleCategories } from './rules.js';
import type { LinearModel } from './model-types.js';
import { sentenceContexts } from './sentence-context.js';
import { rateClause } from './rate.js';
import { segmentSentences } from './segment.js';
import { homeCourtsOnly } from './translate-disputes.js';
import { isIndemnity, liabilityKind } from './translate-liability.js';
import { userRemoves } from './translate-powers.js';
import { terminationActor } from './translate-termination.js';
import type { Severity } from './taxonomy.js';
import { titleClause, translateClause } from './translate.js';
import { clauseConfidence, groundedIn, readableClause, type Confidence } from './plain-english.js';

export { OVERALL_RATING_FORMULA, overallRating } from './overall-rating.js';

export interface AnalyzedClause {
  title: string;
  clause_text: string;
  plain_english: string;
  severity: Severity;
  /** The primary category: the one the classifier is most confident of (categories[0]). */
  category: string;
  categories: string[];
  ai_rating: number;
  /** Whose right, power or duty the clause states. */
  party: Party;
  /** `low`: a long clause or a fragment; read the quote in full. */
  confidence: Confidence;
  start: number;
  end: number;
}

export const MAX_CLAUSE_CHARS = 3000;

// A copyright counter-notice must state that its sender accepts a court's jurisdiction (17 U.S.C.
// 512(g)(3)(D)): the law's requirement, not a forum the provider imposes.
const COUNTER_NOTICE = /\ba statement that you consent to the jurisdiction\b/i;
// Likewise the warning that a false copyright notice makes its sender liable (17 U.S.C. 512(f)).
const MISREPRESENTATION_WARNING = /\bliable for damages\b[^.]{0,80}\bmaterial(?:ly)? misrepresent/i;

// "X Limited, a company registered under the laws of Ireland": where the provider is incorporated, not the law of the contract.
const COMPANY_LAW = /\b(?:registered|incorporated|organi[sz]ed|established|existing|operating)\b[^.;]{0,40}\bunder the laws? of\b/i;
// Export-control and sanctions laws bind whatever the contract's law ("may be subject to export control
// and economic sanctions laws of the European Union"); only a clause that says what governs the terms is one.
const EXPORT_LAW =
  /\bexport(?:s|ing)?(?: and re-?export)? (?:controls?|administration|laws?|regulations?|restrictions?)\b|\b(?:economic|trade) sanctions\b|\bsanctions (?:laws?|regulations?)\b/i;
const GOVERNS_TERMS =
  /\b(?:these|this|the) (?:terms|agreement|contract)\b[^.;]{0,80}\bgoverned by\b|\bgovern(?:s)? (?:these|this|the) (?:terms|agreement|contract)\b/i;
const GOVERNS = /\bgovern(?:s|ed|ing)?\b|\bapplicable law\b|\blaws? (?:of [^.;]{1,40})?(?:will|shall) apply\b/i;

// Sentences that name other clauses or the user's past rather than setting a term: which sections
// survive termination; an eligibility condition about the past ("You have not been permanently
// suspended").
const NO_TERM_OF_ITS_OWN =
  /\bpreviously (?:been )?(?:disabled|removed|banned|suspended|terminated)\b|\b(?:have|has) previously (?:disabled|removed|banned|suspended|terminated)\b|^(?:these|this|the) (?:terms|agreement|terms of (?:service|use))\b[^.;]{0,40}\bcontains?\b[^.;]{0,80}\b(?:in|at) sections? \d|\b(?:sections?|provisions?|paragraphs?)\b[^.;]{0,60}\bwill survive\b|\bwill survive any (?:termination|expiration)\b|\b(?:have|has) not (?:been )?(?:previously )?(?:permanently )?(?:suspended|removed|banned|terminated|disabled|barred)\b/i;

// "Shazam does not have any obligation to ... remove any user content": a duty denied, no power to remove.
const NO_DUTY_TO_REMOVE = /\bno (?:\w+ )?(?:obligation|duty|responsibility)\b[^.;]{0,60}\b(?:remov|delet|take down)/i;
const MAY_REMOVE = /\b(?:may|can|will|reserves? the right to|is entitled to)\b[^.;]{0,60}\b(?:remov|delet|disabl)/i;
// A change nobody makes is no power of the provider's: "The exchange rate may change between ...",
// "future scientific research may change the interpretation of your results".
const CHANGES_BY_ITSELF = /^(?:in the future,\s*)?(?:the |future |any )?(?:exchange rates?|scientific|science|research|markets?|currency|weather)\b/i;

const TIME_LIMIT =
  /\bwithin\b|\bno later than\b|\bforever barred\b|\btime[- ]barred\b|\bstatute of limitations?\b|\bmust be (?:filed|brought|commenced|initiated)\b[^.;]{0,60}\b(?:years?|months?|days?)\b/i;
const AUTOMATION =
  /\b(?:ro)?bots?\b|\bspider|\bcrawl|\bscrap|\bautomat|\bharvest|\bdata[- ]mining|\bextract|\bmachine learning|\bartificial intelligence|\bAI\b|\btrain/i;

// A liability clause speaks of liability, damages, responsibility, warranties or risk; a rule of conduct
// that forbids "damaging" the service does not.
const LIABILITY_WORDS =
  /\bliab|\bdamages\b|\bresponsib(?:le|ility) for\b|\bno responsibility\b|\bnot (?:be |held )?responsible\b|\bsolely responsible\b|\bwarrant|\bas[- ]is\b|\bas available\b|\bown risk\b|\bremed(?:y|ies)\b|\bguarantee|\bindemn|\blosses\b|\bcompensat/i;

// A termination clause says that something may end; a pointer to a help page whose address reads
// ".../suspended-x-accounts" does not.
const TERMINATION_VERB =
  /\b(?:suspen|terminat|clos|disabl|delet|restrict|block|discontinu|deactivat|cancel|revok|withdraw|shut|remov|refus|ceas)\w*|\b(?:end|ban|stop|lock|limit)(?:s|ed|ped|ned|ing|ping|ning)?\b/i;

/** The sentence without web addresses, with or without a scheme ("help.x.com/managing-your-account/suspended-x-accounts"). */
function withoutLinks(sentence: string): string {
  return sentence.replace(/\b(?:https?:\/\/|www\.)\S+|\b[\w-]+(?:\.[\w-]+)+\/\S*/gi, '');
}

/**
 * Whether the sentence is a concerning clause of the category, rather than stating a protection or
 * a pointer: a liability "limit" that keeps the provider fully liable ("these limits do not apply to
 * death or personal injury"), limits what the user owes or is an app store's pass-through term; the
 * user's own right to end the contract or remove their content; a forum clause that only keeps the
 * user's home courts; a counter-notice's statutory consent or the law's warning against false notices;
 * a link to a help page; a rule of conduct agreed to "in using" something, which binds to no document;
 * the law a company is registered under, or export-control laws, which are no law of the contract.
 */
function isConcerning(sentence: string, c: string): boolean {
  // A question is a heading ("When could you suspend or close my account?"), no term.
  if (inYourFavour(sentence) || NO_TERM_OF_ITS_OWN.test(sentence) || /\?\s*$/.test(sentence)) return false;
  if (c === 'limitation-of-liability')
    return (
      LIABILITY_WORDS.test(sentence) && !['provider-liable', 'user-protected'].includes(liabilityKind(sentence)) && !MISREPRESENTATION_WARNING.test(sentence)
    );
  if (c === 'unilateral-termination') return terminationActor(sentence) !== 'user' && TERMINATION_VERB.test(withoutLinks(sentence));
  if (c === 'content-removal') return !userRemoves(sentence) && !(NO_DUTY_TO_REMOVE.test(sentence) && !MAY_REMOVE.test(sentence));
  if (c === 'unilateral-change') return !CHANGES_BY_ITSELF.test(mainClause(sentence));
  // A time limit on claims, not a waiting period ("30 days to resolve informally before filing").
  if (c === 'claim-time-limit') return TIME_LIMIT.test(sentence);
  // Malware ("viruses, worms, cancelbots") is no automated access.
  if (c === 'automated-access') return AUTOMATION.test(sentence.replace(/\bcancel ?bots?\b/gi, ''));
  if (c === 'contract-by-using') return bindsToDocument(sentence) && BY_USING.test(sentence) && !AGREES_TO_RECEIVE.test(sentence);
  if (c === 'jurisdiction') return !COUNTER_NOTICE.test(sentence) && !homeCourtsOnly(sentence);
  if (c === 'choice-of-law') return namesTheContractsLaw(sentence);
  return true;
}

/** The rule-based categories of a sentence that is a clause (not a heading), concerning ones only. */
function ruleConcerns(sentence: string): string[] {
  if (!/\p{L}{2}/u.test(sentence) || isHeading(sentence)) return [];
  return ruleCategories(sentence).filter((c) => isConcerning(sentence, c));
}

// Use binds the user to a document or a change ("you agree to these Terms", "constitutes your binding
// acceptance of such changes", "you agree to these TOS"), not to a rule of conduct ("In using these channels, you agree to submit reports in good faith").
const AGREES = /\b(?:agree|consent|accept|bound|binding|acceptance|subject to)\w*\b/i;
const TO_A_DOCUMENT =
  /\b(?:terms|tos|eula|agreement|polic\w*|conditions|rules|guidelines|changes|modifications|revised|updated|version|contract)\b|\bbound\b|\bacceptance\b/i;

// Being bound comes from using, visiting, registering or continuing: "by accepting these terms you
// agree to receive electronic communications" binds to receiving mail, not to terms by use.
const BY_USING =
  /\b(?:us(?:e|es|ed|ing)|access(?:es|ed|ing)?|visit(?:s|ed|ing)?|brows(?:e|es|ed|ing)|download(?:s|ed|ing)?|install(?:s|ed|ing)?|regist(?:er|ers|ered|ering|ration)|sign(?:s|ed|ing)? up|continu(?:e|es|ed|ing|ation)|click(?:s|ed|ing)?|creat(?:e|es|ed|ing) an account|open(?:s|ed|ing)? an account|do not agree|don['’]t agree)\b/i;
// Consent to receiving mail or to what is done with data ("you consent to the collection and use of this information") binds to no document.
const AGREES_TO_RECEIVE =
  /\bagree to receive\b|\bconsent to receiv|\b(?:consent|agree)\w* to (?:the |our |its )?(?:collection|processing|transfer|use|storage|sharing)\b(?! of (?:the |these |our )?(?:terms|services?))/i;

/** A law the contract is governed by, not the law a company is registered under or export-control law. */
function namesTheContractsLaw(sentence: string): boolean {
  if (EXPORT_LAW.test(sentence)) return GOVERNS_TERMS.test(sentence);
  return !COMPANY_LAW.test(sentence) || GOVERNS.test(sentence);
}

function bindsToDocument(sentence: string): boolean {
  return AGREES.test(sentence) && TO_A_DOCUMENT.test(sentence);
}

// What a removal-or-termination clause really ends: the user's account, access or contract, or
// only content ("restrict access to or remove any content, including yours").
const ENDS_ACCOUNT =
  /\bterminat\w*\b[^.;]{0,40}\b(?:agreement|accounts?|license|licence|access|use or participation)\b|\b(?:suspend|close|disable|delete)\w* (?:your|the user['’]s) account\b|\b(?:suspend|terminat)\w*(?: or (?:suspend|terminat)\w*)? (?:users|accounts)\b|\bdeny access to (?:and use of )?the service\b/gi;
const ENDS_CONTENT = /\b(?:remove|restrict access to|disable)\b[^.;]{0,40}\b(?:content|contributions|posts)\b/i;
// The provider's power that governs it: "We may ...", "Twitch reserves the right, ..., to terminate".
const POWER = /\b(?:[Ww]e|WE|[A-Z][\w']+)\s+(?:may|can|will|shall|reserves? the right|MAY|CAN|WILL|SHALL|RESERVES? THE RIGHT)\b/g;
// A user as the subject in between: "... and users who terminate their account".
const USER_SUBJECT = /\b(?:you|users?)\s+(?:who\s+|that\s+)?(?:may|can|will|shall|terminat|delet|clos|cancel)/i;

/** The clause gives the provider a power to end the user's account, access or contract (not "where your access is terminated"). */
function endsAccount(sentence: string): boolean {
  return [...sentence.matchAll(ENDS_ACCOUNT)].some((m) => {
    const before = sentence.slice(Math.max(0, m.index - 160), m.index);
    const power = [...before.matchAll(POWER)].pop();
    return power !== undefined && !USER_SUBJECT.test(before.slice(power.index + power[0].length) + m[0]);
  });
}

/**
 * Removal and termination are often confused by the classifier. Of the two, a clause whose power
 * may end the user's account, access or contract is told as a termination even where the classifier
 * is surer of removal (losing the account is the larger loss); a termination that only acts on
 * content is told as a removal. Nothing is added that the classifier did not find.
 */
export function primaryFirst(sentence: string, categories: string[]): string[] {
  const removal = categories.includes('content-removal');
  const termination = categories.includes('unilateral-termination');
  const others = categories.filter((c) => c !== 'content-removal' && c !== 'unilateral-termination');
  const account = (removal || termination) && endsAccount(sentence);
  if (removal && termination && account && terminationActor(sentence) !== 'user') return ['unilateral-termination', 'content-removal', ...others];
  if (termination && !account && ENDS_CONTENT.test(sentence)) return ['content-removal', ...(removal ? ['unilateral-termination'] : []), ...others];
  return indemnityFirst(sentence, categories);
}

/** A liability sentence in which the user indemnifies the provider is told as the indemnity it is, where the classifier found one. */
function indemnityFirst(sentence: string, categories: string[]): string[] {
  if (categories[0] !== 'limitation-of-liability' || !categories.includes('indemnification') || !isIndemnity(sentence)) return categories;
  return ['indemnification', ...categories.filter((c) => c !== 'indemnification')];
}

export interface AnalyzeOptions {
  /** The classifier's model (default: the shipped one); the evaluation passes each fold's. */
  model?: LinearModel;
}

export function analyzeDocument(text: string, options: AnalyzeOptions = {}): AnalyzedClause[] {
  const model = options.model ?? loadModel();
  const clauses: AnalyzedClause[] = [];
  const spans = segmentSentences(text);
  const contexts = sentenceContexts(text, spans);
  // Read as published (detokenised, invisible characters gone); a run-on block is no quotable clause.
  const readable = spans.map(({ start, end }) => (end - start > MAX_CLAUSE_CHARS ? '' : detokenise(text.slice(start, end))));
  const learned = scoredDocumentCategories(readable, model, isConcerning);
  const lists = new DocumentLists(text, spans, readable);
  // Most confident first: what the model would flag on its own, then the rules' findings, then what
  // is listed only because the document has the category.
  const categoriesOf = readable.map((sentence, i) => {
    if (!sentence) return [];
    const sure = learned[i].filter((c) => c.margin >= 0).map((c) => c.slug);
    const listedOnly = learned[i].filter((c) => c.margin < 0).map((c) => c.slug);
    return [...new Set([...sure, ...ruleConcerns(sentence), ...listedOnly])];
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
    const party = concernParty(
      clauseParty(leadIn ? `${leadIn} ${sentence.replace(LIST_ITEM, '')}` : items.length ? readable[i] : sentence),
      sentence,
      primary.category,
    );
    // The category's rendering where it is grounded in the quote; otherwise the quote made readable.
    const rendered = leadIn ? undefined : translateClause(sentence, primary.category, contexts[i]);
    const grounded = rendered !== undefined && groundedIn(rendered, sentence, party);
    clauses.push({
      title: clauseTitle(sentence, primary.category, party),
      clause_text: text.slice(start, spans[last].end), // quoted verbatim
      plain_english: grounded ? rendered : readableClause(sentence, leadIn),
      party,
      confidence: grounded ? 'high' : clauseConfidence(sentence, leadIn !== undefined),
      severity: primary.severity,
      category: primary.category,
      categories,
      ai_rating: primary.ai_rating,
      start,
      end: spans[last].end,
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

// What the user takes on themselves ("at your own risk", "you are solely responsible", "you must compensate").
const USERS_OWN =
  /\b(?:at your (?:own|sole) (?:risk|discretion)|you (?:are|will be|shall be|remain) (?:solely |fully |entirely )?(?:responsible|liable)|your (?:sole )?responsibility|you (?:must|will|shall|agree to) (?:compensate|reimburse|pay for))\b/i;

// The provider's power stated anywhere in the clause ("You are responsible for your content: But we can remove it").
const PROVIDER_POWER = /\b(?:we|the provider)\s+(?:\w+ly\s+|also\s+)?(?:may|can|might|will|reserves?)\b/i;
const POWER_CATEGORIES = new Set(['content-removal', 'unilateral-termination', 'unilateral-change']);

/**
 * The party a concern states. A power category's clause that gives the provider the power is the
 * provider's whatever comes first; a ban on automated access binds the user unless the provider is
 * its subject (an item "scrape or otherwise collect any data" has none).
 */
function concernParty(party: Party, sentence: string, category: string): Party {
  if (party === 'user' && POWER_CATEGORIES.has(category) && PROVIDER_POWER.test(sentence)) return 'provider';
  if (party === 'provider' && category === 'automated-access' && !/^(?:we|the provider)\b/i.test(mainClause(sentence))) return 'user';
  return party;
}

/** The category's title; a liability clause whose party is the user is titled so only where it puts something on the user. */
function clauseTitle(sentence: string, category: string, party: Party): string {
  if (category === 'limitation-of-liability' && party === 'user' && USERS_OWN.test(sentence)) return 'Your own responsibility';
  // "If you elect mass arbitration, you agree to the procedures below": a step the user takes, no forced arbitration.
  if (category === 'arbitration' && party === 'user') return 'Arbitration procedure';
  return titleClause(sentence, category);
}
