// provider_termination: the provider may suspend or end the user's account or access ("We may suspend or
// terminate your account ... at any time if we reasonably believe: ..."), or the terms end by themselves
// when the user breaches them ("this Agreement will terminate automatically if you fail to comply").
// Read by grammar: the subject is the provider (or both parties), the verb ends or suspends, and the head
// of its object is the user's account, access, use or these terms, not content, data or features ("block
// or prevent access to any of Your Content" is about content). A list is read with its lead-in.
// `without_notice`: the terms say it may act "without (prior) notice", "with or without notice", "without
// warning" or "immediately", that it is "not required to give notice before terminating", or that the
// terms end automatically on a breach; "we will try to give you notice" is notice. `without_cause`: "for
// any (or no) reason", "any other reason", "for its convenience", "refuse service to anyone", "deny anyone
// access", or "at any time" with no condition attached. Not the user's own right to close the account,
// not what follows an ending ("Upon termination, ..."), not summaries the terms say have no legal effect.
import { byPreference, evidenceOf, withLeadIn, type FactSentence } from './sentences.js';
import type { ProviderTermination } from './types.js';

const VERB = `(?:suspend|terminat|disabl|delet|clos|ban|block|deactivat|revok|restrict|deny|denie|den(?:y|ies)|stop(?:ping)? providing|refus\\w*(?: to (?:provide|permit|allow|grant))?|cancel|end|discontinu|withdraw|remov)\\w*`;
const POWER = new RegExp(
  `\\b(we|[A-Z][\\w!.-]+|it|both you and [A-Z]\\w+|either party)(?:\\s*\\([^)]*\\)\\s+|,[^,;.]{1,80},\\s*|\\s+)(?:expressly\\s+)?(?:may|can|might|will|shall|owns?\\s+the\\s+right|reserves?\\s+the\\s+right|retains?\\s+the\\s+right|ha(?:s|ve)\\s+the\\s+right|is\\s+entitled|are\\s+entitled|shall\\s+be\\s+entitled)\\b`,
  'gi',
);
const VERBS = new RegExp(`\\b${VERB}\\b`, 'gi');
const PASSIVE = new RegExp(
  `\\b(?:your (?:account|membership|access|use|license|licence|right to (?:access|use))|accounts?|users?|you)\\b[^.;]{0,80}\\b(?:may|can|will) be (?:temporarily |permanently |immediately )?(?:suspended|terminated|disabled|deleted|closed|banned|deactivated|blocked|revoked)\\b|\\b(?:suspension|termination)s?\\b[^.;]{0,40}\\b(?:may|can) (?:happen|occur|take place)\\b|\\bwon['’]t provide (?:you with )?notice before (?:termination|suspension)\\b|\\b(?:may|will|shall|can) (?:cause|result in|lead to|be subject to)\\s+(?:the\\s+)?(?:immediate\\s+)?(?:account\\s+)?(?:suspension|termination|deletion|closure|blocking)\\b(?:\\s+or\\s+\\w+)?(?:\\s+of\\s+(?:your|his\\/her|his or her|their|the user['’]s|such|the)\\s+(?:\\w+\\s+)?(?:account|access|membership)|\\s*[.;]|$)`,
  'i',
);
// The terms end by themselves on a breach: "this Agreement will terminate automatically", "your authorization ... automatically terminate",
// "Any use ... other than as authorized ... will terminate the license granted herein".
const AUTOMATIC =
  /\b(?:this agreement|these terms|the (?:license|licen[cs]e) granted|your (?:license|licen[cs]e|right|rights|access|authori[sz]ation|permission)\b[^.;]{0,60}?)[^.;]{0,40}?\b(?:will|shall)?\s*(?:terminate\s+automatically|automatically\s+terminates?|terminates?\s+automatically)\b|\b(?:will|shall)\s+(?:automatically\s+)?terminate\s+(?:the|your|this)\s+(?:[\w-]+\s+)?(?:license|licence|agreement|rights?|access|authori[sz]ation|permission)\b/i;
const BREACH = /\bviolat\w*|\bbreach\w*|\bunauthori[sz]ed\b|\bprohibited\b|\bfail\w* to comply\b|\bother than as\b|\bnot (?:in )?compl\w*/i;
/** The head of the verb's object is the user's account or access, or these terms. */
const ACCOUNT_OBJECT =
  /^\W*(?:(?:the |any |all |a )?(?:user['’]?s?|users['’]?|your|his or her|their|any|all|such)?\s*(?:[\w-]+\s+){0,2}?(?:accounts?|access(?!\s+to\s+(?:[\w-]+\s+){0,3}?(?:content|data|materials?|features?|offerings?|functionality|portions?|information|posts?)\b)|membership|profile|username|participation|use of|right to (?:access|use)|registration|usership|licen[cs]e|(?:use |user |account |access )?privileges|(?:any )?(?:further )?obligations to you)\b|services?(?=\s+(?:without|with|at|for|immediately|if|to you)\b|[,.;])|to anyone\b|(?:these|this|the) (?:terms|agreement|contract|tos|user agreement|license|licence)\b|(?:its|our|their|the|this|your) (?:legal )?(?:agreement|contract|relationship) with you\b|(?:providing |provision of )?(?:all or (?:any )?part of )?(?:the |our |any )?(?:[\w-]+ )?services? (?:provided )?to you\b|(?:anyone|any person|any user|you)\b[^.;]{0,20}?\baccess\b|(?:service|access) to anyone\b|providing you\b)/i;
// Access to the service, named as such or by its capitalised name ("access to the Twitch Services"), not to content ("access to any User Content").
const ACCESS_TO = /^\W*access to (?:and use of )?(?:the |our |all or part of (?:the )?)?(\S+)((?:\s+\S+){0,4})/i;
const CONTENTISH = /\b(?:content|data|materials?|features?|offerings?|functionality|portions?|information|posts?)\b/i;

function accessToService(after: string): boolean {
  const m = ACCESS_TO.exec(after);
  if (!m || CONTENTISH.test(`${m[1]}${m[2]}`)) return false;
  return /^(?:services?|app|site|website|platform)\b/i.test(m[1]) || /^\p{Lu}/u.test(m[1]);
}

const USER_ACTS = /^\W*(?:you|users?)\s+(?:may|can|are free to|have the right)\b/i;
const WITHOUT_NOTICE =
  /\bwithout (?:any )?(?:prior |advance |further )?(?:notice|warning|notification)\b|\bwith or without (?:prior |advance )?notice\b|\bimmediately\b|\bwon['’]t provide (?:you with )?notice\b|\bwithout (?:notifying|informing|warning) (?:you|the user|users?|the member|the customer)\b|\bwithout (?:cause|reason),? (?:or|and) (?:prior |advance )?notice\b|\bwithout (?:the |any )?obligation to (?:give|provide|send) (?:you )?(?:any )?(?:prior |advance )?notice\b/i;
// The provider need not warn before it ends the account: "Valve is not required to provide you notice before terminating".
const NO_NOTICE_NEEDED =
  /\b(?:termination|suspension)\b[^.;]{0,60}\b(?:may|will|can) (?:be|occur|happen|take place) without (?:any )?(?:prior |advance )?notice\b|\bnot (?:be )?(?:required|obliged|obligated) to (?:give|provide|send) (?:you )?(?:any )?(?:prior |advance )?(?:notice|warning)\b[^.;]{0,80}\b(?:terminat|suspen|clos|delet|disabl)\w*/i;
const WITHOUT_CAUSE =
  /\bfor any (?:or no )?reason\b|\bfor no reason\b|\bany other reason\b|\bfor other reasons\b|\bany reason or no reason\b|\bwith or without cause\b|\bwithout (?:cause|reason)\b|\b(?:(?:at|for) )?(?:our|its|\p{Lu}\w+['’]s) (?:sole )?convenience\b|\bfor convenience\b|\brefuse service to anyone\b/iu;
// Powers with no cause of their own; without cause when no condition is attached ("at any time", "deny access to any person").
const UNCONDITIONAL =
  /\bat any time\b|\bat (?:our|its|their|\w+['’]s) (?:own |sole |absolute |sole and absolute )?discretion\b|\b(?:den(?:y|ies)|refus\w*)\s+(?:(?:to provide\s+)?(?:the\s+)?(?:access|services?)(?:\s+to)?\s+)?any(?:one|body| person| user| individual)\b/i;
// What follows an ending, not a power to end: "If these Terms are terminated for any reason: ...", "Upon termination, ...".
const AFTERMATH = /^\W*(?:if|upon|when|after|on|following|once)\b[^,:]{0,80}\b(?:terminat|suspen|delet|clos|deactivat)\w*\b/i;
const CONDITIONED =
  /\b(?:if|where|when|in case|in the event|because|for (?:any )?(?:violation|breach)|upon|unless)\b|\bwho\b[^.;]{0,30}\b(?:violat|breach|not comply|fails?)|\bviolat\w*|\bbreach\w*/i;
// What is no condition: examples after "including" ("at any time, including if we determine ..."), and notice ("immediately upon notice").
const NOT_A_CONDITION =
  /,?\s*\binclud\w*(?: but not limited to| without limitation)?,?\s+(?:if|where|when|because)\b[^;]*|\bupon (?:prior |written |reasonable )?notice\b/gi;
// Subjects that hold no power over an account ("Services may be ...", "they may be sent to you at any time").
const NO_SUBJECT =
  /^(?:services?|content|terms|information|data|fees?|prices?|payments?|features?|products?|subscriptions?|this|these|they|such|any|each|all|some|you|users?|it|parental|controls?|customers?|clients?|members?|subscribers?|licensees?|buyers?|sellers?|merchants?|developers?|advertisers?|publishers?|agency|agencies|resellers?|partners?|employers?|parents?|guardians?|administrators?|admins?|owners?|managers?)$/i;
const COORDINATED_VERBS = new RegExp(
  `^(?:\\s*,?\\s*(?:and\\/or|or|and)?\\s*(?:temporarily |permanently |indefinitely |immediately |otherwise )?${VERB}\\b)*`,
  'i',
);

// The earlier words of a name before its last ("Wild Sky Media may", "Freja eID Group retains"): at most four, each with a capital.
const NAME_WORDS = /(?:(?<=^|\s)[a-z]{0,3}\p{Lu}[\p{L}\d.&-]*\s+){1,4}$/u;
// Interrupting the service for maintenance is its availability, not a power over the user's account.
const AVAILABILITY = /\b(?:for|during) (?:\w+ )?maintenance\b|\binterrupt\w*\b[^.;]{0,80}\bmaintenance\b/i;
const ITEM = /^\W*\((?:[ivx]{1,4}|[a-h])\)\s/i;

/** The clauses of the provider's powers over something other than the account ("FedEx may discontinue the site at any time without notice, and"). */
function otherPowers(sentence: string): string[] {
  const matches = [...sentence.matchAll(POWER)];
  return matches
    .map((m, k) => ({ subject: m[1], clause: sentence.slice(m.index, matches[k + 1]?.index) }))
    .filter(({ subject, clause }) => (/^(?:we|both|either)/i.test(subject) || (/^\p{Lu}/u.test(subject) && !NO_SUBJECT.test(subject))) && !powerOf(clause))
    .map(({ clause }) => clause);
}

/** The words that lead into a power's clause: from the last boundary before it ("...etc.) If we detect ..., we may"). */
function leadInto(sentence: string, power: string): string {
  const at = sentence.indexOf(power);
  return at <= 0
    ? ''
    : (sentence
        .slice(0, at)
        .split(/;|\.\s|\)\s+(?=\p{Lu})|,\s+(?:and|but)\s+/u)
        .pop() ?? '');
}

/** The provider's power over the account in a sentence, from its subject to the end, if it is one. */
function powerOf(sentence: string): string | null {
  const matches = [...sentence.matchAll(POWER)];
  for (const [k, m] of matches.entries()) {
    const subject = m[1];
    // The subject is "we", the provider's name (capitalised), or both parties; never a lower-case word.
    if (!/^(?:we|both|either)/i.test(subject) && (!/^\p{Lu}/u.test(subject) || NO_SUBJECT.test(subject))) continue;
    // A name opens its clause ("..., Acme may"); one after a verb or a preposition is an object ("your right to use Pinterest will terminate").
    if (
      !/^(?:we|both|either)/i.test(subject) &&
      !/(?:^|[,;:().\]]\s*|\b(?:and|or|but|that|then|which|so|also|addition|event|case|therefore|however)\s+)(?:\(?(?:\d+(?:\.\d+)*|[a-z]{1,3}|[ivx]+)[.)]?\s+)?$/i.test(
        sentence
          .slice(0, m.index)
          .replace(NAME_WORDS, '')
          .replace(/^\W*(?:(?:\d+(?:\.\d+)*\.?|\(?[a-z]{1,3}\)|[ivx]+\.)\s+)?/i, '')
          .replace(/\s+$/, ' ')
          .replace(/^\s$/, ''),
      )
    )
      continue;
    // Each verb the subject governs ("to stop providing the Services to you, to terminate ..., and to block ..."), each with its object.
    // A clause's verbs reach to where the next subject with a power begins ("FedEx may discontinue the site ..., and FedEx may block ...").
    const reach = sentence.slice(m.index + m[0].length, Math.min(m.index + m[0].length + 400, matches[k + 1]?.index ?? Infinity));
    for (const v of reach.matchAll(VERBS)) {
      if (v.index > 220) break;
      const after = reach
        .slice(v.index + v[0].length)
        .replace(/\([^()]*\)/g, ' ')
        .replace(COORDINATED_VERBS, '');
      // Coordinated objects ("the Email Marketing Service and your Weebly account"): any one of them may be the account.
      const object = after.split(/\s+(?:at any time|for|if|without|with|in (?:our|its|the)|upon|because|when|unless|where)\b|[,;.]/i)[0];
      if ([after, ...object.split(/\s+(?:and\/or|and|or)\s+/i).slice(1)].some((part) => ACCOUNT_OBJECT.test(part) || accessToService(part)))
        return sentence.slice(m.index, matches[k + 1]?.index);
    }
  }
  return null;
}

export function readProviderTermination(sentences: readonly FactSentence[]): ProviderTermination | null {
  const found: FactSentence[] = [];
  let withoutNotice = false;
  let withoutCause = false;
  let noNoticeNeeded: FactSentence | undefined;
  for (const s of byPreference(sentences)) {
    if (s.annotation || (s.otherRegionOnly && found.length > 0)) continue;
    const read = withLeadIn(sentences, s);
    // An item of a list the sentence before began ("We may terminate: (i) if ...; (ii) ...", then "(iv) for convenience ...").
    const previous = sentences[s.index - 1];
    if (ITEM.test(s.text) && previous?.paragraph === s.paragraph && found.includes(previous) && !powerOf(read)) {
      if (WITHOUT_CAUSE.test(s.text)) withoutCause = true;
      continue;
    }
    if (!/suspen|terminat|disabl|delet|clos|ban|block|deactivat|revok|restrict|stop|refus|cancel|end|den|discontinu|withdraw|remov/.test(read.toLowerCase()))
      continue;
    if (NO_NOTICE_NEEDED.test(s.text)) noNoticeNeeded ??= s;
    if (USER_ACTS.test(s.text) || AFTERMATH.test(s.text) || AVAILABILITY.test(s.text)) continue;
    const automatic = AUTOMATIC.test(s.text) && BREACH.test(s.text);
    const own = powerOf(read);
    const power = own ?? (PASSIVE.test(read) || automatic ? read : null);
    if (!power) continue;
    found.push(s);
    // Notice is read in the clause of the power over the account, with what leads up to the first power, not in another
    // clause ("FedEx may discontinue the site without notice, and FedEx may block your access at any time").
    const scope = own ? leadInto(read, own) + own : s.text;
    const noticeScope = otherPowers(s.text).reduce((text, clause) => text.replace(clause, ' '), s.text);
    // "without notice" about content only ("delete your content without notice") says nothing of the account.
    if (automatic || (WITHOUT_NOTICE.test(noticeScope) && !/\bwithout (?:prior )?notice\b[^.;]{0,40}\bcontent\b/i.test(noticeScope))) withoutNotice = true;
    if (WITHOUT_CAUSE.test(s.text)) withoutCause = true;
    else if (UNCONDITIONAL.test(power) && !CONDITIONED.test(scope.replace(NOT_A_CONDITION, ' ')) && s.leadIn === null && !/:\s*$/.test(s.text))
      withoutCause = true;
  }
  if (found.length === 0) return null;
  if (noNoticeNeeded) withoutNotice = true;
  return { without_notice: withoutNotice, without_cause: withoutCause, evidence: evidenceOf(...found.slice(0, 3), noNoticeNeeded) };
}
