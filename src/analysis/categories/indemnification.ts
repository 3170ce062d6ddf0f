// You indemnify the provider: the user pays the provider's losses and legal costs. Detected by rule
// (the corpus does not annotate it).
import type { CategoryDefinition } from './category.js';
import { has } from '../phrases.js';

// "We will indemnify you": the provider covers the user, not the other way round.
const PROVIDER_INDEMNIFIES = /\b(?:we|us) (?:will|shall|agree to)? ?(?:\w+,? ){0,3}indemnify you\b/;
// "We will use reasonable efforts to notify you of any such claim" / "hold us harmless from any
// losses sustained by you": a promise, or a release of the user's own claims, not an indemnity.
// "you agree neither to hold the Company responsible nor to seek indemnification": indemnity the user gives up asking for.
const NOT_INDEMNITY =
  /\bwe will (?:use reasonable efforts to )?notify you\b|\bharmless from any (?:losses|harm)[^.]{0,40}\b(?:sustained by you|caused to you|caused by your)|\b(?:seek|claim|request|demand|obtain)\w*\s+(?:any\s+)?indemnif/;

// "as defined in the Indemnification and Limitation of Liability section below": a pointer, no indemnity.
const SECTION_NAME = /\b(?:the|our|see|in) indemnif\w*(?: and [a-z ]{1,40}?)? (?:section|clause|paragraph|provisions?)\b/gi;

function indemnitySentence(text: string): string {
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

export const indemnification = {
  slug: 'indemnification',
  name: 'You indemnify the provider',
  description: "You must pay the provider's losses and legal costs arising from your use or breach.",
  baseSeverity: 'medium',
  baseRating: 5,
  guides: ['records'],
  rule: (s) =>
    !NOT_INDEMNITY.test(s) &&
    !PROVIDER_INDEMNIFIES.test(s) &&
    /\bindemnif(?:y|ies|ication)\b|\bhold (?:us|[a-z]+(?: [a-z]+)?) harmless\b/.test(s.replace(SECTION_NAME, '')) &&
    /\byou\b/.test(s),
  render: (text) => indemnitySentence(text),
} as const satisfies CategoryDefinition;
