// Wording shared by the pages: what a rating means, how dates and numbers read.
import { NOT_ENGLISH_NOTE, NOT_RATED_NOTE } from '../repositories/providers.js';

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

/**
 * A rating that was not measured must not look like good news: a provider whose terms were never
 * analysed, or are not in English, shows this label (in grey) instead of a number and a band.
 */
export function unratedLabel(ratingNote: string | null): string | null {
  if (ratingNote === NOT_RATED_NOTE) return 'Not analysed yet';
  if (ratingNote === NOT_ENGLISH_NOTE) return 'Terms not in English';
  return null;
}

export const RATING_SCALE = 'Ratings run from 1 to 10, where 10 is the most concerning.';

/**
 * How the overall rating is made, in a reader's words (the formula is in
 * src/analysis/overall-rating.ts; test/site/pages.test.ts checks that the two agree).
 */
export const RATING_HOW =
  'Each concerning clause found in the current terms has a rating from 1 to 10, given by the analyzer and, once agents rate it, mostly by them. ' +
  'The overall rating starts from the most concerning clauses and adds weight for each of the powers readers fear most that the terms give: ' +
  'binding arbitration, a class-action waiver, termination at will, changes without notice, a broad licence to your content and a liability cap. ' +
  'Terms with none of these and few concerning clauses rate low; terms with several rate high.';

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
