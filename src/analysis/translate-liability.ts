// Translation of liability clauses: what the provider refuses to pay for, or the most it will pay.
import { has, list } from './phrases.js';
import type { Specifics } from './specifics.js';

/** What the provider disclaims: the words after "not liable/responsible for", cut at a clause break. */
function liabilityObject(text: string): string | undefined {
  const m = /\b(?:liab(?:le|ility)|responsib(?:le|ility))\b(?: (?:to you|whatsoever))?(?: (?:for|in connection with|related to|arising from|regarding))\s+([^.;:]{3,140})/i.exec(text);
  if (!m) return undefined;
  const words = m[1].replace(/\s*[,(].*$/, '').trim();
  // "responsible for and obliged to control X": no object of its own to quote.
  if (/^(?:and|or|nor)\b/i.test(words)) return undefined;
  return words.length >= 3 ? words.toLowerCase().replace(/\b(?:our|we)\b/g, 'its').replace(/\byour\b/g, 'your') : undefined;
}

/** What the provider refuses to pay, or the most it will pay. */
export function liabilitySentence(text: string, s: Specifics): string {
  const object = liabilityObject(text);
  const paidBack = has(text, /\b(?:amounts?|fees?|sums?)\b[^.;]{0,40}\b(?:paid|you (?:have )?paid)\b|\byou paid\b/i);
  const within = s.periods[0] ? ` in the ${s.periods[0]} before the claim` : '';
  let cap = '';
  if (s.amounts.length && has(text, /\bgreater of\b|\bwhichever is (?:greater|higher|more)\b/i)) cap = `; at most it will pay the greater of ${list(s.amounts, 'or')} and ${paidBack ? `what you paid it${within}` : 'another amount the clause sets'}`;
  else if (s.amounts.length && has(text, /\blesser of\b|\bwhichever is (?:less|lesser|lower|smaller)\b/i)) cap = `; at most it will pay the lesser of ${list(s.amounts, 'or')} and ${paidBack ? `what you paid it${within}` : 'another amount the clause sets'}`;
  else if (s.amounts.length) cap = `; at most it will pay ${list(s.amounts, 'or')}`;
  else if (paidBack && has(text, /\bexceed|\bmore than|\blimited to\b/i)) cap = `; at most it will pay back what you paid it${within}`;
  const damages = ['indirect', 'consequential', 'incidental', 'special', 'punitive', 'exemplary'].filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(text));
  if (damages.length) {
    const profits = has(text, /profit|revenue/i) ? ' and lost profits' : '';
    return `The provider refuses to pay for ${list(damages)} losses${profits}${has(text, /\bdata\b/i) ? ' or lost data' : ''}${cap}.`;
  }
  if (cap) return `The provider caps what it owes you if something goes wrong${cap}.`;
  return object
    ? `The provider says it is not responsible for ${object}, so you carry that risk.`
    : 'The provider limits what it owes you if something goes wrong, so you carry more of the risk.';
}
