// What the terms give the user, told apart from the concerns: a clause on a concern's topic (the
// classifier finds it, or it names the topic's words) that gives rather than takes (favour.ts): the user's own
// right ("You may cancel within 14 days"), a duty the provider takes on ("We will notify you 30
// days before"), or consumer law the terms keep ("Nothing in these terms limits your statutory
// rights"). Told as the quote made readable, nothing more; every quote is text.slice(start, end).
import { classifySentence } from './engine/classify.js';
import { detokenise } from './detokenise.js';
import { favourKind, type FavourKind } from './favour.js';
import type { LinearModel } from './engine/model-types.js';
import { readableClause } from './plain-english.js';
import { segmentSentences } from './engine/segment.js';

export interface FavourableClause {
  title: string;
  clause_text: string;
  plain_english: string;
  kind: FavourKind;
  /** The concern's topic the clause is on (a category slug): what it gives the user is about this. */
  category: string;
  start: number;
  end: number;
}

const TITLES: Record<FavourKind, string> = {
  right: 'Your right',
  duty: "The provider's duty",
  'consumer-law': 'Your rights under the law kept',
};

// A concern's topic by its words, in the order checked; the classifier's category comes first where it has one.
const TOPICS: [string, RegExp][] = [
  ['class-action-waiver', /\bclass (?:action|arbitration)|\bjury\b/i],
  ['arbitration', /\barbitrat/i],
  ['jurisdiction', /\bcourts?\b|\bjurisdiction\b|\bvenue\b/i],
  ['choice-of-law', /\bgoverned by\b|\blaws? of (?:the )?(?:country|state|place) (?:where|in which) you\b/i],
  ['limitation-of-liability', /\bliab(?:le|ility)\b|\bdamages\b|\bwarrant(?:y|ies)\b|\bstatutory rights\b|\bconsumer rights\b/i],
  ['automatic-renewal', /\brenew/i],
  ['unilateral-change', /\b(?:chang|modif|amend|updat|revis)\w*\b[^.;]{0,60}\b(?:terms|agreement|prices?|fees|service)\b|\bchanges? (?:\w+ )?takes? effect\b/i],
  ['content-removal', /\b(?:remov|delet|take down)\w*\b[^.;]{0,40}\b(?:content|posts?|uploads?)\b/i],
  ['unilateral-termination', /\b(?:cancel|terminat|end (?:this|the|your)|close your account|delete your account|withdraw from)/i],
  ['data-sharing', /\b(?:personal (?:data|information)|your data)\b[^.;]{0,60}\b(?:shar|sell|disclos|transfer)/i],
  ['content-licence', /\b(?:licen[cs]e|own(?:ership)?)\b[^.;]{0,60}\b(?:content|posts?|uploads?)\b/i],
];

/** The concern's topic the sentence is on: the classifier's first category, else the first topic its words name. */
function topicOf(sentence: string, model?: LinearModel): string | undefined {
  return classifySentence(sentence, model).categories[0] ?? TOPICS.find(([, words]) => words.test(sentence))?.[0];
}

/** Longer than this, a sentence is a run-on block rather than one clause (as in analyze.ts). */
const MAX_CLAUSE_CHARS = 3000;
/** At most this many are told: the page and the answer stay short. */
export const MAX_FAVOURABLE = 30;

export function favourableClauses(text: string, model?: LinearModel): FavourableClause[] {
  const found: FavourableClause[] = [];
  for (const { start, end } of segmentSentences(text)) {
    if (end - start > MAX_CLAUSE_CHARS) continue;
    const sentence = detokenise(text.slice(start, end));
    const kind = favourKind(sentence);
    if (!kind) continue;
    // Only where the clause is on a concern's topic: "you may contact us" is no right worth telling.
    const category = topicOf(sentence, model);
    if (!category) continue;
    found.push({ title: TITLES[kind], clause_text: text.slice(start, end), plain_english: readableClause(sentence), kind, category, start, end });
    if (found.length === MAX_FAVOURABLE) break;
  }
  return found;
}
