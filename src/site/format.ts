// Wording shared by the pages: what a rating means, how dates and numbers read.

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SEVERITY_LABEL: Record<Severity, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

export interface RatingBand {
  /** CSS class suffix. */
  band: 'low' | 'moderate' | 'high' | 'severe';
  label: string;
}

/** Ratings run from 1 to 10, where 10 is the most concerning. */
export function ratingBand(rating: number): RatingBand {
  if (rating >= 8.5) return { band: 'severe', label: 'Severe concern' };
  if (rating >= 6.5) return { band: 'high', label: 'High concern' };
  if (rating >= 4) return { band: 'moderate', label: 'Moderate concern' };
  return { band: 'low', label: 'Low concern' };
}

export const RATING_SCALE = 'Ratings run from 1 to 10, where 10 is the most concerning.';

export const DISCLAIMER = 'Ratings are AI-generated at first, reflect public opinion and are not legal advice.';

/** One decimal at most: 7, 7.5. */
export function formatRating(rating: number): string {
  return String(Math.round(rating * 10) / 10);
}

// UTC and a fixed locale, so a page reads the same wherever the server runs.
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function formatDate(date: Date): string {
  return DATE.format(date);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
