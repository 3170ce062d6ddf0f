// Translations of the clauses where the user gives something: a licence over their content, a
// promise to cover the provider's costs (indemnity), their data, other documents' terms. Each
// names the scope, the beneficiary and the purpose as the clause does.
import { has, list, negatedBefore } from './phrases.js';

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

export function licenceSentence(text: string): string {
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

export function indemnitySentence(text: string): string {
  if (/\b(?:we|us) (?:will|shall|agree to)? ?(?:\w+,? ){0,3}indemnify you\b/i.test(text))
    return 'The provider covers your costs if someone makes the kind of claim the clause describes.';
  if (has(text, /\bassume the exclusive defen[cs]e|\bcontrol (?:of )?the defen[cs]e/i)) {
    const cost = has(text, /\bat your (?:own )?expense\b/i)
      ? ' at your expense'
      : has(text, /\bat (?:its|our) own (?:cost|expense)\b/i)
        ? ' at its own cost'
        : '';
    return `The provider can take over the defence of claims you must cover${cost}${has(text, /\bcooperat/i) ? ', and you must cooperate with it' : ''}.`;
  }
  const lawyers = has(text, /\battorney|\blegal (?:and \w+ )?fees|\blitigation costs/i) ? ', including its lawyers' : '';
  const organisation = has(text, /\byour organi[sz]ation\b/i) ? ' (and your organisation, if you use it for one)' : '';
  return `If someone makes a claim because of how you used the service, you${organisation} must pay the provider's costs and losses${lawyers}.`;
}

const OTHER_DOCUMENTS: [RegExp, string][] = [
  [/\bcommunity guidelines\b|\bcommunity standards\b/i, 'community guidelines'],
  [/\bcopyright policy\b/i, 'copyright policy'],
  [/\bacceptable use policy\b/i, 'acceptable use policy'],
  [/\bcookie policy\b/i, 'cookie policy'],
  [/\brules\b/i, 'rules'],
  [/\bsupplemental terms\b|\badditional (?:terms|policies)\b/i, 'additional terms'],
];

export function privacySentence(text: string): string {
  const others = OTHER_DOCUMENTS.filter(([re]) => re.test(text)).map(([, name]) => `its ${name}`);
  const documents = list(['the privacy policy', ...others]);
  const later = has(text, /\bas (?:amended|updated)\b|\bfrom time to time\b|\bchanges?\b/i) ? ' (and later changes to them)' : '';
  const consent = has(text, /\bconsent to\b|\bagree to the use of your data\b/i) ? ', and you consent to what it does with your data under it' : '';
  return `${documents.charAt(0).toUpperCase()}${documents.slice(1)} ${others.length ? 'count' : 'counts'} as part of this contract, so what ${others.length ? 'they say' : 'it says'}${later} binds you too${consent}.`;
}

export function sharingSentence(text: string): string {
  const who = [
    'advertisers',
    'business partners',
    'partners',
    'affiliates',
    'third parties',
    'law enforcement',
    'vendors',
    'service providers',
    'other companies',
  ]
    .filter((w) => text.toLowerCase().includes(w))
    .filter((w, _, all) => !(w === 'partners' && all.includes('business partners')));
  const sold = has(text, /\bsell|\bsold\b/i) && !negatedBefore(text, /sell|sold/);
  // "share information about misuse or harmful content with ...": only that information.
  const about = negatedBefore(text, /share/) ? undefined : /\bshare (information about [^,.;]{3,60}?) with\b/i.exec(text)?.[1];
  const what = about ? `${about.charAt(0).toUpperCase()}${about.slice(1)}` : 'Your personal information';
  const group = /\bwith (other [A-Z]\w+ Companies)\b/.exec(text)?.[1].replace('Companies', 'companies');
  const to = group ? [group, ...who.filter((w) => w !== 'other companies')] : who;
  return `${what} can be ${sold ? 'sold or ' : ''}shared with ${to.length ? list(to) : 'other companies'}.`;
}
