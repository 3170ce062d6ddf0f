// Sentences as the cue patterns read them: canonical lower case (canon), memoised for the
// sentence at hand since every cue asks for it (lc).

/** Lower-case, straight quotes, single spaces: the form every lower-case pattern sees. */
export function canon(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u00b4`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ');
}

// Memoise canon() for the current sentence: every cue calls it on the same string.
let lastRaw = '';
let lastCanon = '';
export function lc(text: string): string {
  if (text !== lastRaw) {
    lastRaw = text;
    lastCanon = canon(text);
  }
  return lastCanon;
}
