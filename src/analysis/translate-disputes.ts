// Translation of arbitration clauses. An arbitration section has many sentences, and each says
// something different: that disputes go to an arbitrator, who runs it, where, who decides what
// is arbitrable, what is carved out (small claims, intellectual property), how to opt out. The
// translation says what this sentence says, with the specifics it names.
import { has, list } from './phrases.js';
import type { Specifics } from './specifics.js';

const SHORT_NAMES: Record<string, string> = {
  'American Arbitration Association': 'AAA',
  'International Chamber of Commerce': 'ICC',
  'London Court of International Arbitration': 'LCIA',
  'Singapore International Arbitration Centre': 'SIAC',
  'Hong Kong International Arbitration Centre': 'HKIAC',
};

/** "the American Arbitration Association (AAA)" once, whether the clause names it in full, short or both. */
function bodyNames(bodies: string[]): string[] {
  const names: string[] = [];
  for (const [full, short] of Object.entries(SHORT_NAMES)) {
    if (bodies.includes(full)) names.push(`the ${full} (${short})`);
    else if (bodies.includes(short)) names.push(short);
  }
  for (const b of bodies) if (!(b in SHORT_NAMES) && !Object.values(SHORT_NAMES).includes(b)) names.push(b.includes(' ') ? `the ${b}` : b);
  return names;
}

export function arbitrationSentence(text: string, s: Specifics): string {
  const by = s.bodies.length ? ` run by ${list(bodyNames(s.bodies))}` : '';
  const where = s.courtPlaces.length ? ` in ${list(s.courtPlaces, 'or')}` : '';
  const period = s.periods[0];
  if (has(text, /\bopt[ -]?out\b/i)) {
    return `You can opt out of arbitration${period ? ` within ${period}` : ''} by following the steps in the terms; otherwise disputes go to a private arbitrator${by} instead of a court.`;
  }
  if (has(text, /\bsmall claims?\b/i)) return `Disputes go to private arbitration${by} instead of a court, except that small-claims court stays open for claims it can hear.`;
  if (has(text, /\b(?:does|shall|will) not apply\b|\bexcept for\b|\bexcluded from\b/i) && has(text, /\bintellectual property|\bcopyright|\btrademark|\binjunctive/i)) {
    return 'Most disputes go to private arbitration, but some (such as intellectual-property claims or requests to stop misuse) can still go to court, which mainly helps the provider.';
  }
  if (has(text, /\barbitrability|\b(?:exclusive|sole) (?:authority|power)\b|\benforceability\b/i) && has(text, /\barbitrator\b/i)) {
    return 'The arbitrator, not a court, decides even whether a dispute has to go to arbitration and whether this arbitration agreement is valid.';
  }
  const providerChooses = has(text, /\b(?:sole|absolute) discretion\b|\b(?:we|[A-Z][\w']+) may (?:require|elect|choose)\b/i);
  const lead = providerChooses ? 'The provider can choose to send disputes to private arbitration' : 'Disputes go to private arbitration';
  const final = has(text, /\bbinding\b|\bfinal(?:ly)?\b/i) ? ", and the arbitrator's decision is final" : '';
  const alone = has(text, /\bclass|\bindividual (?:basis|arbitration)|\bindividually\b/i) ? '; you can only bring claims on your own, not in a class action' : '';
  const rules = !by && has(text, /\bFederal Arbitration Act\b|\bFAA\b/) ? ' under the US Federal Arbitration Act' : '';
  return `${lead}${by}${rules}${where} instead of a court${final}${alone}.`;
}
