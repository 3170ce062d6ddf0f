// Undoes Penn-Treebank tokenisation, as in the CLAUDETTE releases of terms documents
// ("you agree -lrb- `` terms '' -rrb- that we ca n't ..."), so that a tokenised sentence is
// classified like the same sentence as published ("you agree ("terms") that we can't ...").
// Used on the copy of a sentence that the classifier reads, never on the text that is quoted.
// Text that is not tokenised passes through unchanged apart from spaces before punctuation.

const BRACKETS: Record<string, string> = {
  '-lrb-': '(',
  '-rrb-': ')',
  '-lsb-': '[',
  '-rsb-': ']',
  '-lcb-': '{',
  '-rcb-': '}',
};

/** A cheap test: does the text carry PTB tokenisation marks? */
export function looksTokenised(text: string): boolean {
  return /-[lr][rsc]b-|``|''| [,.;:?!] | [,.;:?!]$| n't\b| '(?:s|re|ve|ll|d|m)\b/i.test(text);
}

/** Soft hyphens and zero-width characters, which split words without being seen. */
// eslint-disable-next-line no-misleading-character-class -- each character is removed on its own, none joins another
const INVISIBLE = /[\u200b\u200c\u200d\u2060\ufeff\u00ad]/g;

/** The sentence as the classifier and the translations read it: invisible characters gone, tokenisation undone. */
export function detokenise(raw: string): string {
  const text = raw.replace(INVISIBLE, '');
  if (!looksTokenised(text)) return text;
  return text
    .replace(/-[lr][rsc]b-/gi, (m) => BRACKETS[m.toLowerCase()] ?? m)
    .replace(/``\s*/g, '"')
    .replace(/\s*''/g, '"')
    .replace(/ (n't)\b/gi, '$1')
    .replace(/ ('(?:s|re|ve|ll|d|m))\b/gi, '$1')
    .replace(/ +([,.;:?!%)\]}])/g, '$1')
    .replace(/([([{$]) +/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
