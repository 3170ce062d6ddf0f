// What a dispute sentence leaves to the text before it.
// - Its paragraph: "If you are using the Services on behalf of a business, ... binding arbitration
//   under the LCIA Rules. There will be one arbitrator, ... in London": the second sentence binds
//   business users only, though it does not say so; "... exclusively in the courts of England. You
//   consent to the jurisdiction of those courts": "those courts" are the ones named just before.
//   A paragraph is one line of the normalised text (normalise.ts puts headings and list items on
//   lines of their own).
// - Its section, when the section's heading limits it to users of one country: "SCHEDULE 1: UNITED
//   STATES-SPECIFIC TERMS" (WeChat), up to the next such heading.
import { isHeading } from './features.js';
import type { Span } from './segment.js';
import { findSpecifics } from './specifics.js';
import { scopeOf } from './translate-disputes.js';

export interface SentenceContext {
  /** A group of users the paragraph or section limited the sentence to ("If you are a consumer in the EEA"). */
  readonly scope?: string;
  /** Courts named in the paragraph's earlier sentences, in order. */
  readonly courtPlaces: readonly string[];
}

// Scopes about who the user is carry on to the next sentences; "For claims of less than $10,000"
// or "Except as set out below" hold for their own sentence only.
const USER_SCOPE = /^(?:if you\b|for (?:residents|users|consumers)\b)/i;
// A sentence that turns to the other users ends the scope: "Otherwise, ...", "In all other cases, ...".
const TURN = /^(?:otherwise|in all other cases|in any other case|for all other|if you are not\b|however\b)/i;
// "SCHEDULE 1: UNITED STATES-SPECIFIC TERMS", "Canada-Specific Terms"; not "ADDITIONAL COUNTRY-SPECIFIC TERMS".
const COUNTRY_TERMS_HEADING = /^(?:(?:schedule|annex|appendix|exhibit)\s+[\w.]+\s*[:.-]\s*)?([a-z][a-z .]*?)\s*[-\u2010-\u2014 ]specific terms$/i;
const NOT_A_PLACE = /\b(?:additional|country|service|product|feature|region)\b/i;
const WITH_ARTICLE = /^(?:United|European|Republic|Netherlands|Philippines)\b/;

/** "For users in the United States" from a country-specific heading, undefined for other headings. */
function headingScope(heading: string): string | undefined {
  const place = COUNTRY_TERMS_HEADING.exec(heading.trim())?.[1];
  if (!place || NOT_A_PLACE.test(place)) return undefined;
  const named = place === place.toUpperCase() ? place.toLowerCase().replace(/\b(?!and\b|of\b|the\b)\w/g, (c) => c.toUpperCase()) : place;
  return `For users in ${WITH_ARTICLE.test(named) ? 'the ' : ''}${named}`;
}

/** Places in order, once each; a place inside a longer one ("California" in "Los Angeles County, California") gives way to it. */
function mergePlaces(earlier: readonly string[], added: readonly string[]): string[] {
  const all = [...earlier, ...added];
  return all.filter((p, i) => all.indexOf(p) === i && !all.some((q) => q !== p && q.includes(p)));
}

/** The context each sentence inherits, aligned with `spans`. */
export function sentenceContexts(text: string, spans: readonly Span[]): SentenceContext[] {
  let sectionScope: string | undefined;
  let scope: string | undefined;
  let courtPlaces: string[] = [];
  return spans.map((span, i) => {
    const sentence = text.slice(span.start, span.end);
    const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
    if (i === 0 || text.slice(spans[i - 1].end, span.start).includes('\n')) {
      scope = undefined;
      courtPlaces = [];
      // A heading on a line of its own (not an entry of a table of contents) opens a country's
      // section, or closes it when it names no country ("ADDITIONAL COUNTRY-SPECIFIC TERMS").
      const ownLine = /^[ \t]*$/.test(text.slice(lineStart, span.start));
      if (ownLine && isHeading(sentence) && /specific terms\s*$/i.test(sentence)) sectionScope = headingScope(sentence);
    }
    const own = scopeOf(sentence);
    const turn = TURN.test(sentence.trim());
    // A sentence with a scope of its own, or one that turns to the other users, ends the paragraph's.
    if (own || turn) scope = undefined;
    const context: SentenceContext = { scope: scope ?? sectionScope, courtPlaces: [...courtPlaces] };
    if (own && USER_SCOPE.test(own) && !TURN.test(own)) scope = own;
    if (/\bcourts?\b/i.test(sentence)) courtPlaces = mergePlaces(courtPlaces, findSpecifics(sentence).courtPlaces);
    return context;
  });
}
