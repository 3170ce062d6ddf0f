// Which of a sentence's categories comes first (its primary: the one it is rated, titled and told
// by) where two categories are often confused: removal and termination, liability and indemnity.
import { isIndemnity } from './limitation-of-liability/liability-kind.js';
import { terminationActor } from './unilateral-termination/render.js';
import type { CategorySlug } from './index.js';

// What a removal-or-termination clause really ends: the user's account, access or contract, or
// only content ("restrict access to or remove any content, including yours").
const ENDS_ACCOUNT =
  /\bterminat\w*\b[^.;]{0,40}\b(?:agreement|accounts?|license|licence|access|use or participation)\b|\b(?:suspend|close|disable|delete)\w* (?:your|the user['’]s) account\b|\b(?:suspend|terminat)\w*(?: or (?:suspend|terminat)\w*)? (?:users|accounts)\b|\bdeny access to (?:and use of )?the service\b/gi;
const ENDS_CONTENT = /\b(?:remove|restrict access to|disable)\b[^.;]{0,40}\b(?:content|contributions|posts)\b/i;
// The provider's power that governs it: "We may ...", "Twitch reserves the right, ..., to terminate".
const POWER = /\b(?:[Ww]e|WE|[A-Z][\w']+)\s+(?:may|can|will|shall|reserves? the right|MAY|CAN|WILL|SHALL|RESERVES? THE RIGHT)\b/g;
// A user as the subject in between: "... and users who terminate their account".
const USER_SUBJECT = /\b(?:you|users?)\s+(?:who\s+|that\s+)?(?:may|can|will|shall|terminat|delet|clos|cancel)/i;

/** The clause gives the provider a power to end the user's account, access or contract (not "where your access is terminated"). */
function endsAccount(sentence: string): boolean {
  return [...sentence.matchAll(ENDS_ACCOUNT)].some((m) => {
    const before = sentence.slice(Math.max(0, m.index - 160), m.index);
    const power = [...before.matchAll(POWER)].pop();
    return power !== undefined && !USER_SUBJECT.test(before.slice(power.index + power[0].length) + m[0]);
  });
}

/**
 * Removal and termination are often confused by the classifier. Of the two, a clause whose power
 * may end the user's account, access or contract is told as a termination even where the classifier
 * is surer of removal (losing the account is the larger loss); a termination that only acts on
 * content is told as a removal. Nothing is added that the classifier did not find.
 */
export function primaryFirst(sentence: string, categories: CategorySlug[]): CategorySlug[] {
  const removal = categories.includes('content-removal');
  const termination = categories.includes('unilateral-termination');
  const others = categories.filter((c) => c !== 'content-removal' && c !== 'unilateral-termination');
  const account = (removal || termination) && endsAccount(sentence);
  if (removal && termination && account && terminationActor(sentence) !== 'user') return ['unilateral-termination', 'content-removal', ...others];
  if (termination && !account && ENDS_CONTENT.test(sentence)) return ['content-removal', ...(removal ? (['unilateral-termination'] as const) : []), ...others];
  return indemnityFirst(sentence, categories);
}

/** A liability sentence in which the user indemnifies the provider is told as the indemnity it is, where the classifier found one. */
function indemnityFirst(sentence: string, categories: CategorySlug[]): CategorySlug[] {
  if (categories[0] !== 'limitation-of-liability' || !categories.includes('indemnification') || !isIndemnity(sentence)) return categories;
  return ['indemnification', ...categories.filter((c) => c !== 'indemnification')];
}
