// How a removal clause is told: what the provider may remove or block, whose, and how freely; the
// user's own removal and a duty to remove denied are no power.
import { has, howFreely, list, negatedBefore } from '../../phrases.js';
import type { Specifics } from '../../specifics.js';
import { USER_REMEDY } from '../unilateral-termination/render.js';

const REMOVAL_VERBS: [RegExp, string][] = [
  [/\b(?:remov|delet)(?:e|es|ed|ing|al|ion)\b|\btake(?:s|n)? down\b/i, 'remove'],
  [/\b(?:block|hid(?:e|es|ing)|disabl(?:e|es|ing) access|restrict)/i, 'block'],
  [/\b(?:edit|modif(?:y|ies)|alter|reformat)/i, 'edit'],
  [/\brefuse to (?:post|display|publish|accept|distribute)|\breject\b/i, 'refuse to publish'],
  [/\b(?:monitor|review|screen|pre-screen)\b/i, 'check'],
];

// "We have no obligation to delete content you find objectionable": no power, a refusal of duty.
const NO_DUTY_TO_REMOVE = /\bno obligation to (?:delete|remove|screen|monitor)|\bnot (?:obligated|obliged|required) to (?:delete|remove|screen|monitor)/i;
const MAY_REMOVE = /\b(?:may|can|will|reserves? the right to)\b[^.]{0,30}\b(?:remove|delete|block|disable)/i;
// "You are free to remove your content", "You can also delete the Service from your Account".
const USER_REMOVES = /^\s*(?:you|users?) (?:are free to|can|may)\b(?! not)/i;

/** The user removes their own content ("You are free to remove your content"), or may sue over a removal. */
export function userRemoves(text: string): boolean {
  return USER_REMOVES.test(text) || USER_REMEDY.test(text);
}

const DELETE_FEATURES = /\bfeatures? that (?:allow|let|enable) you to delete\b/i;
const DELETION_MAY_FAIL =
  /\b(?:seek|try|attempt|want)\w* to delete (?:any of )?(?:your|user) content\b[^.]{0,120}\bnot (?:be )?possible\b|\bmay not be (?:possible|able) to delete (?:any of )?(?:your|user) content\b/i;

// Moltbook: "If these Terms of Service are terminated for any reason: ... may be deleted".
const AFTER_TERMINATION = /^\s*(?:if|when|upon|once|after)\b[^:.;]{0,60}?\b(?:terminat|end)\w*(?:\s+for any reason)?/i;
// LINE: "In any of the following cases, ... we may ... take such measures as deleting data".
const LISTED_CASES = /\bin (?:any of )?the following (?:cases|circumstances|situations)\b/i;
// "deleting User's accounts", "delete your account".
const ACCOUNT_DELETED = /\bdelet\w* (?:the )?(?:user['’]s|your|users['’]) accounts?\b/i;

export function removalSentence(text: string, s: Specifics): string {
  if (USER_REMEDY.test(text))
    return 'If the provider wrongly removes your content or suspends or closes your account, you may be able to sue it for breach of contract.';
  if (NO_DUTY_TO_REMOVE.test(text) && !MAY_REMOVE.test(text.replace(NO_DUTY_TO_REMOVE, ''))) {
    return 'The provider does not promise to remove or check content, even content you find offensive.';
  }
  // The user's own deletion, which may be unavailable or fail: no power of the provider's to remove.
  if (DELETE_FEATURES.test(text))
    return `The provider can turn off the features that let you delete your content${howFreely(text, s)}, so you may not always be able to delete it.`;
  if (DELETION_MAY_FAIL.test(text))
    return `Deleting your content may take time or not be possible at all${has(text, /\bthird[- ]part/i) ? ', and others may keep copies of what you made public' : ''}.`;
  const ended = AFTER_TERMINATION.exec(text);
  if (ended && has(text, /\bdeleted\b|\bnot be able to access\b/i)) {
    return `When the contract ends${has(ended[0], /\bfor any reason\b/i) ? ', for whatever reason' : ''}, you may lose access to your account, and what is stored in it may be deleted.`;
  }
  const own = has(
    text,
    /\buser content\b|\byour (?:content|posts?|submissions?|materials?|comments?|photos?|videos?)\b|\byou (?:post|upload|submit|share|provide)(?:ed|d)?\b|\bsubmissions?\b|\bposts?\b/i,
  );
  const verbs = [...new Set(REMOVAL_VERBS.filter(([re]) => re.test(text)).map(([, verb]) => verb))];
  const what = own ? 'what you post' : 'content on the service';
  if (USER_REMOVES.test(text)) return `You can ${list(verbs.length ? verbs : ['remove'], 'or')} ${own ? 'what you posted' : 'it'}${howFreely(text, s)}.`;
  const believes = has(text, /\b(?:believe|think|determine|suspect|deem|consider|opinion)\w*\b/i);
  const reason = has(text, /\bobjectionable|\binappropriate|\boffensive/i)
    ? believes || has(text, /\b(?:in (?:our|its) (?:sole )?(?:opinion|judgment|discretion)|we (?:deem|find)|it (?:deems|finds))\b/i)
      ? ' if it finds it objectionable'
      : ' if it breaks the rules or is objectionable'
    : has(text, /\bviolat|\bbreach|\binfring|\billegal|\bunlawful/i)
      ? ` if ${believes ? 'it believes ' : ''}it breaks the rules or the law`
      : '';
  const after = /\bat any time after (termination|[^,.;]{3,30})/i.exec(text);
  const freely = after ? ` at any time after ${after[1].toLowerCase() === 'termination' ? 'your account ends' : after[1]}` : howFreely(text, s);
  const fallback = /\b(?:if|where|unless|in accordance with|when necessary|in (?:case|the event) of)\b/i.test(text)
    ? ' in the cases the clause lists'
    : ' when it decides to';
  const listed = LISTED_CASES.test(text) ? ', in the cases listed after this sentence' : '';
  const when = reason || freely ? `${freely}${reason && freely ? ',' : ''}${reason}${listed}` : listed ? ' in the cases listed after this sentence' : fallback;
  const account = ACCOUNT_DELETED.test(text) && !negatedBefore(text, /delet\w*/) ? ' or delete your account' : '';
  // Only a denial of the provider's own liability ("without any liability to you"), not "you remain liable".
  const noLiability = has(
    text,
    /\bwithout (?:any |incurring any )?(?:\w+ )?(?:obligation or )?liability\b|\b(?:we|[A-Z][\w']+) (?:will|shall|are|is)? ?(?:not|no)\b[^.;]{0,20}\bliab/i,
  )
    ? ', and takes no responsibility for doing so'
    : '';
  return `The provider can ${list(verbs.length ? verbs : ['remove'], 'or')} ${what}${account}${when}${noLiability}.`;
}
