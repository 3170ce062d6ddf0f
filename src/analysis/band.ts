// The band of an overall rating: its words and colour, the one function the page, the API (the
// `band` field), the Atom feed, the MCP tools and the CLI all call. A rating that was not
// measured (terms never analysed, or not in English) has no band of concern: it is "unrated",
// shown in grey, never as good news. The critical-clause floor is in the rating itself
// (overall-rating.ts), so a band read from a stored rating never contradicts a critical clause.

export const BAND_LEVELS = ['low', 'moderate', 'high', 'severe', 'unrated'] as const;
export type BandLevel = (typeof BAND_LEVELS)[number];

export interface Band {
  readonly level: BandLevel;
  /**
   * "High concern" (capitalised, as a label stands alone; lower-case it inside a sentence), or why
   * there is no band ("Not analysed yet", "Terms not in English (French)").
   */
  readonly label: string;
  /** A CSS colour that carries white text at WCAG AA contrast. */
  readonly colour: string;
}

/** Lower bounds, highest first: a rating from 8.5 is severe, from 6.5 high, from 4 moderate. */
const BANDS: readonly (Band & { from: number })[] = [
  { from: 8.5, level: 'severe', label: 'Severe concern', colour: '#991b1b' },
  { from: 6.5, level: 'high', label: 'High concern', colour: '#9a3412' },
  { from: 4, level: 'moderate', label: 'Moderate concern', colour: '#854d0e' },
  { from: -Infinity, level: 'low', label: 'Low concern', colour: '#166534' },
];
const UNRATED_COLOUR = '#4b5563';

/** The colour of each level (the pages' stylesheet is made from it). */
export const BAND_COLOURS: Readonly<Record<BandLevel, string>> = {
  ...(Object.fromEntries(BANDS.map((b) => [b.level, b.colour])) as Record<Exclude<BandLevel, 'unrated'>, string>),
  unrated: UNRATED_COLOUR,
};

/** The words of each level (an unrated one: "Not rated", whatever the reason). */
export const BAND_LABELS: Readonly<Record<BandLevel, string>> = {
  ...(Object.fromEntries(BANDS.map((b) => [b.level, b.label])) as Record<Exclude<BandLevel, 'unrated'>, string>),
  unrated: 'Not rated',
};

/**
 * The band of `rating` (1-10, 10 most concerning). `unrated`: why the rating is a placeholder
 * (the provider's rating_note turned into a short label), or null when it describes the terms.
 */
export function bandOf(rating: number, unrated: string | null = null): Band {
  if (unrated) return { level: 'unrated', label: unrated, colour: UNRATED_COLOUR };
  const { level, label, colour } = BANDS.find((b) => rating >= b.from)!;
  return { level, label, colour };
}

/** What a provider's current terms are (providers.terms_state, kept by src/ingest/terms-state.ts). */
export type TermsStateOf = 'analysed' | 'not-english' | 'not-read-yet';

const LANGUAGES: Readonly<Record<string, string>> = {
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  sv: 'Swedish',
  da: 'Danish',
  no: 'Norwegian',
  fi: 'Finnish',
  cs: 'Czech',
  pl: 'Polish',
  ru: 'Russian',
  tr: 'Turkish',
  ja: 'Japanese',
  zh: 'Chinese',
  ko: 'Korean',
};

/** "not in English (French)", or "not in English" when the language is unknown. */
export function notInEnglish(language: string | null): string {
  const name = language ? (LANGUAGES[language] ?? language) : null;
  return name ? `not in English (${name})` : 'not in English';
}

/**
 * Why a provider has no band, from its stored terms state (never from what a note says): terms
 * never analysed, or not in English (with their language); null when its terms were analysed.
 */
export function unratedLabelOf(state: TermsStateOf, language: string | null): string | null {
  if (state === 'not-read-yet') return 'Not analysed yet';
  if (state === 'not-english') return `Terms ${notInEnglish(language)}`;
  return null;
}

/** A provider's band: the band of its rating while its terms are analysed, else unrated and why. */
export function providerBand(p: { overall_rating: number; terms_state: TermsStateOf; terms_language: string | null }): Band {
  return bandOf(p.overall_rating, unratedLabelOf(p.terms_state, p.terms_language));
}

/**
 * A band's label within a sentence: its first letter lower-cased and nothing else, so that
 * "High concern" reads "6.5 out of 10, high concern" and "Terms not in English (French)" keeps its
 * capitals ("terms not in English (French)").
 */
export function inSentence(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** The bands as a reader reads them, for docs and the page ("1-3.9 low concern, ..."). */
export const BAND_SCALE = 'Bands: below 4 low concern, 4 to 6.4 moderate, 6.5 to 8.4 high, 8.5 and above severe; a critical clause makes it high at least.';
