// terms_changes: the provider may change the terms. Read from every statement of that power (the provider
// "may change / reserves the right to amend these Terms", "these Terms may be updated", "if we make material
// changes to these Terms, we will ...") and the rest of each one's section, not from a mention ("you need
// not opt out again when we update these Terms") nor from changes to something else (the arbitration
// agreement, "the terms or features of the Marketplace"). `notified` when any statement commits to
// telling users directly at least of material changes ("we will notify you", "you will be notified by
// e-mail", "we will provide you with at least 15 days' advance notice", also "we will try to"); `posted`
// when a change takes effect by posting the new version or updating its date, a direct notice being at
// most something the provider "may" give; `none` when the terms bind with neither ("at any time without
// prior notice; check periodically"). `notice_days`: the advance notice stated.
import { countIn } from './numbers.js';
import { evidenceOf, rankOf, type FactSentence } from './sentences.js';
import type { ChangeNotice, TermsChanges } from './types.js';

// These terms as an object: "these Terms", "the TOU", "terms of this Agreement", "a new terms of service".
const OBJECT = `(?:(?:any|all|any or all)\\s+(?:portions?|parts?|provisions?)\\s+of\\s+)?(?:(?:these|this|the|our)\\s+(?:[\\w-]+\\s+){0,2}?(?:terms|agreement|tos|tou|eula|contract|conditions|condition|user agreement)\\b|terms\\s+(?:and\\s+conditions\\s+)?of\\s+(?:this|these)\\s+(?:agreement|terms|contract)\\b|(?<=\\b(?:new|revised|updated|amended|modified)\\s+)terms\\b)`;
const VERB = `(?:modif(?:y|ies|ying)|chang(?:e|es|ing)|amend(?:s|ing)?|updat(?:e|es|ing)|revis(?:e|es|ing)|replac(?:e|es|ing)|supplement(?:s|ing)?|alter(?:s|ing)?|var(?:y|ies|ying)|add(?:s)? to|(?:make|makes|making)\\s+(?:any\\s+)?(?:material\\s+|significant\\s+|substantive\\s+)?(?:changes?|modifications?|amendments?|updates?|revisions?)\\s+(?:to|in)|(?:add|remove),?\\s+(?:or\\s+\\w+\\s+)?|(?:post|publish)(?:es|s|ing)?\\s+(?:an?\\s+)?(?:new|revised|updated|amended|modified)(?:\\s+version\\s+of)?)\\b`;
// The i flag lets [A-Z] match any word: the user is named to be left out ("you are not required to opt out again when we update these Terms").
const SUBJECT = `(?!(?:you|users?|customers?|members?|subscribers?|i)\\b)(?:we|[A-Z][\\w!.&-]+|it|the company)`;
// Between a verb and these terms: a few words, a list of verbs ("modify, update, cancel or terminate this Agreement") or of
// objects ("update any part of the Content, Website, and terms of this Agreement").
const GAP = `\\s*(?:(?:\\w+\\s+){0,3}?|,\\s*(?:\\w+,\\s+)*\\w+,?\\s+(?:and\\/or|or|and)\\s+\\w+\\s+|(?:[\\w-]+\\s+){0,6}?(?:[\\w-]+,\\s+){1,4}(?:and|or)\\s+)`;
/** The provider's power: its subject and a modal before the verb ("we may", "Valve reserves the right to", "Acme may, from time to time,"). */
const POWER = new RegExp(
  `\\b${SUBJECT}\\s+(?:\\([^)]*\\)\\s+)?(?:may|can|might|will|shall|reserves?|retains?|ha(?:s|ve)|is|are)\\b[^.;]{0,60}?${VERB}${GAP}(${OBJECT})`,
  'gi',
);
/** A change told in a condition whose main clause says what then happens ("If we make material changes to these Terms, we will ..."). */
const WHEN_WE_CHANGE = new RegExp(
  `\\b(?:if|when|whenever|where|should|once|in the event(?: that)?)\\s+${SUBJECT}\\s+(?:\\w+\\s+)?${VERB}\\s*(?:\\w+\\s+){0,3}?(${OBJECT})(?=[^.;]{0,100}?,\\s*(?:we|[A-Z][\\w!.&-]+|it|you|the (?:changes?|revised|updated|new|modified)[\\w ]{0,20})\\b[^.;]{0,40}?\\b(?:will|shall|'ll|’ll|must|may)\\b)`,
  'gi',
);
const PASSIVE = new RegExp(
  `(${OBJECT})\\s+(?:\\([^)]*\\)\\s+)?(?:may|can|might|will|shall|are subject to)\\s+(?:be\\s+)?(?:\\w+\\s+)?(?:modified|changed|amended|updated|revised|replaced|supplemented|change)\\b`,
  'gi',
);
// "Changes may be made to these Terms", "If these Terms change": the power told without its holder.
const MADE_TO = new RegExp(
  `\\b(?:changes|modifications|amendments|updates|revisions)\\s+(?:may|can|will|shall)\\s+be\\s+made\\s+to\\s+(${OBJECT})|\\b(?:if|when|whenever|should)\\s+(${OBJECT})\\s+(?:change|changes|are (?:changed|modified|updated|amended|revised))\\b`,
  'gi',
);
const CHANGES_TO = new RegExp(
  `\\b(?:changes|modifications|amendments|updates|revisions)\\s+(?:to|of)\\s+(${OBJECT})\\s+(?:will|shall|may|become|take|are)\\b`,
  'gi',
);
/** An object that is not these terms: the arbitration agreement, or the terms of something else. */
const NOT_THESE_TERMS = /arbitrat/i;
const OF_SOMETHING_ELSE =
  /^\s*(?:or\s+[\w-]+\s+)?(?:of|for|governing|applicable to)\s+(?!(?:this|these|the|our)\s+(?:[\w-]+\s+)?(?:agreement|terms|contract|tos)\b|use\b|service\b)/i;
const TO_ARBITRATE = /^\s*to arbitrate\b/i;
const OTHER_DOCUMENT =
  /^the\s+(?!(?:services?|site|website|platform|users?|customers?|members?|subscribers?|general|consumer|legal|online|master|main|standard)\s)(?:\p{Lu}[\w-]*\s+){1,2}(?:terms|agreement|conditions|tos|contract)\b/u;
const NOT_A_CHANGE_CLAUSE =
  /\bproposed by you\b|\bno statement\b|\bnothing in these terms\b|\bdo(?:es)? not change\b|\bwill not change\b|\brefer to\b|\bsee section\b|\bwhat to expect\b|\bthis section (?:includes|explains|describes)\b|\bmust be in writing\b|\bsigned by\b/i;

// Changes deferred to another document ("may be modified as provided for in the Acme Terms of Service"): it states them, not this one.
const DEFERRED =
  /\bas (?:provided|described|set (?:out|forth)|stated|specified|explained)(?: for)? in (?:the )?(?:\p{Lu}[\w-]*\s+){1,4}(?:[Tt]erms|[Aa]greement)/u;

const COMMITS =
  /\b(?:we|[A-Z][\w!.&-]+|it)\s*(?:will|shall|'ll|’ll)\s+(?:\([^)]*\)\s+)?(?:always\s+)?(?:(?:try|seek|attempt|endeavou?r|(?:use|make)\s+(?:\w+\s+)?(?:reasonable\s+|best\s+)?efforts?|take\s+(?:\w+\s+)?steps)\s+to\s+)?(?:\w+\s+){0,2}?(?:notify|inform|tell|alert|let you know|send|give|provide|communicate|supplement|email|e-mail)\b|\b(?:we|[A-Z][\w!.&-]+|it)\s*(?:will|shall|'ll|’ll)\b[^.;]{0,120}?\b(?:and|or)\s+(?:(?!may\b|might\b|can\b|could\b)\w+\s+)?(?:notify(?:ing)?|inform(?:ing)?|tell(?:ing)?|let(?:ting)? you know|e-?mail(?:ing)?)\b|\b(?:you|users?|members?|customers?|subscribers?|the (?:member|user|customer|subscriber)s?)\s+will\s+(?:be\s+)?(?:notified|informed|told|alerted|e-?mailed|sent\s+(?:a\s+)?notice|receive\s+(?:a\s+|an\s+|advance\s+|prior\s+)?(?:notice|notification|e-?mail|message)|given\s+(?:[\w-]+\s+){0,4}?(?:notice|notification))\b|\b(?:notice|notification)s?\s+(?:of\s+[^.;]{0,60}\s+)?will be (?:sent|given|provided|communicated|delivered) to (?:you|the users?)\b|\b(?:we|the\s+[A-Z]\w+|[A-Z][\w!.&-]+)\s+(?:notif(?:ies|y)|informs?)\s+(?:the\s+)?(?:users?|you|members?|customers?|subscribers?)\b|\bwill be (?:communicated|notified|announced|sent) to you\b|\b(?:after|once|when) we (?:send|provide|give) you (?:a )?notice\b/i;
const DIRECT =
  /\bnotif(?:y|ies|ied|ying|ication)\b|\be-?mail|\bin-(?:app|product|service)\b|\bpop-up\b|\bmessages?\b|\bapp\b|\bapplication\b|\bdirect(?:ly)?\b|\blet you know\b|\btell you\b|\binformed\b|\binform you\b|\bnotice\b|\bcommunicated to you\b|\bin writing\b/i;
const BY_POSTING =
  /\bby (?:posting|publishing|updating|indicating)\b|\bupdat(?:e|ing) (?:the|this)\s+["“']?(?:last|effective)\b|\bupdat(?:e|ing) the (?:\w+ )?date\b/i;
const DIRECT_BESIDES_POSTING = /\be-?mail|\bnotif(?:y|ying|ication)\b|\bin-(?:app|product)\b|\bmessages?\b|\bpop-up\b/i;
// A means named ("by e-mail", "in the app"), not the bare verb "notify".
const MEANS = /\be-?mail|\bnotification\b|\bin-(?:app|product)\b|\bmessages?\b|\bpop-up\b/i;
// "We will notify you ... by posting a notice on our website": the notifying is the posting, no direct means.
const NOTIFY_BY_POSTING = /\bnotif(?:y|ying)\b(?:(?!e-?mail|messages?\b|in-app)[^.;]){0,160}?\bby (?:posting|publishing)\b/gi;
// Means given only as examples, posting among them ("such as by sending an email ... or updating the date"): posting is enough.
const OR_POSTING = /\b(?:such as|for example|e\.g\.|including)\b[^.;]*\bor\s+(?:by\s+)?(?:posting|publishing|updating|revising)\b/i;
const POSTED =
  /\bpost(?:s|ed|ing)?\b|\bpublish\w*\b|\bpublication\b|\b["“']?(?:last (?:updated|modified|revised)|effective date|version date)["”']?\b|\bthis page\b|\blocated here\b|\bdisplay(?:ed|ing)\b|\bmake public\b|\bindicating on\b|\bwill always be (?:at|available|posted)\b|\bavailable (?:at|on) (?:our|the|this) (?:website|site)\b|\bmak(?:e|es|ing) (?:\w+ ){0,4}?available\b/i;
/** Where a sentence turns to what the provider only may do: "..., and, in some cases we may provide additional notice". */
const OPTIONAL_PART =
  /\b(?:and,?\s+)?in (?:some|certain) (?:cases|circumstances)\b|\bmay (?:also )?(?:notify|provide|send|give|inform|e-?mail)\b|\bas a matter of courtesy\b|\bendeavou?rs to inform\b/i;

const NOTICE_DAYS: [string, string][] = [
  ['\\bat least\\s+', "\\s*(?:calendar\\s+)?days?['’]?"],
  ['\\b(?:no less|not less|no sooner|not sooner|no fewer)\\s+than\\s+', '\\s*(?:calendar\\s+)?days?\\b'],
  ['\\b', "\\s*(?:calendar\\s+)?days?['’]?\\s+(?:advance\\s+|prior\\s+|written\\s+)?(?:notice|in advance|before|prior to)\\b"],
  ['\\b(?:effective|in effect|take effect|become effective)\\s+', '\\s*days?\\s+(?:after|following)\\b'],
  ['\\bwith an?\\s+', '[- ]days?\\s+notice\\b'],
];

function noticeDays(text: string): number | null {
  for (const [before, after] of NOTICE_DAYS) {
    const n = countIn(text, before, after);
    if (n !== null) return n;
  }
  return null;
}

/** What a sentence commits to: the part before it turns to what the provider only may do. */
function committedPart(sentence: string): string {
  const optional = OPTIONAL_PART.exec(sentence);
  return optional ? sentence.slice(0, optional.index) : sentence;
}

function notifies(sentence: string): boolean {
  const core = committedPart(sentence);
  if (!COMMITS.test(core) || !DIRECT.test(core)) return false;
  // "We will provide notice to you by posting a revised version": posting, unless a direct means is named too.
  if (OR_POSTING.test(core)) return false;
  return !BY_POSTING.test(core) || DIRECT_BESIDES_POSTING.test(core.replace(NOTIFY_BY_POSTING, ' ').replace(/\bnotice\b/gi, ''));
}

/** Whether one of the matches names these terms as the object changed (not the arbitration agreement, not "the terms of the Marketplace"). */
function objectIsTheseTerms(sentence: string, pattern: RegExp, ownNames: ReadonlySet<string>): boolean {
  for (const m of sentence.matchAll(pattern)) {
    const object = m[1] ?? m[2] ?? '';
    const after = sentence.slice((m.index ?? 0) + m[0].length);
    const objectEnd = (m.index ?? 0) + m[0].lastIndexOf(object) + object.length;
    const following = sentence.slice(objectEnd);
    if (NOT_THESE_TERMS.test(object) || TO_ARBITRATE.test(following) || /\barbitration\s+$/i.test(sentence.slice(0, objectEnd - object.length))) continue;
    if (/^the\s/i.test(object) && OF_SOMETHING_ELSE.test(following)) continue;
    // "the SendGrid Terms", "the Developer Terms": a named other document, unless the name is this one's ("the Service Terms").
    if (ownNames.has(object.replace(/^the\s+/i, '').toLowerCase())) return true;
    if (/^the\s/i.test(object) && OTHER_DOCUMENT.test(object.replace(/^the\b|\b(?:terms|agreement|conditions|tos|contract)\b/gi, (w) => w.toLowerCase())))
      continue;
    void after;
    return true;
  }
  return false;
}

/** A statement of the provider's power to change the terms, not a mention of it. */
function statesPower(s: FactSentence, ownNames: ReadonlySet<string>): boolean {
  if (
    s.otherRegionOnly ||
    !/term|agreement|tos|tou|eula|contract|condition/.test(s.lower) ||
    !/modif|chang|amend|updat|revis|replac|supplement|alter|var[yi]|add|remov|new (?:version|terms)/.test(s.lower)
  )
    return false;
  if (NOT_A_CHANGE_CLAUSE.test(s.text) || DEFERRED.test(s.text)) return false;
  if (/^\W*(?:you|users?)\b/i.test(s.text)) return false;
  // Read without its asides: "modify (including adding or removing content), update or terminate this Agreement".
  const text = s.text.replace(/\s*\([^()]*\)/g, '');
  return [POWER, WHEN_WE_CHANGE, PASSIVE, CHANGES_TO, MADE_TO].some((pattern) => objectIsTheseTerms(text, pattern, ownNames));
}

/** The change clause's section: it and the sentences after it up to the next heading, at most eight, other regions' left out. */
function section(sentences: readonly FactSentence[], from: FactSentence): FactSentence[] {
  const out = [from];
  for (let k = from.index + 1; k < Math.min(sentences.length, from.index + 9); k++) {
    const s = sentences[k];
    if (s.leadIn === null && s.text.length < 90 && !/[.;,:]["'”)\]*]*$/.test(s.text.trim())) break;
    if (!s.otherRegionOnly) out.push(s);
  }
  return out;
}

/** "We will provide notice to you by posting a revised version": the terms say that posting is how they tell. */
const NOTICE_BY_POSTING =
  /\b(?:notice|notify|notification)\b[^.;]{0,40}\bby (?:posting|publishing)\b|^\W*(?:this|that|such notice|notice|notification) is (?:\w+ )?(?:done|given|made|provided) (?:via|on|through) (?:our |the )?(?:[\w-]+ )?(?:website|site|web ?page|www\.|https?:)/i;

/** The short names these terms give themselves ("these Google Play Terms of Service (“Play ToS”)"): a named document that is this one. */
function namesOfTheseTerms(sentences: readonly FactSentence[]): Set<string> {
  const names = new Set<string>();
  for (const s of sentences) {
    if (!/\b(?:these|this)\b/i.test(s.text) || !/[("“]/.test(s.text)) continue;
    for (const m of s.text.matchAll(OWN_NAME)) names.add(m[1].toLowerCase());
  }
  return names;
}
const OWN_NAME = /\b(?:[Tt]hese|[Tt]his)\s+(?:[\p{Lu}][\w-]*\s+){0,4}(?:Terms|Agreement|Conditions)\b[^()]{0,40}\(\s*(?:the\s+)?["“]([^"”]{2,40})["”]/gu;

export function readTermsChanges(sentences: readonly FactSentence[]): TermsChanges | null {
  const ownNames = namesOfTheseTerms(sentences);
  const statements = sentences.filter((s) => !s.annotation && statesPower(s, ownNames)).sort((a, b) => rankOf(a) - rankOf(b) || a.index - b.index);
  if (statements.length === 0) return null;
  // The version for users in the United States, else the whole document: statements of other ranks only when none.
  const rank = rankOf(statements[0]);
  const read = statements
    .filter((s) => rankOf(s) <= Math.max(rank, 1))
    .map((s) => {
      const window = section(sentences, s);
      return {
        s,
        window,
        told: window.find((w) => notifies(w.text)),
        posted: window.find((w) => POSTED.test(committedPart(w.text)) || BY_POSTING.test(w.text)),
        byPosting: window.some((w) => NOTICE_BY_POSTING.test(committedPart(w.text))),
      };
    });
  // A promise to "let you know" that names no means gives way to terms that say notice is given by posting.
  const definedByPosting = read.some((r) => r.byPosting);
  const tells = read.find((r) => r.told && (!definedByPosting || MEANS.test(r.told.text)));
  // Terms that say notice is given on the website make a bare promise to notify a posting.
  const posts = read.find((r) => r.posted) ?? (definedByPosting ? read.find((r) => r.told) : undefined);
  const notice: ChangeNotice = tells ? 'notified' : posts ? 'posted' : 'none';
  const chosen = tells ?? posts ?? read[0];
  const daysFrom = [chosen.told ?? chosen.posted, ...chosen.window, ...read.flatMap((r) => r.window)].find((w) => w && noticeDays(w.text) !== null);
  return {
    notice,
    notice_days: daysFrom ? noticeDays(daysFrom.text) : null,
    evidence: evidenceOf(chosen.s, tells?.told ?? posts?.posted ?? posts?.told, daysFrom),
  };
}
