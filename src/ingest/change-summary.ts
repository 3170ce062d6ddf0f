// A short, human summary of what a change says: a new version of a terms document, a rating that
// moved into another band.
import { BAND_LABELS, inSentence, type BandLevel } from '../analysis/index.js';
import type { Clause } from '../db/schema.js';

/** `english`: whether `text` reads as English (the analysis thread says, see prepare-document.ts). */
export function summariseChange(previousText: string | null, text: string, added: Clause[], removed: Clause[], english: boolean): string {
  const parts: string[] = [];
  if (!english) parts.push('This version is not in English; the analyzer reads English only, so it finds few or no clauses in it.');
  if (previousText === null) {
    parts.push(`First version analysed: ${added.length} concerning clause${added.length === 1 ? '' : 's'} found.`);
  } else {
    const before = new Set(paragraphs(previousText));
    const after = new Set(paragraphs(text));
    const appeared = [...after].filter((p) => !before.has(p)).length;
    const disappeared = [...before].filter((p) => !after.has(p)).length;
    parts.push(`Text: ${appeared} paragraph${appeared === 1 ? '' : 's'} new or changed, ${disappeared} removed or changed.`);
    parts.push(`${added.length} concerning clause${added.length === 1 ? '' : 's'} appeared, ${removed.length} went.`);
  }
  const critical = added.filter((c) => c.severity === 'critical');
  if (critical.length > 0)
    parts.push(
      `New critical: ${critical
        .map((c) => c.title)
        .slice(0, 3)
        .join('; ')}.`,
    );
  return parts.join(' ');
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const bandWords = (level: string) => inSentence(BAND_LABELS[level as BandLevel] ?? level);
const CAUSES: Record<string, string> = { terms: 'a new version of the terms', votes: 'community votes', review: 'a review', analysis: 'a new analysis' };

/**
 * A band change in words (from the one band table, src/analysis/band.ts), for the feeds and the
 * API's changes. A rating that became a placeholder (terms no longer analysed, or not in English)
 * is given no number: "The terms are no longer rated (they were high concern)".
 */
export function bandChangeSummary(band: { from: string; to: string; rating: number; cause: string }): string {
  const after = `after ${CAUSES[band.cause] ?? band.cause}`;
  if (band.to === 'unrated') return `The terms are no longer rated (they were ${bandWords(band.from)}), ${after}.`;
  return `The overall rating is now ${Math.round(band.rating * 10) / 10}/10, ${bandWords(band.to)} (it was ${bandWords(band.from)}), ${after}.`;
}

/** A band change's title: "now high concern (was moderate concern)", "no longer rated (was high concern)". */
export function bandChangeTitle(band: { from: string; to: string }): string {
  return band.to === 'unrated' ? `no longer rated (was ${bandWords(band.from)})` : `now ${bandWords(band.to)} (was ${bandWords(band.from)})`;
}
