// How a change clause is told: what the provider may change (the terms, the service, prices), how
// freely and with what notice, as the clause itself says; nothing is assumed that it does not say.
import { has, howFreely, list, negatedBefore, noticePhrase, withoutTitleWords } from '../../phrases.js';
import type { Specifics } from '../../specifics.js';
import { changedThing, titledPhrase, type ChangedThing } from './object.js';

const CHANGE_VERB =
  /\b(?:modif(?:y|ies|ied|ying|ications?)|chang(?:e|es|ed|ing)|updat(?:e|es|ed|ing)|amend(?:s|ed|ing|ments?)?|revis(?:e|es|ed|ing|ions?)|alter(?:s|ed|ing|ations?)?|add or remove|withdraw|suspend|discontinu(?:e|es|ed|ing)|impose limits|create limits|cancel)\b/i;
const CHANGE_OBJECTS: [RegExp, string][] = [
  [/\buser content\b|\byour content\b/i, 'what you post'],
  [/\bprices?\b|\bpricing\b|\bfees?\b|\bcharges?\b/i, 'its prices'],
  [/\b(?:terms|agreement|contract|conditions|polic(?:y|ies)|guidelines|eula|tos)\b/i, 'these terms'],
  [/\bservices?\b|\bplatform\b|\bfeatures?\b|\bfunctionalit|\bproducts?\b|\bofferings?\b|\blimits?\b|\bprogram\b/i, 'the service'],
];
// "these Terms or the Platform", "our Service and policies": a second object joined to the first.
const JOINED = /^\s*,?\s*(and\/or|and|or)\s+(?:(?:the|our|these|this|its|any|all|of)\s+)*/i;

/**
 * What is changed: the object named first after the first change verb (else the first named at
 * all), with any other object joined to it ("these Terms or the Platform" → "these terms or the service").
 */
function changeObject(clause: string): string {
  // What the grammar reads as changed: prices of something, or anything else than the terms or the
  // service, is never told as the terms, the service or "its prices" (object.ts).
  const thing = changedThing(clause);
  if (thing?.kind === 'content') return 'what you post';
  if (thing?.kind === 'other' || (thing?.kind === 'prices' && !thing.plain)) return UNNAMED;
  if (thing?.kind === 'prices') return /\bfees?\b/i.test(thing.phrase) && !/\bpric/i.test(thing.phrase) ? 'its fees' : 'its prices';
  const first = firstObject(clause);
  // "These Terms may be amended by us": the subject is what changes, where nothing follows the verb.
  if (first === UNNAMED && thing?.kind === 'terms') return 'these terms';
  if (first === UNNAMED && thing?.kind === 'service') return 'the service';
  return first;
}

/** The object named first after the first change verb (the terms, the service), with any joined to it. */
function firstObject(clause: string): string {
  const verb = clause.search(CHANGE_VERB);
  const verbAt = Math.max(verb, 0);
  const firstFrom = (from: number) =>
    CHANGE_OBJECTS.map(([re, object]) => ({ object, at: from + clause.slice(from).search(re), hit: clause.slice(from).search(re) >= 0 }))
      .filter((m) => m.hit)
      .sort((a, b) => a.at - b.at)[0];
  // "Nothing in this Agreement obligates Google to extend credit, and Google may revise any credit": what
  // follows the verb is no object of ours, and what stands before it ("this Agreement") is not what changes.
  const found = firstFrom(verbAt) ?? (verb < 0 ? firstFrom(0) : undefined);
  if (!found) return verb < 0 ? 'the service' : UNNAMED;
  // The text after the object's first word: " and policies, and we may ...".
  const rest = clause.slice(found.at).replace(/^\S+/, '');
  const joined = JOINED.exec(rest);
  const next = joined && CHANGE_OBJECTS.find(([re]) => new RegExp(`^(?:${re.source})`, 'i').test(rest.slice(joined[0].length)));
  if (!joined || !next || next[1] === found.object) return found.object;
  return list([found.object, next[1]], joined[1].toLowerCase() === 'or' ? 'or' : 'and');
}

/** What a change clause acts on when it is none of the objects we know: never told as one of them. */
export const UNNAMED = 'what the clause names';

const MAY_NOTIFY_DIRECTLY = /\bmay (?:also )?(?:notify|tell|inform) you\b/i;

// "If the changes, in our sole discretion, are material, we may also notify you by email".
function materialByItsSay(clause: string): boolean {
  return (
    has(clause, /\bif (?:the|any|such) changes?\b[^.;]{0,40}\b(?:are|is) material\b/i) &&
    has(clause, /\b(?:sole|absolute|own) discretion\b|\bwe (?:determine|decide)\b/i) &&
    MAY_NOTIFY_DIRECTLY.test(clause)
  );
}

// "we may place advertisements in connection with the display of any Content ..., including Your Content".
function placesAds(clause: string): boolean {
  return has(clause, /\bplace (?:advertisements|ads)\b/i) && !negatedBefore(clause, /place (?:advertisements|ads)/);
}

// LINE: "even if a User takes the procedures for cancellation prior to the intended period of use, the User may
// not change such period of use, nor may the User cancel the purchase": the user's change, refused.
const PAID_PERIOD_STANDS =
  /\bcancell?ation\b[^.]{0,80}\b(?:prior to|before)\b[^.]{0,80}\b(?:may not|cannot)\b[^.]{0,40}\b(?:change|shorten)\b[^.]{0,40}\bperiod\b/i;

// LinkedIn: "LinkedIn reserves the right to limit your use of the Services".
const LIMITS_YOUR_USE = /\b(?:limit|restrict)\s+your\s+(?:use|access)\b/i;
const limitsYourUse = (clause: string): boolean => LIMITS_YOUR_USE.test(clause) && !negatedBefore(clause, /limit|restrict/);

/** What the provider may change, and whether it may also suspend or end the service itself. */
function changeScope(clause: string): { object: string; ends: boolean } {
  const object = changeObject(clause);
  const ends =
    object.startsWith('the service') &&
    has(clause, /\bsuspend|\bdiscontinu|\bstop (?:providing|offering)|\bend (?:any|the|all)\b|\bterminat|\bwithdraw|\beliminat/i);
  return { object, ends };
}

// Each object of a change as a title names it ("Changes to prices").
const TITLE_OBJECTS: Array<[string, string]> = [
  ['these terms', 'the terms'],
  ['its prices', 'prices'],
  ['its fees', 'fees'],
  ['the service', 'the service'],
  ['what you post', 'what you post'],
];

/** A change of something else than the terms or the service, titled by the quote's own phrase ("Changes to Platform Fees"). */
function namedChange(thing: ChangedThing | undefined): string {
  const phrase = thing ? titledPhrase(thing) : '';
  return phrase && !/^(?:it|this|that|them|they)$/i.test(phrase) ? `Changes to ${phrase}` : 'Unilateral changes';
}

/** A title naming what may change ("Changes to prices"), and "without notice" when the clause says so outright. */
export function changeTitle(text: string, s: Specifics): string {
  const clause = withoutTitleWords(text);
  if (materialByItsSay(clause)) return 'Changes the provider alone judges material';
  if (PAID_PERIOD_STANDS.test(clause)) return 'No refund for early cancellation';
  if (limitsYourUse(clause)) return 'Limits on your use';
  if (placesAds(clause)) return 'Ads shown next to your content';
  const { object, ends } = changeScope(clause);
  // "these terms or the service" → "the terms or the service".
  const objects = TITLE_OBJECTS.reduce((told, [said, titled]) => told.replace(said, titled), object);
  const name = ends ? 'Changes to or end of the service' : object === UNNAMED ? namedChange(changedThing(clause)) : `Changes to ${objects}`;
  // "without prior notice; provided that the company will endeavor to provide you with prior notice of material changes": not simply without.
  const promisesNotice = /\bendeavou?r\w* to (?:provide|give)\b|\btry to (?:provide|give|notify)\b|\bwill (?:provide|give) you (?:\w+ ){0,2}notice\b/i.test(
    clause,
  );
  return noticePhrase(clause, s) === 'without telling you first' && !promisesNotice ? `${name} without notice` : name;
}

export function changeSentence(text: string, s: Specifics): string {
  const clause = withoutTitleWords(text);
  if (materialByItsSay(clause)) {
    return 'The provider alone decides which changes count as material, and only for those does it say it may tell you directly.';
  }
  if (PAID_PERIOD_STANDS.test(clause)) {
    return 'You can cancel, but the period you paid for runs on: cancelling early neither shortens it nor gets you a refund.';
  }
  if (limitsYourUse(clause)) {
    const including = /\bincluding ([^.;]{3,120})/i.exec(clause)?.[1];
    return `The provider can limit how you use the service${including ? `, including ${including.trim()}` : ''}${howFreely(clause, s)}.`;
  }
  if (placesAds(clause)) {
    return `The provider can show ads next to any content${has(clause, /\byour content\b/i) ? ', including yours' : ''}, and change which ads it shows.`;
  }
  const { object, ends } = changeScope(clause);
  const what = ends ? 'change, suspend or end the service' : `change ${object}`;
  const prospective = has(clause, /\bprospectiv/i) ? '; new prices apply only from then on' : '';
  // "in a reasonable manner, (1) to reflect changes..., (2) for legal reasons": a bounded power.
  const reasons = /\bfor (?:a )?limited (?:number of )?reasons\b|\bin a reasonable manner\b|\bjustified\b|\bonly (?:to|for|if|when)\b/i.test(clause)
    ? ', but only for the reasons the clause lists'
    : '';
  const continued = has(clause, /\bcontinu\w* (?:to )?(?:use|access)|\bby (?:continuing|using)|\bcontinued use\b/i)
    ? '; simply keeping on using the service counts as accepting the change'
    : '';
  return `The provider can ${what}${howFreely(clause, s)}${reasons}${prospective}${continued}.`;
}
