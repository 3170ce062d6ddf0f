// Translation of termination clauses: who may suspend or end what (an account, a subscription,
// the contract, the whole service), on which conditions, and with how much warning. Verbs are
// read near the object they act on, so "without limiting our ability to..." or "in breach of
// these Terms" do not lend their words to the translation.
import { has, howFreely, list, negatedBefore, withoutTitleWords } from '../../phrases.js';
import type { Specifics } from '../../specifics.js';

const VERBS: [RegExp, string][] = [
  [/\bsuspen(?:d|ds|ded|ding|sion)\b/i, 'suspend'],
  [/\b(?:restrict|limit|revok)(?:s|ed|ing|e)?\b/i, 'restrict'],
  [/\b(?:disabl|deactivat)(?:e|es|ed|ing)\b/i, 'disable'],
  [/\bterminat(?:e|es|ed|ing|ion)\b|\bclos(?:e|es|ed|ing)\b|\bend\b/i, 'end'],
  [/\bdelet(?:e|es|ed|ing|ion)\b/i, 'delete'],
  [/\b(?:stop|cease|refuse to) (?:provid|offer)|\bdeny (?:any user )?access\b|\bdiscontinu|\bstop the services?\b|\baltogether\b/i, 'cut off'],
];

const OBJECTS: [RegExp, string][] = [
  [/\baccounts?\b/i, 'your account'],
  [/\bpaid subscriptions?\b/i, 'your paid subscription'],
  [/\bsubscriptions?\b/i, 'your subscription'],
  [/\bability to moderate\b|\bmoderator\b/i, 'your moderator role'],
  [/\baccess\b|\brights? to use\b|\bability to (?:use|access)\b/i, 'your access to the service'],
  [/\b(?:these terms|this (?:contract|agreement)|the agreement|this terms agreement)\b/i, 'this contract'],
  [/\busername|\bidentifier\b/i, 'your username'],
  // "suspend or terminate users", not "stop providing the Services to you or to users generally".
  [/(?<!\bto )\busers?\b(?!['’]s| content| generally)/i, 'your account'],
];

// Words that name a thing without acting on it: "in breach of these Terms", "under this Agreement".
const NOT_ACTED_ON = /(?:breach|violat\w*|under|pursuant to|accordance with)\s+(?:of\s+)?$/i;
// Asides that mention a power without using it: "without limiting Moltbook's ability to...".
const ASIDE = /\bwithout (?:limiting|prejudice (?:of|to)|deleting|cancel\w*|closing)[^,;.–—]*/gi;
// "the Services", "the Threads Service", "all or part of the Service", "stop the Services altogether".
// A product of the service ("the Premium Service", "the Beta Service") is not the whole of it.
const WHOLE_SERVICE =
  /\b(?:the|our|all or (?:any )?part of the|any (?:or all )?of (?:the|our)) (?:(?!(?:Premium|Beta|Paid|Pro|Plus|Free|Trial|Subscription|Additional|Optional|Enterprise|Business)\b)[A-Z][\w-]* )?(?:services?|platform)\b|\baltogether\b/i;
const PRODUCT_STOPPED =
  /\b(?:stop|cease|discontinue)\w*\s+(?:providing\s+|offering\s+)?(?:the|any|our)\s+((?:Premium|Beta|Paid|Pro|Plus|Trial|Subscription|Additional|Optional|Enterprise|Business)\s+(?:[Ss]ervices?|[Ff]eatures?|[Pp]roducts?))\b/;
// "We may change, suspend or discontinue any of our Services", "add or remove features".
const CHANGES_SERVICE = /\b(?:chang(?:e|es|ing)|modif(?:y|ies|ying)|add or remove)\b/gi;
// "... if you change your payment details": the user's change, not the provider's.
// The user as the subject right before the verb ("if you change", "you may change"), not as an object ("notify you and change").
const USER_BEFORE = /\b(?:you|users?)\s+(?:(?:may|can|could|might|must|will|shall|should|want to|wish to|choose to|decide to|need to)\s+)?$/i;

/** The provider may also change the service: a change verb that is neither the user's nor negated ("we will not change"). */
function providerChanges(clause: string): boolean {
  return [...clause.matchAll(CHANGES_SERVICE)].some((m) => {
    const before = clause.slice(Math.max(0, m.index - 40), m.index);
    return !USER_BEFORE.test(before) && !negatedBefore(before + m[0], new RegExp(m[0]));
  });
}

// The user's own right or remedy, not a power over them: "You can also delete your account",
// "Your right to terminate these Terms at any time remains unaffected".
const USER_RIGHT =
  /^\s*(?:and,?\s*)?(?:if you (?:wish|want|choose|decide|suspend|delete|cancel)\b|(?:you|users?) (?:can|are free to)\b)|\byou (?:always )?have the right to (?:terminate|cancel|end|stop|delete|remove)|\byour right to (?:terminate|cancel|end)/i;
export const USER_REMEDY = /\bright\b[^.]{0,40}\bbring a claim\b|\bclaim for breach of contract\b/i;
// The provider's own power stated in the same sentence as a user's right.
const PROVIDER_POWER =
  /(?:^|[;,]\s*(?:(?:and|but)\s+)?)(?:we|(?!You\b|Users?\b|Either\b|Both\b|Each\b)[A-Z][\w']+) (?:may|can|will|shall|reserves?)\b[^.;]{0,60}\b(?:suspend|terminat|close|disable|delete|restrict)/i;
const MUTUAL = /\b(?:you or we|either (?:party|of us)|both you and|we can each|each of us)\b/i;
const HAS_CONDITION =
  /\b(?:if|where|unless|in (?:case|the event) of|in the following cases|any of the following|due to|for the (?:following )?reasons|result in|in accordance with|when necessary)\b/i;

// "with no such notice being required in urgent situations such as preventing abuse": the examples
// say when notice may be skipped, not on what grounds the provider may act.
// The examples run to the end of the sentence or to the next ground (", or if you breach ...").
const URGENT_EXAMPLES = /\b(?:in )?urgent (?:situations|cases|circumstances)\b(?:\s+such as\b[^.;]*?)?(?=,\s*or\s+(?:if|where|when)\b|[.;]|$)/gi;

const REPEAT_INFRINGEMENT = /\brepeat(?:ed(?:ly)?)? (?:copyright )?infring\w*|\brepeat infringer\w*/i;
const RULE_BREACH =
  /\b(?:breach|violat|break (?:the rules|them|these|our)|fail(?:ure|s|ed)? to comply|(?:don['’]t|do not|does not) comply|misus|abus|without permission)/i;

const RULE_BREACHES = new RegExp(RULE_BREACH.source, 'gi');
const NEGATION_JUST_BEFORE = /(?:\b(?:not|never|no)|n['’]t)\b(?:\s+\w+){0,3}?\s+$/i;

// "who is the subject of repeated DMCA notifications", "upon receiving a complaint alleging infringement": a ground that
// is what others claim, not a breach found.
// (Not "upon notice to you": the provider's own notice.)
const ALLEGED =
  /\bsubject\b[^.;]{0,40}?\b(?:DMCA|infringement|notices?|notifications?|complaints?)\b|\b(?:receiv\w*|receipt of)\b[^.;]{0,40}?\b(?:notices?|notifications?|complaints?|claims?|reports?)\b[^.;]{0,20}?\b(?:from|alleging|that|claiming|of (?:infring|violation))|\ballegation|\balleg(?:e|es|ed|ing)\b/i;

/** The ground told as what others claim: "if it receives (repeated) notices that you infringe others' rights". */
function allegedGround(text: string): string | undefined {
  if (!ALLEGED.test(text)) return undefined;
  const repeated = /\brepeat/i.test(text) ? 'repeated ' : '';
  if (/\binfring|\bDMCA\b|\bcopyright/i.test(text)) return `if it receives ${repeated}notices that you infringe others' rights`;
  return `if it receives ${repeated}complaints or notices about you`;
}

function conditionsOf(clause: string): string[] {
  const text = clause.replace(URGENT_EXAMPLES, '');
  const alleged = allegedGround(text);
  if (alleged) return [alleged];
  const conditions: string[] = [];
  if (has(text, /\binactiv/i)) conditions.push('if the account stays inactive for long');
  // Repeat infringement is a ground of its own, beside any other breach the clause names
  // ("If you violate these Terms ..., if you repeatedly infringe ..."); other talk of infringing
  // material in the same clause is about that ground.
  const repeat = has(text, REPEAT_INFRINGEMENT);
  // "even if you do not violate any other provision": no ground; but a breach named without negation
  // elsewhere in the sentence still is one. "(don't|do not) comply" is itself the ground.
  const breach = [...text.matchAll(RULE_BREACHES)].some((m) => !NEGATION_JUST_BEFORE.test(text.slice(Math.max(0, m.index - 30), m.index)));
  if (breach || (!repeat && has(text, /\binfring/i) && !/\binfringing\b/i.test(text))) {
    conditions.push(
      has(
        text,
        /\bmaterial(?:ly)?\b[^.;]{0,20}\bbreach|\bbreach\w*\b[^.;]{0,20}\bmaterial(?:ly)?\b|\bserious(?:ly)? (?:or repeated(?:ly)? )?(?:breach|violat)/i,
      )
        ? has(text, /\brepeated/i)
          ? 'if you seriously or repeatedly break the rules'
          : 'if you seriously break the rules'
        : has(text, /\breasonably (?:believe|determine|suspect|consider)/i)
          ? 'if it reasonably believes you broke the rules'
          : has(text, /\b(?:believe|determine|suspect|opinion|reason to believe|deem|consider)/i)
            ? 'if it believes you broke the rules'
            : 'if you break the rules',
    );
  }
  if (repeat)
    conditions.push(
      has(text, /\bintellectual property|\bcopyright/i)
        ? "if you repeatedly infringe others' intellectual property"
        : 'if you repeatedly infringe the rights of others',
    );
  // LINE: "if a post is determined to be malicious, the account that made such post ... may be suspended".
  if (has(text, /\bmalicious\b/i) && !conditions.length) conditions.push('if it finds what you did or posted malicious');
  if (has(text, /\bCSA[EM]\b|\bchild (?:sexual )?(?:abuse|exploitation)\b/i)) conditions.push('for any involvement in child sexual abuse or exploitation');
  if (has(text, /\bunderage\b|\bunder the age\b/i)) conditions.push('if it suspects you are under age');
  if (has(text, /\buntrue\b|\binaccurate\b|\bfalse information\b/i)) conditions.push('if you give false information');
  if (has(text, /\bsecurity risks?\b|\babnormal activity\b|\bsuspicious\b/i)) conditions.push('if it sees a security risk');
  if (has(text, /\blegal (?:exposure|risk)\b/i)) conditions.push('if it sees a risk of legal exposure');
  if (has(text, /\bcommercial(?:ly)? (?:viab|inviab|impractical)/i)) conditions.push('if serving you is no longer commercially worthwhile');
  if ([...text.matchAll(STOPS_OFFERING)].some((m) => IF_IT_STOPS.test(text.slice(0, m.index)))) conditions.push('if it stops offering the service');
  if (
    has(
      text,
      /\brequired\b[^.;]{0,30}\bby (?:applicable )?law\b|\blegally required\b|\bnecessary to comply with (?:applicable )?laws?\b|\bgovernmental (?:demand|order)|\bcourt order/i,
    )
  )
    // "where we are permitted or required to do so by law": where the law allows it, not only where it requires it.
    conditions.push(
      has(text, /\bpermitted or required\b|\brequired or permitted\b/i)
        ? 'where the law allows or requires it'
        : has(text, /\bbelieve[^.;]{0,30}\bnecessary to comply\b/i)
          ? 'if it believes the law requires it'
          : 'if the law requires it',
    );
  return conditions;
}

/** The object acted on (nearest after the first verb, skipping "breach of X"), and where it is. */
function objectOf(clause: string): { object: string; at: number } | undefined {
  const verbAt = Math.min(...VERBS.map(([re]) => clause.search(re)).filter((i) => i >= 0));
  let best: { object: string; at: number; rank: number } | undefined;
  for (const [re, object] of OBJECTS) {
    for (const m of clause.matchAll(new RegExp(re.source, 'gi'))) {
      if (NOT_ACTED_ON.test(clause.slice(Math.max(0, m.index - 20), m.index))) continue;
      const rank = (Number.isFinite(verbAt) && m.index >= verbAt ? 0 : 1e6) + m.index;
      if (!best || rank < best.rank) best = { object, at: m.index, rank };
      break;
    }
  }
  return best;
}

/** Verbs near the object ("suspend your account", "account ... permanently terminated"), else anywhere. */
const CONTENT_AFTER = /^\s+(?:(?:your|the|any|all|of)\s+)*(?:content|posts?|data|information|contributions|messages|photos|videos)\b/i;

/**
 * The verb is the power the sentence states over the account: not negated ("we will not delete"),
 * for the provider's power not someone else's act ("you must delete", "if you ask us to delete"; a
 * passive "you may be suspended" is the provider's), and not aimed at content ("delete your posts").
 */
function actsWith(near: string, verb: RegExp, actor: TerminationActor, lead = ''): boolean {
  return [...near.matchAll(new RegExp(verb.source, 'gi'))].some((m) => {
    // `lead` is the clause just before the window, so a verb near its start still has its subject.
    const before = (lead + near.slice(0, m.index)).slice(-40);
    if (/(?:\b(?:not|never|no|cannot)|n['’]t)(?:\s+\w+){0,2}\s+$/i.test(before)) return false;
    if (actor === 'provider' && OTHER_REMOVES.test(before) && !/\b(?:be|been|being|get|gets)\s+$/i.test(before)) return false;
    // "If we decide to stop providing the Service ..., we may terminate": a ground, not a power.
    if (/^(?:stop|cease)/i.test(m[0]) && IF_IT_STOPS.test(before)) return false;
    return !CONTENT_AFTER.test(near.slice(m.index + m[0].length));
  });
}

// How far after the object its verb may stand: "the account that made such post itself may be suspended or deleted".
const NEAR_AFTER = 70;

function verbsOf(clause: string, objectAt: number | undefined, object: string, actor: TerminationActor): string[] {
  // The window ends at a word's end, so "without limitation" is never read as "limit".
  const end = objectAt === undefined ? clause.length : objectAt + NEAR_AFTER + (/^\w*/.exec(clause.slice(objectAt + NEAR_AFTER))?.[0].length ?? 0);
  const start = objectAt === undefined ? 0 : Math.max(0, objectAt - 80);
  const near = clause.slice(start, end);
  const found = VERBS.filter(([re]) => actsWith(near, re, actor, clause.slice(Math.max(0, start - 40), start))).map(([, verb]) => verb);
  const verbs = found.length ? found : ['end'];
  return [...new Set(verbs.map((verb) => (verb === 'end' && object === 'your account' ? 'close' : verb)))];
}

export type TerminationActor = 'provider' | 'user' | 'mutual';

/** Who holds the power the sentence states: the provider, the user (their own right), or either side. */
export function terminationActor(text: string): TerminationActor {
  if (MUTUAL.test(text)) return 'mutual';
  if (PROVIDER_POWER.test(text)) return 'provider'; // "you can cancel at any time; we may terminate ..."
  return USER_RIGHT.test(text) || USER_REMEDY.test(text) ? 'user' : 'provider';
}

/** The part of the sentence that holds the provider's power ("you may cancel at any time; we may end it only if ..."). */
function providerPart(clause: string): string {
  const parts = clause.split(/;\s*|,\s*(?:and|but|while)\s+(?=(?:we|you|users?|[A-Z][\w']+)\s+(?:may|can|will|shall|reserve))/i);
  return parts.find((p) => !/^\s*(?:you|users?)\b/i.test(p) && VERBS.some(([re]) => re.test(p))) ?? clause;
}

// A sentence that ends by introducing its grounds ("..., if:", "for the following reasons:").
const LISTS_GROUNDS_AFTER = /\b(?:if|when|where|because|reasons|cases|circumstances)\s*:\s*$/i;
// "we reserve the right to take appropriate legal action" (the provider's, not "you may take legal action against us")
const PROVIDER_SUES = /\b(?:[Ww]e|[A-Z][\w']+) (?:may|will|can|reserves? the right to)\b(?:(?!\b[Yy]ou\b)[^.;]){0,40}\btake (?:appropriate )?legal action\b/;
// "you will not create a new Pinterest account without our express written permission"
const NO_NEW_ACCOUNT = /\b(?:will|shall|may) not (?:create|open|register) (?:a |another )?new\b[^.;]{0,40}\baccount\b/i;
// "notify third parties, including law enforcement, and provide them data from your account"
const HANDS_DATA_OVER =
  /\bprovide (?:them|those third parties|third parties|law enforcement)\b[^.;]{0,30}\bdata\b|\b(?:share|disclose|provide)\b[^.;]{0,40}\b(?:data|information)\b[^.;]{0,40}\blaw enforcement\b/i;
// "your content ... may be deleted", "might become unavailable", "lose access to your data".
const STORED_LOSS =
  /\b(?:delet\w*|eras\w*|los[et]|loss of|unavailable|(?:no longer|not) be able to access)\b[^.;]{0,60}\b(?:content|data|information|files|memories)\b|\b(?:content|data|information|files|memories)\b[^.;]{0,60}\b(?:deleted|erased|lost|unavailable)\b/i;

export function terminationSentence(text: string, s: Specifics): string {
  if (NO_NEW_ACCOUNT.test(text))
    return `If the provider has disabled your account, you may not open a new one${has(text, /\bpermission\b/i) ? ' without its permission' : ''}.`;
  if (USER_REMEDY.test(text))
    return 'If the provider wrongly removes your content or suspends or closes your account, you may be able to sue it for breach of contract.';
  const clause = withoutTitleWords(text).replace(ASIDE, '');
  if (has(clause, /\bfor (?:good )?cause\b/i) && has(clause, /\bremains? unaffected\b/i)) {
    return has(clause, /\byour right\b/i)
      ? 'You keep your right to end the contract for good cause (a serious reason).'
      : 'The provider keeps its right to end the contract for good cause (a serious reason).';
  }
  const actor = terminationActor(clause);
  const mutual = actor === 'mutual';
  const userOnly = actor === 'user';
  const found = objectOf(clause);
  const wholeService = !found && WHOLE_SERVICE.test(clause);
  // "stop providing the Premium Service to you": one product, not the whole service.
  const product = !found && !wholeService ? PRODUCT_STOPPED.exec(clause)?.[1] : undefined;
  const object = found?.object ?? (wholeService ? 'the service' : product ? `the ${product}` : 'your use of the service');
  let verbs = product ? ['stop providing'] : verbsOf(clause, found?.at, object, actor);
  // "close your account or cease providing you with all or part of the Services": the service is cut off as well.
  const cutOff = !userOnly && (object === 'your account' || object === 'this contract') ? servedNoLonger(clause) : '';
  if (cutOff) verbs = verbs.filter((v) => v !== 'cut off').concat(verbs.every((v) => v === 'cut off') ? [object === 'your account' ? 'close' : 'end'] : []);
  if (wholeService)
    verbs = [...new Set([...(providerChanges(clause) ? ['change'] : []), ...verbs.map((v) => (v === 'end' || v === 'cut off' ? 'shut down' : v))])];
  const span = has(clause, /\btemporar\w* or permanent/i) ? ' temporarily or permanently' : has(clause, /\bpermanent/i) ? ' permanently' : '';
  const conditions = userOnly ? [] : conditionsOf(clause);
  const freely = howFreely(userOnly || mutual ? clause : providerPart(clause), s).replace(
    'after telling you',
    mutual ? 'after telling the other' : 'after telling you',
  );
  let when: string;
  if (conditions.length && freely.includes('for any reason') && /\bincluding\b/i.test(clause)) when = `${freely}, including ${list(conditions, 'or')}`;
  else if (conditions.length && freely.includes('for any reason')) {
    const rest = freely.replace(/,? ?for any reason/, '');
    when = `${rest ? `${rest},` : ''} ${list(conditions, 'or')}, or for any other reason`;
  } else if (conditions.length) when = `${freely ? `${freely},` : ''} ${list(conditions, 'or')}`;
  else if (freely || userOnly) when = freely;
  else when = HAS_CONDITION.test(clause) ? ' in the cases the clause lists' : ' when it decides to';
  // "We may suspend ... at any time, without prior notice, if:" — the grounds follow in a list.
  if (LISTS_GROUNDS_AFTER.test(clause) && !conditions.length) {
    when =
      when === ' in the cases the clause lists' || when === ' when it decides to'
        ? ' in the cases listed after this sentence'
        : `${when}, in the cases listed after this sentence`;
  }
  // Only deleting an account, or closing one where the clause says what is stored may be lost, loses it.
  const loss =
    !userOnly &&
    object === 'your account' &&
    (verbs.includes('delete') || (verbs.includes('close') && has(clause, STORED_LOSS) && !negatedBefore(clause, /los[et]|delet\w*|eras\w*|unavailable/)))
      ? ', and you may lose what you stored there'
      : '';
  const handsOver =
    !userOnly && HANDS_DATA_OVER.test(clause) && !negatedBefore(clause, /provide|share|disclose/)
      ? ', and it may pass your account data to others, including the police'
      : '';
  const sues =
    !userOnly && PROVIDER_SUES.test(clause) && !negatedBefore(clause, /take (?:appropriate )?legal action/) ? ', and take legal action against you' : '';
  const reclaims =
    !userOnly && RECLAIMS_NAME.test(clause) && !negatedBefore(clause, /reclaim/)
      ? `, and it may take back your username${RECLAIMS_AT_WILL.test(clause) ? ' at any time, for any reason' : ''}`
      : '';
  const who = mutual ? 'Either side' : userOnly ? 'You' : 'The provider';
  const removes = userOnly || mutual || object === 'the service' ? '' : alsoRemoves(clause);
  return `${who} can ${list(verbs, 'or')} ${object}${cutOff}${span}${removes}${when}${loss}${handsOver}${sues}${reclaims}.`;
}

// "stop providing you with all or any part of the Services", "completely or partially refuse to provide or
// stop providing the Service to you", "cease providing you with all or part of the Services".
const STOPS_SERVING =
  /\b(?:stop|cease|refuse to) (?:provid|offer)\w*(?: or (?:stop|cease) (?:provid|offer)\w*)?(?: you(?: with)?)? (all or (?:any )?part of )?(?:the |our )?(?:[A-Z][\w-]* )?(?:services?|platform)\b/i;
// "terminate your Google account or your access to all or part of the Service".
const ACCESS_TO_PART = /\b(?:or|and) (?:your )?access to all or (?:any )?part of (?:the |our )?(?:[A-Z][\w-]* )?(?:services?|platform)\b/i;

// "if we stop providing", "if Spotify ceases offering": the provider ending the service is a ground.
const STOPS_OFFERING = /\b(?:stops?|ceases?) (?:providing|offering)\b/g;
// Case-sensitive: the provider ("we", a name) is the subject, not "you"; "If we decide to stop providing".
const IF_IT_STOPS = /\b(?:[Ii]f|[Ww]hen|[Ww]here|[Bb]ecause)\s+(?:we|it|(?!You\b|Users?\b)[A-Z][\w'’]+)(?:\s+\w+){0,3}?\s+$/;

/** The service withheld beside the account or contract: " or stop providing all or part of the service to you", or ''. */
function servedNoLonger(clause: string): string {
  const stops = STOPS_SERVING.exec(clause);
  // Spotify's "... if we stop providing the Spotify Service": a ground for ending the contract, not a power.
  if (stops && IF_IT_STOPS.test(clause.slice(0, stops.index))) return '';
  if (stops && !negatedBefore(clause.slice(0, stops.index + stops[0].length), /stop|cease|refuse/)) {
    const part = stops[1] || has(clause, /\bpartially\b|\bin (?:whole or in )?part\b/i);
    return ` or stop providing ${part ? 'all or part of ' : ''}the service to you`;
  }
  return ACCESS_TO_PART.test(clause) ? ' or your access to all or part of the service' : '';
}

// "and we may reclaim your username at any time for any reason" (Snapchat), beside the account power.
const RECLAIMS_NAME = /\breclaim (?:your |any )?(?:username|user name|handle)s?\b/i;
const RECLAIMS_AT_WILL = /\breclaim\b[^.;]{0,40}\bat any time\b[^.;]{0,10}\bfor any reason\b/i;

// "removing your Content", "remove or refuse to distribute any Content", "removal or deletion of your
// Contributions", "remove Lounges, channels, or content".
const REMOVES_CONTENT =
  /\b(?:remov(?:e|ing|al)|delet(?:e|ing|ion)|tak(?:e|ing) down)\b(?:\s+(?:or|and)\s+\w+(?:\s+to\s+\w+)?)?(?:\s+of)?(?:\s+[\w-]+,)*\s+(?:or\s+|and\s+|any\s+|your\s+|the\s+|offending\s+|direct\s+)*(?:content|contributions|posts|messages|photos|videos)\b/i;
const USER_ACTS_BEFORE = /\byou\s+(?:may|can|could|might|are able to|choose to|decide to)\b[^.;]*$/i;
// Someone else is the removal's subject: "if you fail to remove", "if you ask us to delete", "other
// users may remove", "Moderators may remove posts", "you must delete" (not "notifying you, removing").
// The subject directly before its modal: not "warn you or suspend", "contact you before we delete", "tell you before we remove".
const OTHER_REMOVES =
  /\b(?:you|users?|moderators?|others|they)\s+(?:(?:also|then|first)\s+)?(?:(?:may|can|could|might|must|should|will|shall|fail(?:s|ed)? to|refuse(?:s|d)? to|ask(?:s|ed)? us to|request(?:s|ed)? (?:that )?(?:we|us to)|choose to|decide to|want to|wish to|have to|need to|are able to|are free to)\s+)?(?:(?:not|also|first|then|immediately)\s+)?$/i;

/** The provider's power to remove content, named beside its power over the account (" and remove your content"). */
function alsoRemoves(clause: string): string {
  const m = REMOVES_CONTENT.exec(clause);
  if (!m) return '';
  const before = clause.slice(0, m.index);
  if (USER_ACTS_BEFORE.test(before) || OTHER_REMOVES.test(before)) return '';
  // Only a negation next to the removal counts ("we cannot remove", not "we will not delete your data").
  if (negatedBefore(`${before.slice(-30)}${m[0]}`, /remov\w*|delet\w*|tak\w* down/) || /\bcannot\s+(?:\w+\s+){0,2}$/i.test(before)) return '';
  return /\byour\b/i.test(m[0]) ? ' and remove your content' : ' and remove content';
}

// A power that only suspends or bans for a time is no termination.
const SUSPENDS_ONLY = /\bsuspen\w*|\btemporar\w* ban|\bban\w*\b[^.;]{0,20}\btemporar/i;
const ENDS = /\bterminat|\bclos(?:e|es|ed|ing)\b|\bdelet|\bend\b|\bcancel|\bdisabl|\bdeactivat|\bremov|\bpermanent/i;

function endedWithoutAccount(ended: string, object: string | undefined): string {
  const act = ended.replace(/^Account /, '');
  if (object === 'your access to the service') return `Access ${act}`;
  return act.charAt(0).toUpperCase() + act.slice(1);
}

/** A short title: whose power it is, and how it is held (at will only when no grounds are stated). */
export function terminationTitle(text: string): string {
  const actor = terminationActor(text);
  if (actor === 'user') return 'Your right to end the contract';
  if (actor === 'mutual') return 'Either side may end the contract';
  const clause = providerPart(text.replace(ASIDE, ''));
  const conditions = conditionsOf(clause);
  const atWill =
    /\bat any time\b|\bfor any (?:other )?(?:or no )?reason\b|\b(?:sole|absolute|own) discretion\b|\bwithout (?:any |prior )?notice\b|\bat (?:our|its) convenience\b/i.test(
      clause,
    );
  // What ends: a username, the whole service ("We may discontinue some or all of our Services"), or an account.
  const found = objectOf(clause);
  const ended =
    found?.object === 'your username'
      ? 'Username removal'
      : found?.object === 'your moderator role'
        ? 'Moderator role removal'
        : found?.object === 'your paid subscription' || found?.object === 'your subscription'
          ? 'Subscription termination'
          : !found && WHOLE_SERVICE.test(clause)
            ? 'Service discontinuation'
            : found?.object === 'your access to the service' && !/\bterminat|\bclos|\bdelet|\bend\b/i.test(clause)
              ? 'Access restriction'
              : SUSPENDS_ONLY.test(clause) && !ENDS.test(clause)
                ? 'Account suspension'
                : 'Account termination';
  // An account only where the quote names one (or its users): else what ends is told as the quote names it.
  const what = /^Account/.test(ended) && !/\baccounts?\b|\busers?\b|\bmembers?\b/i.test(text) ? endedWithoutAccount(ended, found?.object) : ended;
  if (conditions.length && /\bfor any (?:other )?(?:or no )?reason\b|\bat (?:our|its) convenience\b/i.test(clause)) return `${what} at will`;
  if (conditions.some((c) => c.includes('inactive'))) return `${what} for inactivity`;
  if (conditions.some((c) => c.includes('notices'))) return `${what} on others' notices`;
  if (conditions.some((c) => c.includes('rules') || c.includes('infringe'))) return `${what} for rule breaches`;
  // "If messages to your address bounce, we may terminate your account without notice": a condition is a ground.
  if (conditions.length || LISTS_GROUNDS_AFTER.test(clause) || /^\s*(?:if|when|where|in the event|should|upon)\b/i.test(text))
    return `${what} on stated grounds`;
  if (/\b(?:\d+|fourteen|thirty|sixty|ninety)\s*(?:\(\d+\)\s*)?days?['’]?\s*(?:prior |advance |written )?notice\b|\bnotice period\b/i.test(clause))
    return `${what} with notice`;
  return atWill ? `${what} at will` : what;
}
