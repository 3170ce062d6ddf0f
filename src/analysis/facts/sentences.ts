// The sentences the fact readers read, with what a reader needs around each: its paragraph, the lead-in
// of the list it belongs to, the regional version of the terms it sits in, whether it is stated only
// for users of some region ("If you live in the EEA, ...", "Canadian Residents: ..."), and whether it
// is an annotation the terms say has no legal effect ("Summary: ...", "Short version: ..."). The facts
// describe the terms for users in the United States where the terms differ by region, else the first
// version (issue 31, item 5; issue 44, item 5).
import { detokenise } from '../detokenise.js';
import { segmentSentences } from '../engine/segment.js';
import { isRestOfWorld, regionOfLabel, regionOfHeading, regionOfCondition, type Region } from './regions.js';
import type { Evidence } from './types.js';

export type { Region } from './regions.js';

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
  /** Stated only for users of a region other than the United States, by the sentence, its paragraph's first sentence or its list's lead-in. */
  readonly otherRegionOnly: boolean;
  /** Stated for users in the United States by a label of its own line or lead-in ("U.S. Residents: Delaware law; ..."). */
  readonly usLabel: boolean;
  /** A summary, tip or "short version" the terms give beside the clauses, not a clause. */
  readonly annotation: boolean;
  /** The sentence ending in ":" that introduces the list this sentence is an item of, if any. */
  readonly leadIn: number | null;
}

const LONGEST_SENTENCE = 3000;

/** A line that says which users the terms below are for, and how far down it reaches (a numbered heading ends at its next sibling). */
interface Marker {
  region: Region;
  /** The section number of the heading that scopes it ("7.2" for "7.2. Arbitration Agreement (United States)"), if numbered. */
  section: number[] | null;
}

const headingKey = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();

function isHeadingLike(sentence: string): boolean {
  return sentence.length <= 240 && !/[.;,]["'”)\]*]*$/.test(sentence.trim());
}

/** "7.2. Arbitration ..." -> [7, 2]; "Section 21 ..." -> [21]; a title-like line or a short bold title ("13.2 Venue for disputes."). */
function sectionNumber(sentence: string, newLine: boolean): number[] | null {
  if (!newLine) return null;
  const m = /^\W*(?:(?:section|article|clause|part)\s+)?(\d{1,3}(?:\.\d{1,3})*)\.?\s+(?=\p{Lu}|\()/iu.exec(sentence);
  if (!m) return null;
  if (!isHeadingLike(sentence) && sentence.length > 90) return null;
  return m[1].split('.').map(Number);
}

/** `a` comes after `b` in one numbering and is not inside it ("7.3" after "7.2", "8" after "7.2"; not "7.2.1", not a list's "1."). */
function endsSection(a: number[], b: number[]): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] > b[i]) return true;
    if (a[i] < b[i]) return false;
  }
  return false;
}

const ANNOTATION = /^\W*(?:summary|tip|short version|in short|tl;?dr|in plain english|key points?)\s*[:.\-–—]/i;

/**
 * Text extracted from a PDF can be hard-wrapped: every line ends mid-sentence ("THE LAWS OF THE STATE OF CALIFORNIA,"
 * then a blank line, then "EXCLUDING ITS CONFLICTS ..."). In such a document (most long lines end without a stop), a
 * line break after a line that does not end a sentence is read as a space; the length is kept, so offsets still hold.
 */
export function unwrapped(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim());
  const open = (l: string) => l.length >= 40 && !/[.;:!?)"”'’]\s*$/.test(l);
  if (lines.length < 20 || lines.filter(open).length / lines.length < 0.5) return text;
  return text.replace(/([^\n]*)(\n[\n\s]*)(?=\S)/g, (all, line: string, breaks: string) => (open(line) ? line + ' '.repeat(breaks.length) : all));
}

export function factSentences(original: string): FactSentence[] {
  const text = unwrapped(original);
  const spans = segmentSentences(text);
  const readable = spans.map(({ start, end }) => (end - start > LONGEST_SENTENCE ? '' : detokenise(text.slice(start, end))));
  const newLines = spans.map(({ start }, index) => index === 0 || text.slice(spans[index - 1].end, start).includes('\n'));
  const markers = readable.map((s, i) => regionOfHeading(s, isHeadingLike(s), newLines[i]));
  // Without a United States version, the version for the rest of the world is the one its users read.
  if (!markers.includes('us')) markers.forEach((m, i) => m === 'other' && isRestOfWorld(readable[i]) && (markers[i] = 'us'));
  // A marker whose words come again later is an entry of a table of contents, not the start of a version.
  const lastSeen = new Map<string, number>();
  markers.forEach((marker, i) => marker && lastSeen.set(headingKey(readable[i]), i));
  // Paragraphs that open with a region label ("If you are a resident of the European Union: ..."): when the
  // terms use several, each is a section for its users, reaching to the next label or heading.
  const labelOpens = readable.map((s, i) => (newLines[i] && !s.includes(' | ') && /^[^:]{2,60}:\s+\S/.test(s) ? regionOfLabel(s) : null));
  const labelSections = labelOpens.filter(Boolean).length >= 2;
  let labelRegion: Exclude<Region, 'any'> | null = null;
  const out: FactSentence[] = [];
  let paragraph = 0;
  let current: Marker = { region: 'any', section: null };
  let section: number[] | null = null;
  let paragraphLead = -1;
  let annotationParagraph = false;
  let leadIn: number | null = null;
  spans.forEach(({ start, end }, index) => {
    const newLine = newLines[index];
    if (newLine) paragraph++;
    const sentence = readable[index];
    const number = sectionNumber(sentence, newLine);
    if (number) {
      if (current.section && endsSection(number, current.section)) current = { region: 'any', section: null };
      section = number;
    }
    const marker = markers[index] && lastSeen.get(headingKey(sentence)) === index ? markers[index] : null;
    if (marker) current = { region: marker, section: number ?? section };
    if (newLine) {
      paragraphLead = index;
      annotationParagraph = ANNOTATION.test(sentence);
    }
    // A list runs from a line ending in ":" over the following lines until a line that is a heading or a new lead-in.
    const previous = out[index - 1];
    if (previous && /:\s*$/.test(previous.text)) leadIn = previous.index;
    else if (newLine && leadIn !== null && (index - leadIn > 40 || isShortHeading(sentence))) leadIn = null;
    const ownLead = leadIn !== null && leadIn !== index ? leadIn : null;
    if (labelSections && newLines[index]) {
      if (labelOpens[index]) labelRegion = labelOpens[index];
      else if (isHeadingLike(sentence) || number) labelRegion = null;
    }
    const label = regionOfLabel(sentence) ?? (ownLead !== null ? regionOfLabel(out[ownLead].text) : null) ?? labelRegion;
    const own = regionOfCondition(sentence) === 'other';
    const lead = paragraphLead >= 0 && paragraphLead < index ? out[paragraphLead]?.otherRegionOnly === true : false;
    const listed = ownLead !== null && out[ownLead]?.otherRegionOnly === true;
    out.push({
      index,
      start,
      end,
      text: sentence,
      lower: sentence.toLowerCase(),
      paragraph,
      region: current.region,
      otherRegionOnly: label === 'other' || (label !== 'us' && (own || lead || listed)),
      usLabel: label === 'us',
      annotation: annotationParagraph,
      leadIn: ownLead,
    });
  });
  return out;
}

function isShortHeading(sentence: string): boolean {
  return sentence.length < 80 && !/[.;,:]["'”)\]*]*$/.test(sentence.trim()) && !/\b(?:or|and)$/i.test(sentence.trim());
}

const REGION_RANK: Record<Region, number> = { us: 0, any: 1, other: 2 };

const preferred = new WeakMap<readonly FactSentence[], FactSentence[]>();

/** A sentence's rank: labelled or placed in the United States version first, then the whole document, then other regions; annotations last. */
export function rankOf(s: FactSentence): number {
  if (s.annotation) return 7;
  const region = s.usLabel ? 0 : REGION_RANK[s.region];
  return region * 2 + (s.otherRegionOnly ? 1 : 0);
}

/**
 * Sentences in the order a reader should prefer them: the United States version first, then the whole
 * document, then other regions; in each, those not limited to another region first. Sorted once per document.
 */
export function byPreference(sentences: readonly FactSentence[]): FactSentence[] {
  const known = preferred.get(sentences);
  if (known) return known;
  const sorted = [...sentences].sort((a, b) => rankOf(a) - rankOf(b) || a.index - b.index);
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
