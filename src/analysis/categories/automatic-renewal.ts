// Automatic renewal: subscriptions renew and charge until cancelled. Detected by rule (the corpus
// does not annotate it); told with its cycle, the cancellation deadline and a full price after a discount.
import { has, negatedBefore } from '../phrases.js';
import type { CategoryDefinition } from './category.js';

function renewalSentence(text: string): string {
  // The renewal period is the one after "every/each" or "successive ... periods", never a cancellation deadline.
  const cycle =
    /\b(?:every|each)\s+((?:\d+|one|two|three|six|twelve)?\s*-?(?:day|week|month|year)s?)\b|\bsuccessive\s+([\w-]+\s*-?(?:day|week|month|year)s?)\b|\b(monthly|annually|yearly|weekly)\b/i.exec(
      text,
    );
  const every = cycle
    ? cycle[3]
      ? ` ${cycle[3].toLowerCase()}`
      : ` every ${(cycle[1] ?? cycle[2])
          .trim()
          .replace(/^(?:one|1)\b[- ]?/i, '')
          .replace('-', ' ')}`
    : '';
  const deadline = /\bcancel\b[^.;]{0,40}\b(?:at least\s+)?((?:\d+|one|two|seven|fourteen|thirty)\s*(?:\(\d+\)\s*)?(?:hours?|days?))\s+(?:before|prior)/i.exec(
    text,
  );
  const before = deadline
    ? `, and you must cancel at least ${deadline[1]} before it renews`
    : has(text, /before|prior/i)
      ? ', and you must cancel before the renewal date'
      : '';
  const fullPrice =
    has(text, /\bfull\b[^.;]{0,30}\b(?:fee|price|rate)\b/i) && has(text, /\bdiscount|\bpromotion|\bcoupon|\btrial\b/i)
      ? '; after a discount or trial it renews at the full price'
      : '';
  return `Your subscription renews and charges you automatically${every} until you cancel${before}${fullPrice}.`;
}

export const automaticRenewal = {
  slug: 'automatic-renewal',
  name: 'Automatic renewal',
  description: 'Subscriptions renew and charge you automatically until you cancel.',
  baseSeverity: 'medium',
  baseRating: 4.5,
  guides: ['renewal-off'],
  rule: (s) =>
    !negatedBefore(s, /(?:be )?(?:automatically )?renew/) &&
    /\b(?:automatically|auto-?)\s?renew|\brenews? automatically\b|\bauto-renew|(?<!\bchanges to [^.]{0,60})\brecurring (?:billing|charges?|payments?|subscription)\b|\bcontinue to (?:be )?(?:charged|billed|charge)\b[^.]{0,80}\buntil\b|\bwill be (?:charged|billed)\b[^.]{0,80}\b(?:each|every|until you cancel)\b/.test(
      s,
    ),
  render: (text) => renewalSentence(text),
  // The rendering states its cycle and cancellation deadline in its own words.
  periodsTold: true,
} as const satisfies CategoryDefinition;
