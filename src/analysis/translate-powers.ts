// Translations of the clauses that give the provider a power over the user (changes, content
// removal, binding by use; termination and liability have their own files). Each names who may do what, to what, on
// which conditions and with how much warning, as the clause itself says; nothing is assumed
// ("at any time", "without notice") that the clause does not say.
import { has, howFreely, list, negatedBefore, noticePhrase, withoutTitleWords } from './phrases.js';
import type { Specifics } from './specifics.js';
import { USER_REMEDY } from './translate-termination.js';

const CHANGE_VERB =
  /\b(?:modif(?:y|ies|ied|ying|ications?)|chang(?:e|es|ed|ing)|updat(?:e|es|ed|ing)|amend(?:s|ed|ing|ments?)?|revis(?:e|es|ed|ing|ions?)|alter(?:s|ed|ing|ations?)?|add or remove|withdraw|suspend|discontinu(?:e|es|ed|ing)|impose limits|create limits|cancel)\b/i;
const CHANGE_OBJECTS: [RegExp, string][] = [
  [/\buser content\b|\byour content\b/i, 'what you post'],
  [/\bprices?\b|\bpricing\b|\bfees?\b|\bcharges?\b/i, 'its prices'],
  [/\b(?:terms|agreement|contract|conditions|polic(?:y|ies)|guidelines)\b/i, 'these terms'],
  [/\bservices?\b|\bplatform\b|\bfeatures?\b|\bfunctionalit|\bproducts?\b|\bofferings?\b|\blimits?\b|\bprogram\b/i, 'the service'],
];
// "these Terms or the Platform", "our Service and policies": a second object joined to the first.
const JOINED = /^\s*,?\s*(and\/or|and|or)\s+(?:(?:the|our|these|this|its|any|all|of)\s+)*/i;

/**
 * What is changed: the object named first after the first change verb (else the first named at
 * all), with any other object joined to it ("these Terms or the Platform" → "these terms or the service").
 */
function changeObject(clause: string): string {
  const verbAt = Math.max(clause.search(CHANGE_VERB), 0);
  const firstFrom = (from: number) =>
    CHANGE_OBJECTS.map(([re, object]) => ({ object, at: from + clause.slice(from).search(re), hit: clause.slice(from).search(re) >= 0 }))
      .filter((m) => m.hit)
      .sort((a, b) => a.at - b.at)[0];
  const found = firstFrom(verbAt) ?? firstFrom(0);
  if (!found) return 'the service';
  // The text after the object's first word: " and policies, and we may ...".
  const rest = clause.slice(found.at).replace(/^\S+/, '');
  const joined = JOINED.exec(rest);
  const next = joined && CHANGE_OBJECTS.find(([re]) => new RegExp(`^(?:${re.source})`, 'i').test(rest.slice(joined[0].length)));
  if (!joined || !next || next[1] === found.object) return found.object;
  return list([found.object, next[1]], joined[1].toLowerCase() === 'or' ? 'or' : 'and');
}

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
  ['the service', 'the service'],
  ['what you post', 'what you post'],
];

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
  const name = ends ? 'Changes to or end of the service' : `Changes to ${objects}`;
  return noticePhrase(clause, s) === 'without telling you first' ? `${name} without notice` : name;
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
    ? ' if it finds it objectionable'
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

const DOCUMENT_NAME =
  /\bagree (?:to be bound by |to )(?:any |the |these |our )?([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4}|(?:additional|supplemental|community|paid subscription) terms)/;

export function usingSentence(text: string): string {
  if (
    has(
      text,
      /\bonce the changes\b|\bcome into effect\b|\bas modified\b|\bmodifications\b|\bcontinued participation\b|\b(?:new|revised|updated|modified|then-current) (?:terms|version|agreement|user agreement)\b|\bfollowing (?:any |the |such )?changes\b|\bafter (?:any |the |such )?(?:changes|modifications|updates)\b|\bcontinu\w* (?:to )?(?:use|access)\b[^.]{0,80}\b(?:after|following)\b|\bcontinued use\b/i,
    )
  ) {
    return 'Simply continuing to use the service after the terms change counts as accepting the new terms, without signing anything.';
  }
  const acts: string[] = [];
  if (has(text, /\bsign(?:ing)? up|\bregister|\bcreat\w+ an account/i)) acts.push('signing up for');
  if (has(text, /\bdownload|\binstall/i)) acts.push('downloading');
  if (has(text, /\baccess/i)) acts.push('accessing');
  if (has(text, /\bvisit|\bbrows/i)) acts.push('visiting');
  acts.push('using');
  const named = DOCUMENT_NAME.exec(text)?.[1]?.trim();
  const document = named && !/^(?:Terms|Agreement|These|This)$/i.test(named) ? `the ${named}` : 'these terms';
  return `Just ${list(acts, 'or')} the service binds you to ${document}, without signing anything.`;
}
