// provider_termination: the provider may suspend or end the user's account or access ("We may suspend or
// terminate your account ... at any time if we reasonably believe: ..."). `without_notice`: the terms
// say it may act "without (prior) notice", "without warning" or "immediately"; "we will try to give you
// notice" is notice. `without_cause`: "for any (or no) reason", "any other reason", "for other reasons",
// "refuse service to anyone", or "at any time" with no condition attached. A list is read with its
// lead-in. Not the user's own right to close the account, nor the removal of content only.
import { byPreference, evidenceOf, withLeadIn, type FactSentence } from './sentences.js';
import type { ProviderTermination } from './types.js';

const VERB = `(?:suspend|terminat|disabl|delet|clos|ban|block|deactivat|revok|restrict|stop(?:ping)? providing|refus\\w* (?:to provide|service)|cancel|end)\\w*`;
const POWER = new RegExp(
  `\\b(we|[A-Z][\\w!.-]+|it|both you and [A-Z]\\w+)\\s+(?:\\([^)]*\\)\\s+)?(?:may|can|might|will|shall|reserves?\\s+the\\s+right|retains?\\s+the\\s+right|ha(?:s|ve)\\s+the\\s+right|is\\s+entitled|are\\s+entitled)\\b[^.;]{0,160}?\\b${VERB}\\b`,
  'gi',
);
const PASSIVE = new RegExp(
  `\\b(?:your (?:account|membership|access|use)|accounts?|users?|you)\\b[^.;]{0,80}\\b(?:may|can|will) be (?:temporarily |permanently )?(?:suspended|terminated|disabled|deleted|closed|banned|deactivated)\\b|\\b(?:suspension|termination)s?\\b[^.;]{0,40}\\b(?:may|can) (?:happen|occur|take place)\\b|\\bwon['’]t provide (?:you with )?notice before (?:termination|suspension)\\b`,
  'i',
);
const OBJECT =
  /\b(?:your|the user['’]?s?|a user|users?['’]?|any|all|user)\b[^.;]{0,40}\b(?:accounts?|access|membership|profile|username|participation|use of|right to (?:access|use))\b|\b(?:these|this|the) (?:terms|agreement|contract|tos|user agreement)\b|\bservices? (?:provided )?to you\b|\bwith respect to you\b|\bproviding (?:you with )?(?:all or (?:any )?part of )?(?:the|our) (?:[\w-]+ )?services? to you\b|\bproviding you\b|\brefuse service to anyone\b|^\s*to anyone\b|\baccess to (?:and use of )?(?:the |our )?(?:services?|app|site|platform|\p{Lu}\w+)\b|\baccounts?\b/iu;
const CONTENT_ONLY = /\b(?:content|contributions|posts?|messages?|material)\b/i;
const USER_ACTS = /^\W*(?:you|users?)\s+(?:may|can|are free to|have the right)\b/i;
const WITHOUT_NOTICE =
  /\bwithout (?:any )?(?:prior |advance |further )?(?:notice|warning|notification)\b|\bwith or without (?:prior )?notice\b|\bimmediately\b|\bwon['’]t provide (?:you with )?notice\b|\bwithout (?:notifying|informing) you\b/i;
const WITHOUT_CAUSE =
  /\bfor any (?:or no )?reason\b|\bfor no reason\b|\bany other reason\b|\bfor other reasons\b|\bany reason or no reason\b|\bwithout (?:cause|reason)\b|\bat (?:our|its) convenience\b|\brefuse service to anyone\b/i;
// What follows an ending, not a power to end: "If these Terms are terminated for any reason: ...", "Upon termination, ...".
const AFTERMATH = /^\W*(?:if|upon|when|after|on|following|once)\b[^,:]{0,80}\b(?:terminat|suspen|delet|clos|deactivat)\w*\b/i;
const CONDITIONED = /\b(?:if|where|when|in case|in the event|because|for (?:any )?(?:violation|breach)|upon|unless)\b/i;

export function readProviderTermination(sentences: readonly FactSentence[]): ProviderTermination | null {
  const found: FactSentence[] = [];
  let withoutNotice = false;
  let withoutCause = false;
  for (const s of byPreference(sentences)) {
    if (s.otherRegionOnly && found.length > 0) continue;
    if (
      !/suspen|terminat|disabl|delet|clos|ban|block|deactivat|revok|restrict|stop|refus|cancel|end/.test(
        s.lower + (s.leadIn === null ? '' : sentences[s.leadIn].lower),
      )
    )
      continue;
    const read = withLeadIn(sentences, s);
    if (USER_ACTS.test(s.text) || AFTERMATH.test(s.text)) continue;
    const power = powerOf(read) ?? (PASSIVE.test(read) ? read : null);
    if (!power) continue;
    found.push(s);
    // "without notice" about content only ("delete your content without notice") says nothing of the account.
    if (WITHOUT_NOTICE.test(s.text) && !/\bwithout (?:prior )?notice\b[^.;]{0,40}\bcontent\b/i.test(s.text)) withoutNotice = true;
    if (WITHOUT_CAUSE.test(s.text)) withoutCause = true;
    else if (/\bat any time\b/i.test(power) && !CONDITIONED.test(power) && s.leadIn === null && !/:\s*$/.test(s.text)) withoutCause = true;
  }
  if (found.length === 0) return null;
  return { without_notice: withoutNotice, without_cause: withoutCause, evidence: evidenceOf(...found.slice(0, 3)) };
}

// Subjects that hold no power over an account ("Services may be ...", "they may be sent to you at any time").
const NO_SUBJECT =
  /^(?:services?|content|terms|information|data|fees?|prices?|payments?|features?|products?|subscriptions?|this|these|they|such|any|each|all|some|you|users?|it)$/i;

/** The provider's power over the account in a sentence, from its subject to the end, if it is one. */
function powerOf(sentence: string): string | null {
  for (const m of sentence.matchAll(POWER)) {
    const subject = m[1];
    // The subject is "we", the provider's name (capitalised), or both parties; never a lower-case word.
    if (!/^(?:we|both)/i.test(subject) && (!/^\p{Lu}/u.test(subject) || NO_SUBJECT.test(subject))) continue;
    const rest = sentence.slice(m.index);
    const after = sentence.slice(m.index + m[0].length, m.index + m[0].length + 120);
    if (!OBJECT.test(after)) continue;
    // "remove or disable access to any User Content": content only.
    if (
      CONTENT_ONLY.test(after.slice(0, 60)) &&
      !/\baccounts?\b|\baccess to (?:and use of )?(?:the |our )?(?:services?|app|site|platform)\b|\bthese terms\b/i.test(after)
    )
      continue;
    return rest;
  }
  return null;
}
