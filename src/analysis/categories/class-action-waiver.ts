// Class action waiver: no class actions, class arbitrations or jury trials. Detected by rule (the
// corpus does not annotate it); told as a class waiver, a jury waiver or both, and whether it can be opted out of.
import { has, negatedBefore } from '../phrases.js';
import type { Specifics } from '../specifics.js';
import { scoped } from './disputes/render.js';
import type { CategoryDefinition } from './category.js';

// Words of a group action; a waiver without them is a jury-trial waiver only.
const GROUP_ACTION = /\bclass|\brepresentative|\bcollective|\bconsolidated|\bmulti-party/i;
// "Bluesky may elect to consolidate arbitrations": a power of the provider, not the user's waiver.
const PROVIDER_CONSOLIDATES = /\b(?:may|can)\b(?:(?!\bnot\b)[^.]){0,60}\bconsolidate\b/;
// "Nothing in these Terms waives your right to a jury trial": the right is kept.
const RIGHT_KEPT = /\bnothing in\b[^.]{0,100}\bwaive|\b(?:does|do|will|shall) not (?:waive|affect|limit) (?:your|any) right/;

// Both sides waive: "you and we agree", "YOU AND BUMBLE ARE EACH AGREEING TO WAIVE", "both parties", "each party".
const MUTUAL =
  /\byou and (?:we|us|[A-Z][\w.&-]*)\b[^.;]{0,40}\b(?:each|both|agree|waive|are)\b|\b(?:both parties|each party|either party|the parties)\b[^.;]{0,40}\bwaiv/i;

/** A waiver of class actions, of jury trials, or both, and whether it can be opted out of. */
function waiverSentence(text: string, s: Specifics): string {
  const group = has(text, GROUP_ACTION);
  const jury = has(text, /\bjury\b/i);
  // Snap: "If you opt out of only the arbitration provisions, and not also the class action waiver, the class
  // action waiver still applies" / "You may not opt out of only the class action waiver".
  if (has(text, /\bopt[ -]?out of only\b/i)) {
    return /\bmay not\b|\bcannot\b/i.test(text)
      ? 'You cannot opt out of the class action waiver alone: only together with arbitration.'
      : 'Opting out of arbitration alone leaves the class action waiver in place; to escape the waiver you must opt out of it too.';
  }
  if (has(text, /\bopt[ -]?out\b/i) && !negatedBefore(text, /opt[ -]?out/)) {
    return `You can opt out of the ${group ? 'class action waiver' : 'jury trial waiver'}${s.periods[0] ? ` within ${s.periods[0]}` : ''} by following the steps in the terms; otherwise it applies to you.`;
  }
  // "you and we agree that each may bring claims only individually": both sides waive, not the user alone.
  if (group && has(text, MUTUAL))
    return `You and the provider each give up the right to bring claims as part of a class action${jury ? ' and to a jury trial' : ''}: claims are brought individually.`;
  if (group) return `You give up the right to join a class action${jury ? ' and to a jury trial' : ''}: each user has to bring claims alone.`;
  // "In any litigation ... over whether to vacate or enforce an arbitration award": court cases about an award only.
  if (has(text, /\bover whether to (?:vacate|enforce|confirm)\b[^.;]{0,20}\barbitration award\b/i))
    return 'In a court case about an arbitration award, you give up the right to a jury trial: a judge decides instead.';
  // Who decides instead only where the quote says it ("a judge", "the court").
  const who = has(text, MUTUAL) ? 'You and the provider each give up' : 'You give up';
  return has(text, /\bjudge\b|\bbench trial\b|\bby the court\b/i)
    ? `${who} the right to a jury trial: a judge decides instead.`
    : `${who} the right to a jury trial.`;
}

const NAME = 'Class action waiver';

export const classActionWaiver = {
  slug: 'class-action-waiver',
  name: NAME,
  description: 'You give up the right to join class actions, class arbitrations or jury trials.',
  baseSeverity: 'high',
  baseRating: 7,
  guides: ['arbitration-opt-out'],
  rule: (s) =>
    !PROVIDER_CONSOLIDATES.test(s) &&
    !RIGHT_KEPT.test(s) &&
    /\bclass(?:-| )(?:action|arbitration|wide|proceeding)s?\b|\brepresentative (?:action|proceeding)s?\b|\bcollective action\b|\bjury trial\b|\btrial by jury\b/.test(
      s,
    ) &&
    /\bwaiv(?:e|es|ed|er|ing)\b|\bgive up\b|\bonly on an individual basis\b|\bindividual basis\b|\bno class\b|\b(?:may|will|shall|can) not (?:bring|participate|be brought|join|consolidate)|\bnot (?:as a )?(?:plaintiff|class member)\b|\bprohibited from\b|\bneither you nor\b/.test(
      s,
    ),
  render: (text, s, context) => scoped(text, waiverSentence(text, s), context?.scope),
  title: (text) => (has(text, GROUP_ACTION) ? NAME : 'Jury trial waiver'),
  // A waiver is a term the provider sets, whoever the sentence starts with ("You waive ...").
  party: (party) => (party === 'third-party' ? party : 'provider'),
  placesTold: true,
} as const satisfies CategoryDefinition;
