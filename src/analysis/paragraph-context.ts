// What a dispute sentence leaves to the sentences before it in its paragraph. "If you are using the
// Services on behalf of a business, ... binding arbitration under the LCIA Rules. There will be one
// arbitrator, ... in London": the second sentence binds business users only, though it does not
// say so. "... exclusively in the courts of England. You consent to the jurisdiction of those
// courts": "those courts" are the ones named just before. A paragraph is one line of the
// normalised text (normalise.ts puts headings and list items on lines of their own).
import type { Span } from './segment.js';
import { findSpecifics } from './specifics.js';
import { scopeOf } from './translate-disputes.js';

export interface ParagraphContext {
  /** A group of users the paragraph's earlier sentences limited it to ("If you are a consumer in the EEA"). */
  readonly scope?: string;
  /** Courts named in the paragraph's earlier sentences, in order. */
  readonly courtPlaces: readonly string[];
}

export const NO_CONTEXT: ParagraphContext = { courtPlaces: [] };

// Scopes about who the user is carry on to the next sentences; "For claims of less than $10,000"
// or "Except as set out below" hold for their own sentence only.
const USER_SCOPE = /^(?:if you\b|for (?:residents|users|consumers)\b)/i;
// A sentence that turns to the other users ends the scope: "Otherwise, ...", "In all other cases, ...".
const TURN = /^(?:otherwise|in all other cases|in any other case|for all other|if you are not\b|however\b)/i;

/** Places in order, once each; a place inside a longer one ("California" in "Los Angeles County, California") gives way to it. */
function mergePlaces(earlier: readonly string[], added: readonly string[]): string[] {
  const all = [...earlier, ...added];
  return all.filter((p, i) => all.indexOf(p) === i && !all.some((q) => q !== p && q.includes(p)));
}

/** The context each sentence inherits, aligned with `spans`. */
export function paragraphContexts(text: string, spans: readonly Span[]): ParagraphContext[] {
  let scope: string | undefined;
  let courtPlaces: string[] = [];
  return spans.map((span, i) => {
    if (i === 0 || text.slice(spans[i - 1].end, span.start).includes('\n')) {
      scope = undefined;
      courtPlaces = [];
    }
    const sentence = text.slice(span.start, span.end);
    const own = scopeOf(sentence);
    // A sentence with a scope of its own, or one that turns to the other users, inherits none.
    if (own || TURN.test(sentence.trim())) scope = undefined;
    const context: ParagraphContext = { scope, courtPlaces: [...courtPlaces] };
    if (own && USER_SCOPE.test(own) && !TURN.test(own)) scope = own;
    if (/\bcourts?\b/i.test(sentence)) courtPlaces = mergePlaces(courtPlaces, findSpecifics(sentence).courtPlaces);
    return context;
  });
}
