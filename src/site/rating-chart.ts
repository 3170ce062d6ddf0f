// "The rating over time" on a provider page: a small inline SVG, no JavaScript. The bands of the
// scale are shaded in their colours, each point of the rating's history is a dot (its value, date
// and cause in its <title>), the line steps from one to the next and runs on to today. A table
// below it, in a <details>, says the same in words for readers who do not see the picture.
import { BAND_COLOURS } from '../analysis/index.js';
import type { RatingPointView } from '../repositories/views.js';
import { formatDate, formatRating } from './format.js';
import { html, SafeHtml } from './html.js';

const W = 320;
const H = 96;
const PAD = { left: 22, right: 8, top: 6, bottom: 6 };
const CAUSE: Record<RatingPointView['cause'], string> = {
  terms: 'new version of the terms',
  votes: 'community votes',
  review: 'review',
  analysis: 'analysis',
};

const y = (rating: number) => PAD.top + ((10 - rating) / 9) * (H - PAD.top - PAD.bottom);
const n1 = (v: number) => Math.round(v * 10) / 10;

export function ratingChart(points: readonly RatingPointView[], now: Date): SafeHtml | string {
  if (points.length === 0) return '';
  const times = points.map((p) => new Date(p.at).getTime());
  const first = times[0]!;
  const last = Math.max(now.getTime(), times.at(-1)! + 1);
  const x = (t: number) => PAD.left + ((t - first) / (last - first)) * (W - PAD.left - PAD.right);
  // A step line: each rating holds until the next point, and the last until today.
  const steps = points.flatMap((p, i) => {
    const to = i + 1 < points.length ? times[i + 1]! : last;
    return [`${n1(x(times[i]!))},${n1(y(p.overall_rating))}`, `${n1(x(to))},${n1(y(p.overall_rating))}`];
  });
  const bands: [number, number, keyof typeof BAND_COLOURS][] = [
    [8.5, 10, 'severe'],
    [6.5, 8.5, 'high'],
    [4, 6.5, 'moderate'],
    [1, 4, 'low'],
  ];
  const from = points[0]!;
  const to = points.at(-1)!;
  const label = `Overall rating over time: ${formatRating(from.overall_rating)} on ${formatDate(new Date(from.at))}${
    points.length > 1 ? `, ${formatRating(to.overall_rating)} since ${formatDate(new Date(to.at))}` : ', unchanged since'
  }.`;
  const svg = `<svg class="rating-chart" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${label}" xmlns="http://www.w3.org/2000/svg">${bands
    .map(
      ([lo, hi, level]) =>
        `<rect x="${PAD.left}" y="${n1(y(hi))}" width="${W - PAD.left - PAD.right}" height="${n1(y(lo) - y(hi))}" fill="${BAND_COLOURS[level]}" fill-opacity="0.12"/>`,
    )
    .join(
      '',
    )}${[1, 4, 6.5, 8.5, 10].map((v) => `<text x="${PAD.left - 3}" y="${n1(y(v) + 3)}" text-anchor="end" font-size="8" fill="#4b5563">${v}</text>`).join('')}<polyline points="${steps.join(' ')}" fill="none" stroke="#1f2937" stroke-width="1.5"/>${points
    .map(
      (p, i) =>
        `<circle cx="${n1(x(times[i]!))}" cy="${n1(y(p.overall_rating))}" r="3" fill="${BAND_COLOURS[p.band]}"><title>${formatRating(p.overall_rating)}/10 on ${formatDate(new Date(p.at))} (${CAUSE[p.cause]})</title></circle>`,
    )
    .join('')}</svg>`;
  return html`<figure class="history">
<figcaption>The rating over time</figcaption>
${new SafeHtml(svg)}
<details><summary>The points in words</summary>
<table class="history-table"><thead><tr><th scope="col">Date</th><th scope="col">Rating</th><th scope="col">Why it moved</th></tr></thead>
<tbody>${[...points].reverse().map((p) => html`<tr><td><time datetime="${new Date(p.at).toISOString()}">${formatDate(new Date(p.at))}</time></td><td>${formatRating(p.overall_rating)}/10</td><td>${CAUSE[p.cause]}</td></tr>`)}</tbody></table>
</details>
</figure>`;
}
