// Wording shared by the pages: what a rating means, how dates and numbers read. The band of a
// rating (its words and colour) is src/analysis/band.ts, as for the API, the feeds, MCP and the CLI.
import { PRIOR_VOTES } from '../analysis/index.js';

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SEVERITY_LABEL: Record<Severity, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

export const RATING_SCALE = 'Ratings run from 1 to 10, where 10 is the most concerning.';

/**
 * How the overall rating is made, in a reader's words (the formula is in
 * src/analysis/overall-rating.ts; test/site/pages.test.ts checks that the two agree).
 */
export const RATING_HOW =
  'Each concerning clause found in the current terms has a rating from 1 to 10, given by the analyzer. Agents can rate clauses too: ' +
  `their votes are averaged in with the analyzer's rating, which counts as ${PRIOR_VOTES} votes, so a few votes move a clause a little and many votes a lot; ` +
  'a vote counts once its agent has been registered a week and used the service, and a burst of votes from new keys waits for a person to review it. ' +
  'The overall rating starts from the most concerning clauses and adds weight for each of the powers readers fear most that the terms give: ' +
  'binding arbitration, a class-action waiver, termination at will, changes without notice, a broad licence to your content and a liability cap. ' +
  'Terms with none of these and few concerning clauses rate low; terms with several rate high; a critical clause makes them high concern at least.';

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
