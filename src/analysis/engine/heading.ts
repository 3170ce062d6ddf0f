// Headings and captions: lines that name a topic but bind no one, never a clause. Imports nothing,
// so that what reads paragraphs (sentence-context.ts) needs nothing of the classifier.

/**
 * A heading or caption rather than a clause: at most 12 words and no closing punctuation
 * ("Dispute Resolution by Binding Arbitration"). A heading names a topic but binds no one, so
 * it is never reported as a clause; list fragments ending in "or"/"and" are not headings.
 */
export function isHeading(text: string): boolean {
  const t = text.trim();
  if (isCaption(t)) return true;
  if (/[.;:,!?]["')\]]*$/.test(t) || /\b(?:or|and)$/i.test(t)) return false;
  return t.split(/\s+/).length <= 12;
}

/** Words that make a short line bind someone, so that it is a clause and no caption. */
const BINDING_WORDS = /\b(?:will|shall|may|must|can|cannot|is|are|was|be|agree|waive|you|we|our|us|not|no)\b/i;

/**
 * A section caption with a closing full stop. Numbered: "13. LIMITATION OF LIABILITY.", "19.1
 * Binding arbitration, Disputes; small claims.", "11. User's responsibility related to account and
 * password, etc."; or in capitals: "ARBITRATION AGREEMENT.", "AGREEMENT TO ARBITRATE; WAIVER OF CLASS
 * ACTION."; an item of a list in capitals ("LOSS OF PROFITS;") is no clause on its own either. A
 * short line that binds someone ("2. Bluesky is solely responsible for the App.", "ANY CLAIM SHALL
 * BE ARBITRATED ON AN INDIVIDUAL BASIS.") is no caption. A bare number needs its stop or a dotted
 * part ("18 years or older." is no caption).
 */
function isCaption(t: string): boolean {
  const m = /^\(?\d+(?:(?:\.\d+)+\.?|[.)])\s+(\S.*)$/.exec(t);
  const caption = m ? m[1] : !/\p{Ll}/u.test(t) && /\p{Lu}{3}/u.test(t) ? t : undefined;
  return caption !== undefined && caption.split(/\s+/).length <= 10 && !BINDING_WORDS.test(caption);
}
