// terms_changes: the provider may change the terms. `notified` when the terms commit to telling users
// directly at least of material changes ("we will notify you", "we will provide you with at least 15
// days' advance notice", also "we will try to"); `posted` when a change takes effect by posting the new
// version or updating its date, a direct notice being at most something the provider "may" give;
// `none` when it takes effect with neither. `notice_days`: the advance notice stated. Read from the
// sentence that says the provider may change the terms and the rest of its section.
import { countIn } from './numbers.js';
import { byPreference, evidenceOf, type FactSentence } from './sentences.js';
import type { ChangeNotice, TermsChanges } from './types.js';

const OBJECT = `(?:(?:any|all|any or all)\\s+(?:portions?|parts?|provisions?)\\s+of\\s+)?(?:these|this|the|our)\\s+(?:[\\w-]+\\s+){0,2}?(?:terms|agreement|tos|contract|conditions|user agreement)\\b`;
const CHANGES = new RegExp(
  `\\b(?:modify|change|amend|update|revise|replace|make (?:any )?(?:changes|modifications|amendments|updates|revisions) to|(?:add|remove),?\\s+(?:or\\s+\\w+\\s+)?)\\s+(?:\\w+\\s+){0,3}?${OBJECT}`,
  'i',
);
const NOT_A_CHANGE_CLAUSE =
  /\bproposed by you\b|\bno statement\b|\bnothing in these terms\b|\bdo(?:es)? not change\b|\bwill not change\b|\brefer to\b|\bsee section\b|\bwhat to expect\b|\bthis section (?:includes|explains|describes)\b|\barbitration agreement\b|\bthis section\b|\bdispute resolution\b|\bmust be in writing\b|\bsigned by\b/i;
const COMMITS =
  /\b(?:we|[A-Z][\w!]+|it)\s*(?:will|shall|'ll|’ll)\s+(?:\([^)]*\)\s+)?(?:always\s+)?(?:(?:try|seek|endeavou?r|use reasonable efforts|make reasonable efforts) to\s+)?(?:\w+\s+){0,2}?(?:notify|inform|tell|alert|let you know|send|give|provide|communicate|supplement)\b|\bwill\b[^.;]{0,100}\bor notifying\b|\bwill be (?:communicated|notified|announced|sent) to you\b|\b(?:after|once|when) we (?:send|provide|give) you (?:a )?notice\b/i;
const DIRECT =
  /\bnotif(?:y|ying|ication)\b|\be-?mail|\bin-(?:app|product|service)\b|\bpop-up\b|\bmessages?\b|\bapp\b|\bdirect(?:ly)?\b|\blet you know\b|\btell you\b|\bnotice\b|\bcommunicated to you\b/i;
const BY_POSTING = /\bby (?:posting|publishing|updating|indicating)\b|\bupdat(?:e|ing) (?:the|this)\s+["“]?(?:last|effective)\b/i;
const DIRECT_BESIDES_POSTING = /\be-?mail|\bnotif(?:y|ying|ication)\b|\bin-(?:app|product)\b|\bmessages?\b|\bpop-up\b/i;
const POSTED =
  /\bpost(?:s|ed|ing)?\b|\bpublish\w*\b|\b["“]?(?:last (?:updated|modified|revised)|effective date)["”]?\b|\bthis page\b|\blocated here\b|\bdisplayed\b|\bmake public\b|\bindicating on\b|\bwill always be at\b/i;
/** Where a sentence turns to what the provider only may do: "..., and, in some cases we may provide additional notice". */
const OPTIONAL_PART =
  /\b(?:and,?\s+)?in some cases\b|\bmay (?:also )?(?:notify|provide|send|give|inform)\b|\bas a matter of courtesy\b|\bendeavou?rs to inform\b/i;

const NOTICE_DAYS: [string, string][] = [
  ['\\bat least\\s+', "\\s*(?:calendar\\s+)?days?['’]?"],
  ['\\b(?:no less|not less|no sooner|not sooner|no fewer)\\s+than\\s+', '\\s*(?:calendar\\s+)?days?\\b'],
  ['\\b', "\\s*(?:calendar\\s+)?days?['’]?\\s+(?:advance\\s+|prior\\s+)?(?:notice|in advance|before|prior to)\\b"],
  ['\\b(?:effective|in effect|take effect)\\s+', '\\s*days?\\s+after\\b'],
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
  return !BY_POSTING.test(core) || DIRECT_BESIDES_POSTING.test(core.replace(/\bnotice\b/gi, ''));
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

export function readTermsChanges(sentences: readonly FactSentence[]): TermsChanges | null {
  for (const s of byPreference(sentences)) {
    if (
      s.otherRegionOnly ||
      !/term|agreement|tos|contract|condition/.test(s.lower) ||
      !CHANGES.test(s.text) ||
      NOT_A_CHANGE_CLAUSE.test(s.text) ||
      /^\W*(?:you|users?)\b/i.test(s.text)
    )
      continue;
    const window = section(sentences, s);
    const told = window.find((w) => notifies(w.text));
    const posted = window.find((w) => POSTED.test(committedPart(w.text)) || BY_POSTING.test(w.text));
    const notice: ChangeNotice = told ? 'notified' : posted ? 'posted' : 'none';
    const daysFrom = (told ? [told, ...window] : window).find((w) => noticeDays(w.text) !== null);
    return { notice, notice_days: daysFrom ? noticeDays(daysFrom.text) : null, evidence: evidenceOf(s, told ?? posted, daysFrom) };
  }
  return null;
}
