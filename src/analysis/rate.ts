// Severity and AI rating (1-10, 10 = most concerning) of one concerning clause, by documented rules:
//   rating = category base + 1.0 per strong aggravating cue + 0.5 per weak aggravating cue
//            - 1.0 per mitigating cue, clamped to 1..10, one decimal;
//   severity = critical from 8.5, high from 6.5, medium from 4.0, low below.
// Why additive: each cue is an independent way the clause widens the provider's power (or narrows
// it), and a reader can check the rating by counting the cues listed in the result.
import { withoutWhereverYouLive } from './phrases.js';
import { definitionOf } from './categories/index.js';
import type { Severity } from './taxonomy.js';

const STRONG: [string, RegExp][] = [
  [
    'sole discretion',
    /\b(?:sole|absolute|unfettered|complete) (?:and (?:absolute|sole) )?discretion\b|\bat (?:its|our) (?:sole )?discretion\b|\bsole (?:judg(?:e)?ment|opinion)\b/i,
  ],
  ['without notice', /\bwithout (?:any |prior |advance |further )?(?:notice|warning|notification)\b|\bwith or without (?:prior )?notice\b/i],
  ['for any reason', /\bfor any (?:or no )?reason\b|\bfor no reason\b|\bwith or without cause\b|\bwithout cause\b/i],
  ['waiver of rights', /\bwaive[sd]?\b|\bwaiver\b|\bgive up\b/i],
  ['class action ban', /\bclass (?:action|arbitration|proceeding)s?\b|\brepresentative action/i],
  ['perpetual or irrevocable', /\bperpetual\b|\birrevocable\b/i],
  ['sale of data', /(?<!(?:\bnot|n['’]t|\bnever|\bis never|\bare never|\bnot be) )\b(?:sell|sold)\b/i],
  ['exclusive forum', /\bexclusive(?:ly)? (?:jurisdiction|venue|forum)|\bexclusively (?:in|by|before) the (?:state |federal )?courts?/i],
];

const WEAK: [string, RegExp][] = [
  ['at any time', /\bat any time\b/i],
  ['immediately', /\bimmediately\b/i],
  ['to the fullest extent', /\bin no event\b|\bunder no circumstances\b|\bto the (?:fullest|maximum) extent\b/i],
  ['binding', /\bfinal and binding\b|\bbinding arbitration\b/i],
  ['sublicensable', /\bsub-?licens/i],
];

const MITIGATING: [string, RegExp][] = [
  [
    'notice given',
    /\b\d+ days?'?\s*(?:prior |advance |written )?notice\b|\b(?:prior|advance|reasonable) notice\b|\bnotice period\b|\bby notifying\b|\bby (?:providing|giving|sending)(?: you)? (?:notice|an email)|\bwe will (?:notify|tell|inform) you\b|\bnotify you (?:in advance|before)/i,
  ],
  ['opt-out available', /\bopt[ -]?out\b/i],
  [
    'consumer law kept',
    /\bmandatory (?:consumer )?(?:law|protection|provisions)|\bnothing in these terms (?:shall |will )?(?:affect|limit|exclude)|\bstatutory rights\b|\bwhere (?:required|permitted) by (?:applicable )?law\b|\bdeath or personal injury\b/i,
  ],
  [
    'home courts',
    /\b(?:your|their) (?:home|local) courts?\b|\bcourts? (?:of|in) (?:the (?:country|place|state) (?:where|in which) you|your (?:country|place|state) of (?:residence|domicile))|\bwhere you (?:live|reside)\b|\bhabitual residence\b|\bin which your address is located\b/i,
  ],
  ['objective grounds', /\breasonabl[ey] (?:believe|suspect|necessary)|\bobjective (?:reasons|grounds)\b|\bmaterial(?:ly)? breach\b|\brepeat(?:ed)? infring/i],
];

export interface Rating {
  readonly severity: Severity;
  readonly ai_rating: number;
  readonly aggravating: string[];
  readonly mitigating: string[];
}

export function severityFor(rating: number): Severity {
  if (rating >= 8.5) return 'critical';
  if (rating >= 6.5) return 'high';
  if (rating >= 4) return 'medium';
  return 'low';
}

export function rateClause(clause: string, category: string): Rating {
  const text = withoutWhereverYouLive(clause);
  const strong = STRONG.filter(([, re]) => re.test(text)).map(([name]) => name);
  const weak = WEAK.filter(([, re]) => re.test(text)).map(([name]) => name);
  const mitigating = MITIGATING.filter(([, re]) => re.test(text)).map(([name]) => name);
  const base = definitionOf(category).baseRating;
  const raw = base + strong.length + 0.5 * weak.length - mitigating.length;
  const ai_rating = Math.round(Math.min(Math.max(raw, 1), 10) * 10) / 10;
  return { severity: severityFor(ai_rating), ai_rating, aggravating: [...strong, ...weak], mitigating };
}
