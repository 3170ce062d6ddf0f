// What a dispute sentence leaves to the text before it.
// - Its paragraph: "If you are using the Services on behalf of a business, ... binding arbitration
//   under the LCIA Rules. There will be one arbitrator, ... in London": the second sentence binds
//   business users only, though it does not say so; "... exclusively in the courts of England. You
//   consent to the jurisdiction of those courts": "those courts" are the ones named just before.
//   A paragraph is one line of the normalised text (normalise.ts puts headings and list items on
//   lines of their own).
// - Its section, when the section's heading limits it to users of one country: "SCHEDULE 1: UNITED
//   STATES-SPECIFIC TERMS" (WeChat), up to the next such heading.
import { isHeading } from './engine/heading.js';
import type { Span } from './engine/segment.js';
import { findSpecifics } from './specifics.js';
import { quietPlaceCase, scopeOf } from './dispute-scope.js';

export interface SentenceContext {
  /** A group of users the paragraph or section limited the sentence to ("If you are a consumer in the EEA"). */
  readonly scope?: string;
  /** Courts named in the paragraph's earlier sentences, in order. */
  readonly courtPlaces: readonly string[];
}

// Scopes about who the user is carry on to the next sentences; "For claims of less than $10,000"
// or "Except as set out below" hold for their own sentence only.
const USER_SCOPE = /^(?:if you\b|for (?:residents|users|consumers)\b)/i;
// A sentence that turns to the other users ends the scope: "Otherwise, ...", "In all other cases, ...",
// "If you live elsewhere", "All other disputes", "Users outside the EEA", "Everyone else".
const TURN =
  /^(?:otherwise|in (?:all |any )?other cases?|for (?:all )?other|all other|every(?:one|body) else|elsewhere|however\b|if you (?:are not|(?:do not|don['’]t) (?:live|reside))\b|if you (?:live|reside|are located|are based) (?:elsewhere|outside)\b|(?:users?|residents?|consumers?|customers?|those) (?:who (?:live|reside|are) )?(?:outside|elsewhere|not)\b)/i;
const ALL_DISPUTES = /^(?:all|any and all) (?:disputes|claims)\b/i;
// Only a dispute sentence's scope carries on ("If you are dissatisfied ..., your sole remedy is ..." does not).
const DISPUTE_WORDS = /\b(?:arbitrat\w*|courts?|jurisdiction|venue|governed by|laws? of|disputes?|claims?|class action|jury|litigation)\b/i;
// At most this many courts are remembered for a paragraph's "those courts".
const MAX_COURTS = 6;
// "SCHEDULE 1: UNITED STATES-SPECIFIC TERMS", "Canada-Specific Terms"; not "ADDITIONAL COUNTRY-SPECIFIC TERMS".
const COUNTRY_TERMS_HEADING = /^(?:(?:schedule|annex|appendix|exhibit)\s+[\w.]+\s*[:.-]\s*)?([a-z][a-z .]*?)\s*[-\u2010-\u2014 ]specific terms$/i;
const NOT_A_PLACE =
  /\b(?:additional|country|service|product|feature|region|jurisdiction|location|state|app|apple|google|android|ios|platform|business|enterprise|developer|partner|creator|advertiser|merchant|seller|api|mobile|web|beta|user|member)\b/i;
const WITH_ARTICLE = /^(?:United|European|Republic|Netherlands|Philippines|U\.S\.|US\b|UK\b|EEA\b|EU\b)/;

/** "For users in the United States" from a country-specific heading, undefined for other headings. */
function headingScope(heading: string): string | undefined {
  // White space collapsed first: the pattern's lazy name and spaces would backtrack over a long run.
  const place = COUNTRY_TERMS_HEADING.exec(heading.trim().replace(/\s+/g, ' '))?.[1];
  if (!place || NOT_A_PLACE.test(place)) return undefined;
  const named = place === place.toUpperCase() ? quietPlaceCase(place) : place;
  return `For users in ${WITH_ARTICLE.test(named) ? 'the ' : ''}${named}`;
}

/**
 * Places in order, once each, the last MAX_COURTS; a place that is part of a longer one
 * ("California" in "Los Angeles County, California" or "Superior Court of California") gives way to
 * it, a name that only ends the same way ("Ireland", "Northern Ireland") does not.
 */
function mergePlaces(earlier: readonly string[], added: readonly string[]): string[] {
  const all = [...new Set([...earlier, ...added])];
  return all.filter((p) => !all.some((q) => q !== p && partOf(p, q))).slice(-MAX_COURTS);
}

function partOf(place: string, longer: string): boolean {
  const at = longer.indexOf(place);
  if (at < 0) return false;
  const before = longer.slice(0, at);
  const after = longer.slice(at + place.length);
  return (before === '' || /(?:,\s*|\bof\s+|\bthe\s+)$/.test(before)) && (after === '' || /^,/.test(after));
}

const MAX_SENTENCE_CHARS = 3000;
const NUMBERED_HEADING = /^\s*(\d+)(?:\.\d+)*\.?\s+[A-Z]/;

/** The heading stands again on a line of its own after `from`: this one is a contents entry. */
function againAsLine(text: string, heading: string, from: number): boolean {
  for (let at = text.indexOf(heading, from); at >= 0; at = text.indexOf(heading, at + 1)) {
    if (/^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at))) return true;
  }
  return false;
}

/** The context each sentence inherits, aligned with `spans`. */
export function sentenceContexts(text: string, spans: readonly Span[]): SentenceContext[] {
  let sectionScope: string | undefined;
  // The top number of the last numbered heading inside the country's section: its own "1. Governing
  // Law", "2. ..." continue it; any other number is the main document again.
  let sectionNumber = 0;
  let scope: string | undefined;
  let courtPlaces: string[] = [];
  return spans.map((span, i) => {
    const sentence = text.slice(span.start, span.end);
    const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
    if (i === 0 || text.slice(spans[i - 1].end, span.start).includes('\n')) {
      scope = undefined;
      courtPlaces = [];
      // A heading on a line of its own opens a country's section, or closes it when it names no
      // country ("ADDITIONAL COUNTRY-SPECIFIC TERMS"); an entry of a table of contents (the same
      // heading again further down) does neither. A numbered heading ("12. GOVERNING LAW") is the
      // main document again and closes it, unless it numbers the section's own parts from 1.
      const ownLine = /^[ \t]*$/.test(text.slice(lineStart, span.start));
      if (ownLine && isHeading(sentence)) {
        const numbered = NUMBERED_HEADING.exec(sentence);
        if (/specific terms\s*$/i.test(sentence) && !againAsLine(text, sentence.trim(), span.end)) {
          sectionScope = headingScope(sentence);
          sectionNumber = 0;
        } else if (numbered) {
          const n = Number(numbered[1]);
          if (sectionScope && (n === sectionNumber || n === sectionNumber + 1)) sectionNumber = n;
          else sectionScope = undefined;
        }
      }
    }
    const own = scopeOf(sentence);
    // "All disputes related to these Terms ... will be brought": a sentence that says it covers all is read as it says.
    const turn = TURN.test(sentence.trim()) || ALL_DISPUTES.test(sentence.trim());
    // A sentence with a scope of its own, or one that turns to the other users, ends the paragraph's.
    if (own || turn) scope = undefined;
    const context: SentenceContext = { scope: scope ?? sectionScope, courtPlaces: [...courtPlaces] };
    if (own && USER_SCOPE.test(own) && !TURN.test(own) && DISPUTE_WORDS.test(sentence)) scope = own;
    // A run-on block that is no clause (analyze.ts skips it too) names no courts worth remembering.
    if (sentence.length <= MAX_SENTENCE_CHARS && /\bcourts?\b/i.test(sentence)) courtPlaces = mergePlaces(courtPlaces, findSpecifics(sentence).courtPlaces);
    return context;
  });
}
