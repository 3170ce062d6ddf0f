// Broad licence to the user's content. Detected by rule (the corpus does not annotate it).
import type { CategoryDefinition } from './category.js';
import { has, list } from '../phrases.js';

const NAME = 'Broad licence to your content';

const LICENCE_SCOPE: [RegExp, string][] = [
  [/\bworld-?wide\b/i, 'worldwide'],
  [/\broyalty[- ]free\b/i, 'royalty-free'],
  [/\bperpetual\b/i, 'perpetual'],
  [/\birrevocable\b/i, 'irrevocable'],
  [/\bsub-?licen[cs]e?able\b|\bright to sublicense\b|\bsublicensable\b/i, 'sublicensable'],
  [/\btransferable\b|\bassignable\b/i, 'transferable'],
  [/\bunrestricted\b/i, 'unrestricted'],
];

/** Who receives the licence besides the provider ("other users", "business partners"). */
function grantees(clause: string): string {
  // Only who is named between "grant" and "licence" receives it (not "through service providers").
  const text = /\bgrants?\b([^.]{0,240}?)\b(?:right and )?licen[cs]e/i.exec(clause)?.[1] ?? '';
  const others: string[] = [];
  if (/\b(?:other users|each other \w+ user|our users)\b/i.test(text)) others.push('other users');
  if (/\bbusiness partners\b|\bservice providers\b/i.test(text)) others.push('its business partners');
  if (/\baffiliat/i.test(text)) others.push('its affiliates');
  if (/\byou grant each other\b/i.test(clause)) return 'other users';
  return list(['the provider', ...others]);
}

function licenceSentence(text: string): string {
  const scope = LICENCE_SCOPE.filter(([re]) => re.test(text)).map(([, word]) => word);
  const purpose = /\bfor (?:the )?(?:sole |limited )?purposes? of ((?:[^,.;(]|,\s*(?:and|or)\b){5,80})/i.exec(text);
  const why = has(text, /\bfor any purpose\b/i)
    ? ', for any purpose'
    : purpose
      ? `, ${/\bincluding for (?:the )?(?:sole |limited )?purposes? of/i.test(text) ? 'including' : 'only'} for ${purpose[1]
          .trim()
          .replace(/,\s*(and|or)\b/g, ' $1')
          .replace(/\bour\b/gi, 'its')}`
      : has(text, /\bas necessary\b|\bin order to (?:operate|provide)/i)
        ? ', as far as needed to run the service'
        : '';
  const likeness = has(text, /\blikeness\b|\bvoice\b/i) ? ', including your name, image, likeness or voice' : '';
  const commercial = has(text, /\bcommercial|\badvertis|\bpromot|\bmarket|\bmoneti[sz]/i) ? ', including to promote or make money from it' : '';
  return `You give ${grantees(text)} a licence to use, copy and share what you post${scope.length ? ` (${list(scope)})` : ''}${why}${likeness}${commercial}.`;
}

export const contentLicence = {
  slug: 'content-licence',
  name: NAME,
  description: 'You grant the provider a broad (often worldwide, royalty-free, sublicensable) licence to your content.',
  baseSeverity: 'medium',
  baseRating: 5,
  guides: ['limit-sharing'],
  rule: (s) =>
    /\blicen[cs]e\b/.test(s) &&
    /\b(?:worldwide|world-wide|royalty[- ]free|perpetual|irrevocable|sub-?licens|transferable)\b/.test(s) &&
    /\byou (?:hereby )?(?:grant|give)|\bgrant(?:s|ing)? (?:to )?(?:us|the company)\b|\bwe (?:may|can) use\b/.test(s) &&
    /\bcontent|submissions?|posts?|uploads?|materials?|photos?|videos?|feedback|ideas|information you\b/.test(s),
  render: (text) => licenceSentence(text),
  // A licence to feedback (ideas, suggestions) is no licence to what the user posts.
  title: (text) =>
    /\b(?:feedback|suggestions?|ideas)\b/i.test(text) && !/\bcontent\b/i.test(text)
      ? 'Licence to your feedback'
      : /\blimited\b|\brevocable\b/i.test(text) && !/\birrevocable\b/i.test(text)
        ? 'Licence to your content'
        : NAME,
  // The licence is a right the grantee gets: the provider's, or other users' where they are granted it.
  party: (_party, sentence) => (/\bgrant\w*\s+(?:to\s+)?(?:other users|each user|users|third parties)\b/i.test(sentence) ? 'third-party' : 'provider'),
} as const satisfies CategoryDefinition;
