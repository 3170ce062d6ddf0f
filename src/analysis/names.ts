// Proper names of a document, so that a sentence written in capitals is told in the case the
// document itself uses for them ("ACME'S TOTAL LIABILITY" -> "Acme's total liability", not "acme's").
// A name is a word the document writes with a capital inside a sentence and never in lower case:
// "Acme", "Discord", "OnlyFans"; not "Services", which it also writes "services", nor the words of
// its title-case headings.

// A capitalised word right after a word in lower case (or a comma after one): not the opening of a
// sentence, a line or a list item, nor a word of a heading written in title case ("Binding Arbitration").
const INNER_CAPITAL = /\p{Ll},?[ \t]+(\p{Lu}[\p{Ll}\p{N}]*\p{Ll}[\p{L}\p{N}]*)/gu;
// A name is written so at least this often: a single capital may be a defined term or a slip.
const MIN_USES = 2;

export type Names = ReadonlyMap<string, string>;

/** The document's proper names, keyed by their lower case. */
export function documentNames(text: string): Names {
  const uses = new Map<string, { word: string; n: number }>();
  for (const m of text.matchAll(INNER_CAPITAL)) {
    const key = m[1].toLowerCase();
    const seen = uses.get(key) ?? { word: m[1], n: 0 };
    seen.n++;
    uses.set(key, seen);
  }
  const candidates = [...uses].filter(([, u]) => u.n >= MIN_USES);
  if (!candidates.length) return new Map();
  // A word the document also writes in lower case is no name: one pass for all the candidates.
  const alternatives = candidates.map(([key]) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  // (Not inside a web or e-mail address: "www.apple.com" writes no name in lower case.)
  const written = new RegExp(`(?<![\\p{L}\\p{N}./@-])(?:${alternatives})(?![\\p{L}\\p{N}@]|\\.[a-z])`, 'gu');
  const lower = new Set(text.match(written) ?? []);
  return new Map(candidates.filter(([key]) => !lower.has(key)).map(([key, u]) => [key, u.word]));
}

/** A lowered word in the case the document gives it, with its possessive kept ("acme's" -> "Acme's"). */
export function namedCase(word: string, names: Names | undefined): string {
  if (!names) return word;
  const m = /^([\p{L}\p{N}]+)((?:['’]s)?)$/u.exec(word);
  const name = m && names.get(m[1].toLowerCase());
  return name ? `${name}${m[2]}` : word;
}

// Companies the party reader takes for third parties when they act in others' terms (an app store).
const PLATFORM_NAMES = /\b(Apple|Google|Amazon|Microsoft|Stripe|PayPal)\b/g;

/**
 * The platform company whose own terms these are, if one of them is named far more than the others
 * ("Google may make updates to this Agreement" in Google's terms is the provider, not an app store).
 */
export function ownPlatform(text: string): string | undefined {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(PLATFORM_NAMES)) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  const [first, second] = [...counts].sort((a, b) => b[1] - a[1]);
  return first && first[1] >= 10 && first[1] >= 3 * (second?.[1] ?? 0) ? first[0] : undefined;
}
