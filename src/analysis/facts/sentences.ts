// The sentences the fact readers read, with what a reader needs around each: its paragraph, the lead-in
// of the list it belongs to, the regional version of the terms it sits in, and whether it is stated only
// for users of some region ("If you live in the EEA, ..."). The facts describe the terms for users in
// the United States where the terms differ by region, else the first version (issue 31, item 5).
import { detokenise } from '../detokenise.js';
import { segmentSentences } from '../engine/segment.js';
import type { Evidence } from './types.js';

/** Where a sentence applies: the United States version, a version for other users, or the whole document. */
export type Region = 'us' | 'other' | 'any';

export interface FactSentence {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** As published: tokenisation undone, invisible characters gone. */
  readonly text: string;
  /** The text in lower case, for the readers' cheap keyword tests before their patterns. */
  readonly lower: string;
  /** Sentences of one paragraph (one line of the normalised text) share it. */
  readonly paragraph: number;
  readonly region: Region;
  /** Stated only for users of a region other than the United States, by the sentence or its paragraph's first sentence. */
  readonly otherRegionOnly: boolean;
  /** The sentence ending in ":" that introduces the list this sentence is an item of, if any. */
  readonly leadIn: number | null;
}

const LONGEST_SENTENCE = 3000;

// Words that name users outside the United States ("If you live in the EEA", "for residents of the European Union").
const OTHER_REGION =
  /\b(?:europe\w*|eea|e\.u\.|eu|efta|united kingdom|u\.k\.|uk|switzerland|designated countries|germany|france|brazil|australia|south korea|korea|japan|india|asia[- ]pacific|quebec|canada only|outside (?:of )?the united states|outside (?:of )?the u\.s\.)\b/i;
// Words that include users in the United States ("If you live in the United States", "outside the EEA").
const US_REGION =
  /\bunited states\b|\bu\.s\.(?:a\.)?(?=\W)|\busa\b|\boutside (?:of )?(?:the )?(?:eea|e\.u\.|eu\b|european|efta|united kingdom|uk\b|designated countries)/i;
// A condition on who the sentence is for, at its start: "If you live in ...", "For residents of ...", "Where you are a consumer in ...".
const CONDITION =
  /^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:if|where|when|for|to the extent)\b[^,:;]{0,160}?\b(?:you|users?|consumers?|residents?|members?|customers?)\b[^,:;]{0,160}/i;

/** A line that says which users the terms below are for ("Reddit User Agreement if you live in the EEA", "SCHEDULE 1: UNITED STATES-SPECIFIC TERMS"). */
function regionMarker(sentence: string): Region | null {
  const heading = sentence.length <= 240 && !/[.;,]["'”)\]*]*$/.test(sentence.trim());
  const introduces = /^\W*(?:these terms|this (?:agreement|user agreement|schedule|section)) appl(?:y|ies)\b|\byour terms are\b/i.test(sentence);
  if (!heading && !introduces) return null;
  if (!/\b(?:if you (?:live|reside|are (?:located|based|a resident))|residents? of|users? (?:in|of)|specific terms)\b/i.test(sentence)) return null;
  if (US_REGION.test(sentence) && !/\boutside (?:of )?the united states\b/i.test(sentence)) return 'us';
  return OTHER_REGION.test(sentence) ? 'other' : null;
}

const headingKey = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();

/** The sentence is stated for users of another region only. */
function conditionIsOtherRegion(sentence: string): boolean {
  const condition = CONDITION.exec(sentence)?.[0];
  if (!condition) return false;
  if (US_REGION.test(condition)) return false;
  return OTHER_REGION.test(condition) || /\b(?:designated countries|your country of residence is)\b/i.test(condition);
}

export function factSentences(text: string): FactSentence[] {
  const spans = segmentSentences(text);
  const readable = spans.map(({ start, end }) => (end - start > LONGEST_SENTENCE ? '' : detokenise(text.slice(start, end))));
  const markers = readable.map(regionMarker);
  // A marker whose words come again later is an entry of a table of contents, not the start of a version.
  const lastSeen = new Map<string, number>();
  markers.forEach((marker, i) => marker && lastSeen.set(headingKey(readable[i]), i));
  const out: FactSentence[] = [];
  let paragraph = 0;
  let region: Region = 'any';
  let paragraphLead = -1;
  let leadIn: number | null = null;
  spans.forEach(({ start, end }, index) => {
    const previousEnd = index > 0 ? spans[index - 1].end : 0;
    const newLine = index === 0 || text.slice(previousEnd, start).includes('\n');
    if (newLine) paragraph++;
    const sentence = readable[index];
    const marker = markers[index] && lastSeen.get(headingKey(sentence)) === index ? markers[index] : null;
    if (marker) region = marker;
    if (newLine) paragraphLead = index;
    // A list runs from a line ending in ":" over the following lines until a line that is a heading or a new lead-in.
    const previous = out[index - 1];
    if (previous && /:\s*$/.test(previous.text)) leadIn = previous.index;
    else if (newLine && leadIn !== null && (index - leadIn > 40 || isShortHeading(sentence))) leadIn = null;
    const own = conditionIsOtherRegion(sentence);
    const lead = paragraphLead >= 0 && paragraphLead < index ? out[paragraphLead]?.otherRegionOnly === true : false;
    out.push({
      index,
      start,
      end,
      text: sentence,
      lower: sentence.toLowerCase(),
      paragraph,
      region,
      otherRegionOnly: own || lead || (leadIn !== null && leadIn !== index && out[leadIn]?.otherRegionOnly === true),
      leadIn: leadIn !== null && leadIn !== index ? leadIn : null,
    });
  });
  return out;
}

function isShortHeading(sentence: string): boolean {
  return sentence.length < 80 && !/[.;,:]["'”)\]*]*$/.test(sentence.trim()) && !/\b(?:or|and)$/i.test(sentence.trim());
}

const REGION_RANK: Record<Region, number> = { us: 0, any: 1, other: 2 };

const preferred = new WeakMap<readonly FactSentence[], FactSentence[]>();

/**
 * Sentences in the order a reader should prefer them: the United States version first, then the whole
 * document, then other regions; in each, those not limited to another region first. Sorted once per document.
 */
export function byPreference(sentences: readonly FactSentence[]): FactSentence[] {
  const known = preferred.get(sentences);
  if (known) return known;
  const rank = (s: FactSentence) => REGION_RANK[s.region] * 2 + (s.otherRegionOnly ? 1 : 0);
  const sorted = [...sentences].sort((a, b) => rank(a) - rank(b) || a.index - b.index);
  preferred.set(sentences, sorted);
  return sorted;
}

/** The sentence read with the lead-in of its list ("You may not: ... scrape the Services"). */
export function withLeadIn(sentences: readonly FactSentence[], s: FactSentence): string {
  return s.leadIn === null ? s.text : `${sentences[s.leadIn].text} ${s.text}`;
}

export function evidenceOf(...used: (FactSentence | undefined)[]): Evidence[] {
  // A sentence the terms repeat word for word (one per regional version) is quoted once.
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const s of used) {
    if (!s || seen.has(s.text)) continue;
    seen.add(s.text);
    out.push({ start: s.start, end: s.end, quote: '' });
  }
  return out.sort((a, b) => a.start - b.start);
}
