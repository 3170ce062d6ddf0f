// The words of a terms text: what decides whether a new version really changed the terms.
// Markup, white space, punctuation and case are formatting; runs of letters and digits are words.

export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function sameWords(a: string, b: string): boolean {
  const [x, y] = [wordsOf(a), wordsOf(b)];
  return x.length === y.length && x.every((word, i) => word === y[i]);
}

export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}
