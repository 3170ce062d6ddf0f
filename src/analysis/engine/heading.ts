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
 * caption in title case ("Governing Law, Jurisdiction, Class Action Waiver and Time Limitation.") is one too. A
 * short line that binds someone ("2. Bluesky is solely responsible for the App.", "ANY CLAIM SHALL
 * BE ARBITRATED ON AN INDIVIDUAL BASIS.") is no caption. A bare number needs its stop or a dotted
 * part ("18 years or older." is no caption).
 */
function isCaption(t: string): boolean {
  const m = /^\(?\d+(?:(?:\.\d+)+\.?|[.)])\s+(\S.*)$/.exec(t);
  const titled = !m && titleCase(t);
  const caption = m ? m[1] : (!/\p{Ll}/u.test(t) && /\p{Lu}{3}/u.test(t)) || titled ? t : undefined;
  return caption !== undefined && caption.split(/\s+/).length <= (titled ? 14 : 10) && !BINDING_WORDS.test(caption);
}

// Words a title leaves in lower case.
const SMALL_WORD = /^(?:a|an|and|as|at|by|for|from|in|into|of|on|or|the|to|with|vs\.?|&|-|–|—)$/i;

/**
 * A caption written in title case with a closing stop: every word but the small ones capitalised,
 * at least three of them ("Governing Law, Jurisdiction, Class Action Waiver and Time Limitation.").
 */
function titleCase(t: string): boolean {
  // Written all in capitals is another matter (a shouted clause may have no verb of BINDING_WORDS).
  if (t.length > 160 || !/\p{Ll}/u.test(t)) return false;
  const words = t.replace(/[.;:]$/, '').split(/\s+/);
  const capitalised = words.filter((w) => /^[(“"']?\p{Lu}/u.test(w));
  return capitalised.length >= 3 && words.every((w) => SMALL_WORD.test(w) || /^[(“"']?[\p{Lu}\d]/u.test(w));
}
