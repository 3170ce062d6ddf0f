// Translations of the clauses that give the provider a power over the user (termination, change,
// content removal, liability limits, binding by use). Each names who may do what, to what, on
// which conditions and with how much warning, as the clause itself says; nothing is assumed
// ("at any time", "without notice") that the clause does not say.
import { has, howFreely, list } from './phrases.js';
import type { Specifics } from './specifics.js';

/** The clause with "Terms of Service/Use" folded to "Terms", so "service" means the service. */
function withoutTitleWords(text: string): string {
  return text.replace(/\bterms of (?:service|use)\b/gi, 'Terms');
}

const TERMINATION_VERBS: [RegExp, string][] = [
  [/\bsuspen(?:d|ds|ded|ding|sion)\b/i, 'suspend'],
  [/\b(?:restrict|limit)(?:s|ed|ing)?\b/i, 'restrict'],
  [/\b(?:disabl|deactivat)(?:e|es|ed|ing)\b/i, 'disable'],
  [/\bterminat(?:e|es|ed|ing|ion)\b|\bclos(?:e|es|ed|ing)\b|\bend\b/i, 'end'],
  [/\bdelet(?:e|es|ed|ing|ion)\b/i, 'delete'],
  [/\b(?:stop|cease|refuse to) provid|\bdeny (?:any user )?access\b|\bdiscontinu/i, 'cut off'],
];

const TERMINATION_OBJECTS: [RegExp, string][] = [
  [/\baccounts?\b/i, 'your account'],
  [/\bpaid subscriptions?\b/i, 'your paid subscription'],
  [/\bsubscriptions?\b/i, 'your subscription'],
  [/\baccess\b/i, 'your access to the service'],
  [/\b(?:these terms|this (?:contract|agreement)|the agreement)\b/i, 'this contract'],
  [/\busername|\bidentifier\b/i, 'your username'],
];

function terminationConditions(text: string): string[] {
  const conditions: string[] = [];
  if (has(text, /\binactiv/i)) conditions.push('if the account stays inactive for long');
  if (has(text, /\brepeat(?:ed(?:ly)?)? infring/i)) conditions.push('if you repeatedly infringe the rights of others');
  else if (has(text, /\b(?:breach|violat|infring|break the rules|fail(?:ed)? to comply|misus|abus)/i)) {
    conditions.push(has(text, /\b(?:believe|determine|suspect|opinion|reason to believe|deem|consider)/i) ? 'if it believes you broke the rules' : 'if you break the rules');
  }
  if (has(text, /\brequired\b[^.;]{0,30}\bby (?:applicable )?law\b|\blegally required\b|\bgovernmental (?:demand|order)|\bcourt order/i)) conditions.push('if the law requires it');
  return conditions;
}

/** The object acted on: the first one named after the first termination verb, else the first named at all. */
function terminationObject(clause: string): string {
  const verbAt = Math.min(...TERMINATION_VERBS.map(([re]) => clause.search(re)).filter((i) => i >= 0));
  let best: { at: number; object: string } | undefined;
  for (const [re, object] of TERMINATION_OBJECTS) {
    const global = new RegExp(re.source, 'gi');
    for (const m of clause.matchAll(global)) {
      const after = Number.isFinite(verbAt) && m.index >= verbAt;
      const rank = (after ? 0 : 1e6) + m.index;
      if (!best || rank < best.at) best = { at: rank, object };
      break;
    }
  }
  return best?.object ?? 'your use of the service';
}

export function terminationSentence(text: string, s: Specifics): string {
  const clause = withoutTitleWords(text);
  const mutual = has(clause, /\b(?:you or we|either (?:party|of us)|both you and|we can each|each of us)\b/i);
  const userOnly = !mutual && has(clause, /^\s*(?:you|users?) (?:can|may)\b/i);
  const object = terminationObject(clause);
  const verbs = TERMINATION_VERBS.filter(([re]) => re.test(clause)).map(([, verb]) => (verb === 'end' && object === 'your account' ? 'close' : verb));
  const span = has(clause, /\btemporar\w* or permanent/i) ? ' temporarily or permanently' : has(clause, /\bpermanent/i) ? ' permanently' : '';
  const conditions = userOnly ? [] : terminationConditions(clause);
  const freely = howFreely(clause, s).replace('after telling you', mutual ? 'after telling the other' : 'after telling you');
  const when = conditions.length ? `${freely ? `${freely},` : ''} ${list(conditions, 'or')}` : freely || (userOnly ? '' : ' when it decides to');
  const loss = !userOnly && object === 'your account' && has(clause, /\bcontent|\bdata\b/i) ? ', and you may lose what you stored there' : '';
  const actor = mutual ? 'Either side' : userOnly ? 'You' : 'The provider';
  return `${actor} can ${list(verbs.length ? [...new Set(verbs)] : ['end'], 'or')} ${object}${span}${when}${loss}.`;
}

const CHANGE_VERB = /\b(?:modif(?:y|ies|ied|ying|ications?)|chang(?:e|es|ed|ing)|updat(?:e|es|ed|ing)|amend(?:s|ed|ing|ments?)?|revis(?:e|es|ed|ing|ions?)|alter(?:s|ed|ing|ations?)?|add or remove|withdraw|suspend|discontinu(?:e|es|ed|ing)|impose limits|create limits|cancel)\b/i;
const CHANGE_OBJECTS: [RegExp, string][] = [
  [/\bprices?\b|\bpricing\b|\bfees?\b|\bcharges?\b/i, 'its prices'],
  [/\b(?:terms|agreement|contract|conditions|polic(?:y|ies)|guidelines)\b/i, 'these terms'],
  [/\bservices?\b|\bfeatures?\b|\bfunctionalit|\bproducts?\b|\bofferings?\b|\blimits?\b|\bprogram\b/i, 'the service'],
];

/** What is changed: the object named first after the first change verb, else the first named at all. */
function changeObject(clause: string): string {
  const at = Math.max(clause.search(CHANGE_VERB), 0);
  const first = (from: number) =>
    CHANGE_OBJECTS.map(([re, object]) => ({ object, index: clause.slice(from).search(re) }))
      .filter((m) => m.index >= 0)
      .sort((a, b) => a.index - b.index)[0]?.object;
  return first(at) ?? first(0) ?? 'the service';
}

export function changeSentence(text: string, s: Specifics): string {
  const clause = withoutTitleWords(text);
  const object = changeObject(clause);
  const ends = object === 'the service' && has(clause, /\bsuspend|\bdiscontinu|\bstop (?:providing|offering)|\bend (?:any|the|all)\b|\bterminat|\bwithdraw|\beliminat/i);
  const what = ends ? 'change, suspend or end the service' : `change ${object}`;
  const prospective = has(clause, /\bprospectiv/i) ? '; new prices apply only from then on' : '';
  const continued = has(clause, /\bcontinu\w* (?:to )?(?:use|access)|\bby (?:continuing|using)|\bcontinued use\b/i) ? '; simply keeping on using the service counts as accepting the change' : '';
  return `The provider can ${what}${howFreely(clause, s)}${prospective}${continued}.`;
}

const REMOVAL_VERBS: [RegExp, string][] = [
  [/\b(?:remov|delet)(?:e|es|ed|ing|al|ion)\b|\btake(?:s|n)? down\b/i, 'remove'],
  [/\b(?:block|hid(?:e|es|ing)|disabl(?:e|es|ing) access|restrict)/i, 'block'],
  [/\b(?:edit|modif(?:y|ies)|alter|reformat)/i, 'edit'],
  [/\brefuse to (?:post|display|publish|accept|distribute)|\breject\b/i, 'refuse to publish'],
  [/\b(?:monitor|review|screen|pre-screen)\b/i, 'check'],
];

export function removalSentence(text: string, s: Specifics): string {
  const own = has(text, /\buser content\b|\byour (?:content|posts?|submissions?|materials?|comments?|photos?|videos?)\b|\byou (?:post|upload|submit|share|provide)(?:ed|d)?\b|\bsubmissions?\b|\bposts?\b/i);
  const verbs = [...new Set(REMOVAL_VERBS.filter(([re]) => re.test(text)).map(([, verb]) => verb))];
  const reason = has(text, /\bobjectionable|\binappropriate|\boffensive/i)
    ? ' if it finds it objectionable'
    : has(text, /\bviolat|\bbreach|\binfring|\billegal|\bunlawful/i)
      ? ' if it believes it breaks the rules or the law'
      : '';
  const freely = howFreely(text, s);
  const when = reason || freely ? `${freely}${reason && freely ? ',' : ''}${reason}` : ' when it decides to';
  const noLiability = has(text, /\bliab/i) ? ', and takes no responsibility for doing so' : '';
  return `The provider can ${list(verbs.length ? verbs : ['remove'], 'or')} ${own ? 'what you post' : 'content on the service'}${when}${noLiability}.`;
}

const DOCUMENT_NAME = /\bagree (?:to be bound by |to )(?:the |these |our )?((?:[A-Z][\w-]*\s?){1,5})/;

export function usingSentence(text: string): string {
  if (has(text, /\b(?:new|revised|updated|modified|then-current) (?:terms|version|agreement|user agreement)\b|\bfollowing (?:any |the |such )?changes\b|\bafter (?:any |the |such )?(?:changes|modifications|updates)\b|\bcontinu\w* (?:to )?(?:use|access)\b[^.]{0,80}\b(?:after|following)\b|\bcontinued use\b/i)) {
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
