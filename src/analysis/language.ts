// A rough check that a document is in English, the only language the analyzer reads: the share
// of its words that are very common English function words (about a third in English prose,
// a few percent in German or French terms).
const COMMON = new Set([
  'the',
  'and',
  'of',
  'to',
  'a',
  'in',
  'you',
  'or',
  'any',
  'for',
  'we',
  'our',
  'your',
  'is',
  'that',
  'by',
  'with',
  'be',
  'this',
  'not',
  'are',
  'on',
  'as',
  'may',
  'will',
  'these',
  'it',
  'from',
  'at',
  'an',
]);

export function looksEnglish(text: string): boolean {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < 50) return true; // too short to judge
  const common = words.filter((w) => COMMON.has(w)).length;
  return common / words.length >= 0.12;
}
