// Translation of liability clauses, part two: the denials (what the provider says it is not
// responsible for), and the items of a list of excluded losses read apart from their lead-in.
import { has, list } from '../../phrases.js';
import { enumeratedItems, findObject, joinItems, mainPart, NEGATION, plainWords, trimTrailing } from './liability-object.js';
import type { Specifics } from '../../specifics.js';

export type Rule = (text: string, s: Specifics) => string | undefined;

// ---------------------------------------------------------------------------------------------
// Denials: what the provider says it is not responsible for.

// The provider says it is liable: "We will be liable for any loss caused by our breach" (not "you", "users").
// The user named as a party is not the provider ("Customer is responsible for its connection charges").
const PROVIDER_ACCEPTS =
  /\b(?:we|(?!you\b|users?\b|(?:Customers?|Clients?|Users?|Licensees?|Members?|Subscribers?|Buyers?|Purchasers?|Account Holders?|Participants?|Players?|Sellers?)\b)[A-Z][\w.]+)\s+(?:will be|shall be|are|is)\s+(?:fully )?(liable|responsible)\b/;
// "Neither party shall be liable": the denial is mutual.
const MUTUAL = /\bneither party\b/i;

/** "any modification, suspension, or discontinuation of the Services" → "changes, suspends or shuts down the service". */
function changeActs(object: string): string | undefined {
  if (!/^(?:any )?(?:modification|change|price change|suspension|discontinu\w*|removing|terminat\w*)\b/i.test(object)) return undefined;
  const access = /\b(?:(?:suspension|termination)(?: or termination)? of|terminating) your access\b/i.exec(object);
  const rest = access ? object.replace(access[0], '') : object;
  const verbs = [
    /\bmodif|\bchange\b(?! to your)/i.test(rest.replace(/price change/i, '')) && 'changes',
    /\bsuspen/i.test(rest) && 'suspends',
    /\bdiscontinu|\bterminat/i.test(rest) && 'shuts down',
  ].filter(Boolean) as string[];
  const acts = [
    ...(verbs.length ? [`${list(verbs, 'or')} the service${/\bany part\b/i.test(object) ? ' (or any part of it)' : ''}`] : []),
    ...(access ? [`${/suspen/i.test(access[0]) ? 'suspends or ends' : 'ends'} your access`] : []),
    ...(/\bremov\w* (?:any )?content\b/i.test(object) ? ['removes content'] : []),
    ...(/\bprice change/i.test(object) ? ['changes its prices'] : []),
  ];
  return acts.length ? `The provider owes you nothing if it ${list(acts, 'or')}.` : undefined;
}

export function lawAllows(text: string): string {
  return has(text, /\bextent permitted\b|\bpermitted by (?:applicable )?law\b|\bfullest extent\b|\bmaximum extent\b/i) ? ', as far as the law allows' : '';
}

// The risk is the user's only where the quote puts it there ("at your own risk", "you are solely
// responsible"); a quote that sends the user to another user or a third party does not.
const YOURS_TO_CARRY =
  /\byour own risk\b|\bat your (?:sole )?risk\b|\byou (?:are|will be|shall be|remain) (?:solely |fully |entirely )?responsible\b|\byou (?:assume|bear|accept) (?:all |the |any )?(?:risk|responsibility)/i;
const ANOTHER_TO_HOLD = /\bhold (?:the |that |such |any )?(?:applicable )?(?:other )?(?:user|third part|person|advertiser|seller)/i;

function yoursToCarry(text: string): string {
  return YOURS_TO_CARRY.test(text) && !ANOTHER_TO_HOLD.test(text) ? ', so you carry that risk' : '';
}

export const denial: Rule = (text) => {
  const found = findObject(text);
  const refund = has(text, /\bobligation to provide a refund\b|\bwill not refund\b/i) ? ' and will not give you a refund' : '';
  const excluded = /\b(all [\w -]{3,40}?) are (?:expressly )?excluded from\b[^.]*\bliability\b/i.exec(text);
  if (excluded) return `The provider says it is not responsible for ${plainWords(excluded[1], text)}, whatever the cause${yoursToCarry(text)}.`;
  const noneOfWhich = /\b(?:exposed to|encounter) ([^.;]{3,120}?),?\s+none of which\b/i.exec(text);
  if (!found && noneOfWhich) return `The provider says it is not responsible for ${plainWords(noneOfWhich[1], text)}${yoursToCarry(text)}.`;
  if (found?.negated) {
    if (/^(?:any of )?the following\b/i.test(found.object)) return 'The provider refuses to pay for the losses the clause lists next.';
    const acts = changeActs(found.object);
    if (acts) return acts;
    const object = /^(?:it|them|this|that)$/i.test(found.object) ? (/\bthis (\w+)/i.exec(text)?.[0] ?? 'this') : found.object;
    const proviso = has(text, /^provided (?:that )?we have acted with professional diligence/i) ? ' (if it acted with professional diligence)' : '';
    const listed = has(text, /\bunless it is:\s*$/i) ? ', except in the cases the clause lists next' : '';
    if (MUTUAL.test(text)) return `Neither you nor the provider is responsible for ${object}.`;
    return withLead(conditionLead(text), `The provider says it is not responsible for ${object}${proviso}${refund}${listed}${yoursToCarry(text)}.`);
  }
  const accepts = PROVIDER_ACCEPTS.exec(text);
  if (found && accepts) return `The provider says it is ${accepts[1].toLowerCase()} for ${found.object}.`;
  if (found?.limited) return `The provider limits what it owes you for ${found.object}.`;
  if (!found && /:\s*$/.test(text) && has(text, NEGATION)) return 'The provider refuses to pay for the losses the clause lists next.';
  if (!found && has(text, NEGATION) && has(text, /\b(?:liab|responsib)/i)) return nothingOwed(text, refund);
  return found && !LIST_ITEM.test(text) ? `This clause is about who is responsible for ${found.object}.` : undefined;
};

// "If our platform experiences any disruptions, we are not liable ...": the denial holds only then.
// The subject is the provider (we, or a name), not "you do so at your own risk": case-sensitive.
const LEADING_CONDITION =
  /^\s*(?:[Ii]f|IF|[Ww]here|[Ww]hen|[Ii]n the event(?: that)?)\s+(.{3,300}?),\s+(?:then\s+)?(?:we|We|WE|(?!You\b|YOU\b)[A-Z][\w!.&'’-]*)\s+(?:will|shall|are|is|cannot|do|does|has|have|bears?|takes?|accepts?|assumes?|WILL|SHALL|ARE|IS)\b/;
const LONGEST_TOLD_CONDITION = 120;

/** "If the provider's platform experiences any disruptions", "In the cases the clause lists", or ''. */
function conditionLead(text: string): string {
  const m = LEADING_CONDITION.exec(text);
  // A business-use condition is told by the caller ("If you use the service for business: ...").
  if (!m || /\b(?:commercial|business) purposes?\b/i.test(m[1])) return '';
  if (m[1].length > LONGEST_TOLD_CONDITION) return 'In the cases the clause lists';
  return `If ${m[1].replace(/\bour\b/g, "the provider's").replace(/\b(?:we|us)\b/g, 'the provider')}`;
}

/** The sentence after its lead ("If ..., the provider says ..."), or the sentence alone. */
function withLead(lead: string, sentence: string): string {
  return lead ? `${lead}, ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}` : sentence;
}

/** A negated liability with no object: "we disclaim all ... liability", "Spotify shall have no liability to you". */
function nothingOwed(text: string, refund: string): string {
  if (has(text, /\bunavailab|\bdowntime\b|\boutages?\b|\bdisruptions?\b/i)) {
    return `The provider owes you nothing if ${has(text, /\ball or any part\b/i) ? 'all or part of ' : ''}the service is unavailable${has(text, /\bfor any reason\b/i) ? ', for whatever reason' : ''}.`;
  }
  const condition = /^(if [^,]+(?:, or if [^,]+)?),/i.exec(text)?.[1];
  const when = condition && !/\b(?:we|us|our)\b/i.test(condition) ? `${condition}, the provider` : 'The provider';
  const uses = has(text, /\bexercise (?:these|its|our) rights\b/i) ? ' when it uses these rights' : '';
  const risk = has(text, /\bat your own risk\b/i) ? ', and you use the service at your own risk' : '';
  return `${when} says it owes you nothing${uses}${lawAllows(text)}${refund}${risk}.`;
}

// A list item split off its lead-in: "(c) ANY CONTENT...; OR (d) UNAUTHORIZED ACCESS...", "LOSS OF USE;".
const LIST_ITEM = /^\s*(?:\((?:[a-h]|[ivx]{1,4}|\d{1,2})\)|(?:OR|AND)\b)|;\s*(?:and|or)?\s*$/;

export const listItem: Rule = (text) => {
  if (!LIST_ITEM.test(text)) return undefined;
  const body = text.replace(/^\s*(?:OR|AND)\s+/, '').replace(/[.;]\s*(?:and|or)?\s*$/i, '');
  const items = enumeratedItems(body) ?? [mainPart(body)];
  const kept = items.map((i) => plainWords(trimTrailing(i).trim(), text)).filter((i) => i.length > 2);
  return kept.length ? `It also refuses to pay for ${joinItems(kept)}.` : undefined;
};

// An item of a list whose lead-in ("Tumblr is not responsible for the following:") is another
// sentence: a noun phrase with no verb of its own ("Claims relating to any face-to-face meetings ...").
const FINITE_VERB =
  /\b(?:is|are|was|were|will|shall|may|must|can|could|would|should|might|agrees?|has|have|appl(?:y|ies)|includes?|limits?|excludes?|means?|does|do|contains?|provides?|states?)\b/i;
// Tumblr: "For the sake of clarity, this includes any and all claims related to ...".
const THIS_INCLUDES = /^\s*(?:for the sake of clarity,?\s*)?this (?:also )?includes\s+(?!responsibility\b)(.+?)\.?\s*$/i;
const LONGEST_ITEM = 400;

export const coveredItem: Rule = (text) => {
  const includes = THIS_INCLUDES.exec(text);
  if (includes) return `The liability limits also cover ${includes[1]}.`;
  if (text.length > LONGEST_ITEM || FINITE_VERB.test(text) || !/^\s*[A-Z][a-z]/.test(text)) return undefined;
  const item = text.trim().replace(/[.;:]\s*$/, '');
  return `The liability limits also cover this: ${item.charAt(0).toLowerCase()}${item.slice(1)}.`;
};
