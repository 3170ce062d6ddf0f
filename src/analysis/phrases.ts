// Small phrase builders shared by the translations: how broadly a power is held (any time, any
// reason, discretion), whether and how the user is told first, and English list joining. Each
// reads the clause itself, so two clauses of one category get different words when they differ.
import type { Specifics } from './specifics.js';

export const has = (text: string, re: RegExp): boolean => re.test(text);

export function list(values: string[], conjunction = 'and'): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} ${conjunction} ${values[values.length - 1]}`;
}

const NO_NOTICE = /\bwithout (?:any |prior |advance |further )?(?:notice|warning|notification|telling you)\b/i;
const MAYBE_NO_NOTICE = /\bwith or without (?:prior |advance )?notice\b/i;
const NOT_ALWAYS_NOTICE = /\b(?:won['’]t|will not|may not|not) always\b|\btry to (?:notify|tell|inform)/i;
const MAY_NOTIFY = /\bmay (?:also )?(?:notify|inform|tell) you\b/i;
const NOTICE_GIVEN =
  /\b(?:reasonable|prior|advance|written) notice\b|\bwith notice\b|\bnotice period\b|\bnotify(?:ing)? (?:you|the other)\b|\bby notifying\b|\bby (?:providing|giving|sending)(?: you)? (?:notice|an email)|\bwe will (?:tell|inform|let you know|notify)|\b(?:communicate|tell you|inform you|let you know)\b[^.;]{0,60}\b(?:in advance|beforehand|before)\b|\bupon (?:reasonable )?notice\b/i;
const PROMISED_NOTICE = /(?:\b(?:never|not)|n['’]t)\b[^.;]{0,80}\bwithout (?:any |prior |advance |further )?(?:notice|warning|notification)\b/i;
const SIGNIFICANT_ONLY = /\b(?:notify|tell|inform) you (?:of|about) (?:any )?(?:significant|material|important) changes\b/i;
const NOTICE_AS_ACTION = /\binclud\w* notifying you\b/i;
// "with no such notice being required in urgent situations": notice, except when urgent.
const URGENT_EXCEPTION = /\bno (?:such )?notice (?:being |is |will be )?required in urgent|\bexcept in (?:urgent|emergency)/i;

/** How the user learns of the provider's act first, as a phrase ("with 30 days' notice"), or ''. */
export function noticePhrase(text: string, s: Specifics): string {
  if (MAYBE_NO_NOTICE.test(text)) return 'possibly without telling you first';
  // "will notify you of any significant changes" (while small ones may go untold).
  if (SIGNIFICANT_ONLY.test(text) && !negatedBefore(text, SIGNIFICANT_ONLY)) return 'telling you of significant changes';
  if (NOT_ALWAYS_NOTICE.test(text) && (NOTICE_GIVEN.test(text) || /\bnotice|\bnotify/i.test(text))) return 'not always telling you first';
  // "We will never change these Terms without prior notice": a promise of notice.
  if (NO_NOTICE.test(text)) return PROMISED_NOTICE.test(text) ? 'after telling you' : 'without telling you first';
  // "appropriate action that may include notifying you, ..., disabling an account": telling you is one
  // of the possible actions, not a promise made before the others.
  if (NOTICE_AS_ACTION.test(text)) return '';
  const urgent = URGENT_EXCEPTION.test(text) ? ' (none in urgent cases)' : '';
  const period = s.periods.find((p) =>
    new RegExp(
      `${escapeRegExp(p)}[’']?s?'?\\s*(?:prior |advance |written )?notice|notice period of ${escapeRegExp(p)}|${escapeRegExp(p)} (?:in advance|beforehand)`,
      'i',
    ).test(text),
  );
  if (period) return `${has(text, /\b(?:no|not) less than|\bat least\b/i) ? 'with at least' : 'with'} ${period}' notice${urgent}`;
  if (MAY_NOTIFY.test(text)) return 'possibly telling you first';
  if (NOTICE_GIVEN.test(text)) return `after telling you${urgent}`;
  if (/\bby posting\b|\bupon publication\b/i.test(text)) return 'by posting the change';
  return '';
}

/** The clause with "Terms of Service/Use" folded to "Terms", so "service" means the service. */
export function withoutTitleWords(text: string): string {
  return text.replace(/\bterms of (?:service|use)\b/gi, 'Terms');
}

/** The user's own courts: "where you live", "your home courts", "the court in which your address is located". */
export const HOME_COURTS =
  /\bwhere you (?:live|reside)\b|\b(?:your|their) (?:home|local) courts?\b|\b(?:country|place|state) of (?:your )?(?:residence|domicile)\b|\bhabitual residence\b|\bin which your address is located\b/i;

/** The clause without "regardless of / depending on where you live", which names no home court. */
export function withoutWhereverYouLive(text: string): string {
  return text.replace(
    /\b(?:regardless of|depending on|no matter|irrespective of|even if you live (?:somewhere|elsewhere)|wherever)\b[^,.;]{0,20}?\bwhere you (?:live|reside)\b/gi,
    '',
  );
}

// Compiled once per word pattern: rules call this for every sentence of every document.
const NEGATED_PATTERNS = new Map<string, RegExp>();

/** A negation shortly before a word: "will not renew", "is never sold", "don’t sell". */
export function negatedBefore(text: string, word: RegExp): boolean {
  let pattern = NEGATED_PATTERNS.get(word.source);
  if (!pattern) {
    pattern = new RegExp(`(?:\\b(?:not|never|no|cannot)|n['’]t)\\b(?:\\s+\\w+){0,3}?\\s+(?:${word.source})`, 'i');
    NEGATED_PATTERNS.set(word.source, pattern);
  }
  return pattern.test(text);
}

/** Breadth of a power: at any time, for any reason, at its own discretion. */
export function breadthWords(text: string): string[] {
  const parts: string[] = [];
  if (has(text, /\bat any time\b/i)) parts.push('at any time');
  if (
    has(
      text,
      /\bfor any (?:other )?(?:or no )?reason\b|\bfor (?:any )?(?:other )?reason or (?:for )?no reason\b|\bwith or without cause\b|\bwithout cause\b|\bfor no reason\b|\bat (?:our|its) convenience\b/i,
    )
  )
    parts.push('for any reason');
  if (has(text, /\b(?:sole|absolute|own) discretion\b|\bat (?:its|our) discretion\b|\bin (?:its|our) discretion\b/i)) parts.push('at its own discretion');
  return parts;
}

/** Breadth and notice together, as a phrase that follows the verb (" at any time, without telling you first"). */
export function howFreely(text: string, s: Specifics): string {
  const notice = noticePhrase(text, s);
  // "at any time after a notice period of 30 days": the notice is what counts.
  const parts = breadthWords(text).filter((w) => !(w === 'at any time' && /^with /.test(notice) && /\bat any time (?:after|on|upon|with)\b/i.test(text)));
  if (notice) parts.push(notice);
  // "change the service, possibly without telling you first": a hedge reads as an aside.
  const lead = /^(?:possibly|not always|telling)/.test(parts[0] ?? '') ? ', ' : ' ';
  return parts.length ? `${lead}${parts.join(', ')}` : '';
}

/** A literal string as a regular-expression source. */
export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
