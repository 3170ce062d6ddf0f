// minimum_age: the lowest age at which the terms let someone use the service, with a parent's consent
// where the terms require it (so "18, or 13 with a parent's consent" is 13, and "under 13 only with a
// parent's agreement" is 13). Read from statements of who may use the service, by their grammar:
// - what the user must be or says they are: "You must be at least 13", "A User must be at least 13 years of
//   age", "you represent that you are 18 or older", a list item "You are at least 18 years old";
// - who may not use it: "No one under 13 may ...", "Any use ... by anyone under 13 is prohibited", "You may
//   not use the Services if you are under 18", "If you are under 13, you must not use ... without ...";
// - for whom it is not meant: "not intended for / directed to / available to children under 13";
// - who it is for: "available to anyone who is at least 18", "intended for users who are at least 18";
// - a defined term: "“Minors” are individuals under the age of 16 ... not intended for use by Minors".
// Not ages for purchases, features, content, data collection, a customer's own sites, or what users may
// post about children; ages stated only for another region count when no other is stated.
import { NUMBER_WORDS, parseNumber } from './numbers.js';
import { evidenceOf, rankOf, withLeadIn, type FactSentence } from './sentences.js';
import type { MinimumAge } from './types.js';

const N = `(?:\\d{1,2}|${NUMBER_WORDS})\\b(?:\\s*\\(\\d{1,2}\\))?`;
/** An age as terms write it: "13", "thirteen (13) years old", "the age of 13", "age 13", "18 or older", "eighteen (18) or more years of age". */
const AGE = `(?:(?:at least|over|older than|above|of at least)\\s+)?(?:the\\s+)?(?:age\\s+of\\s+|aged?\\s+)?${N}(?:\\s+(?:or|and)\\s+(?:over|older|more|above))?(?:\\s*(?:years?|yrs)(?:\\s+of\\s+age|\\s+old)?)?(?:\\s+or\\s+(?:over|older|above))?`;
const YOUNGER = `(?:under|below|younger than|less than)\\s+(?:the\\s+)?(?:age\\s+of\\s+|aged?\\s+)?${N}(?:\\s*(?:years?|yrs)(?:\\s+of\\s+age|\\s+old)?)?`;
const WHO = `(?:you|users?|a user|the user|members?|the member|subscribers?|account holders?|individuals?|persons?|people|anyone|anybody|children|kids|minors|those|customers?|visitors?|players?)`;
const USE = `(?:use|using|access|accessing|register|registering|sign up|create|open|enroll|join|become|visit|download|play|participate|enter into|accept|agree to)`;

const ELIGIBILITY: RegExp[] = [
  // What the user must be, or says they are.
  new RegExp(
    `\\b${WHO}\\s+(?:must|shall|need to|have to|are required to|is required to|should)\\s+(?:be\\s+)?(?:(?:an adult|of legal age)[^.;]{0,40}?)?(?:an?\\s+(?:natural\\s+)?(?:person|individual)\\s+(?:of\\s+)?)?${AGE}`,
    'i',
  ),
  new RegExp(`^\\W*(?:[\\divx]+[.)]\\s*)?(?:you(?:['’]re| are)|who is|users are)\\s+(?:of legal age\\s*\\(?\\s*)?${AGE}`, 'i'),
  new RegExp(`\\b(?:can|may)\\s+(?:only\\s+)?${USE}\\b[^.;]{0,80}?\\bif you(?:['’]re| are)\\s+${AGE}`, 'i'),
  new RegExp(`\\bmust be\\s+(?:an adult[^.;]{0,40}?)?${AGE}[^.;]{0,40}?\\bto\\s+${USE}`, 'i'),
  // Who may not use it.
  new RegExp(`\\b(?:no one|nobody|no person|no user|no individual)\\s+${YOUNGER}\\s+(?:may|can|is (?:allowed|permitted)|shall)\\b`, 'i'),
  new RegExp(
    `\\b${WHO}\\s+${YOUNGER}[^.;]{0,80}?\\b(?:may not|must not|cannot|can['’]t|shall not|are not (?:permitted|allowed|eligible)|is not (?:permitted|allowed)|are prohibited|is (?:strictly )?prohibited|(?:is|are) not allowed|(?:is|are) (?:unauthori[sz]ed|not authori[sz]ed|in violation))\\b(?!\\s+to\\s+(?:post|contribute|upload|purchase|buy|make purchases|share))`,
    'i',
  ),
  new RegExp(`\\b${YOUNGER}[^.;]{0,40}?\\bis (?:strictly )?(?:prohibited|not (?:permitted|allowed)|unauthori[sz]ed)\\b`, 'i'),
  new RegExp(
    `\\b(?:(?:may|must|shall|should|do|will|can)\\s*not|can['’]t|cannot|won['’]t|don['’]t)\\s+(?:\\w+\\s+){0,4}?${USE}\\b[^.;]{0,160}?\\bif:?\\s+you\\b[^.;]{0,80}?\\b(?:are|is)\\s+(?:not at least\\s+${AGE}|${YOUNGER})`,
    'i',
  ),
  new RegExp(
    `\\bif you (?:are|were)\\s+${YOUNGER}[^.;]{0,60}?,?\\s*(?:you\\s+)?(?:may not|must not|cannot|can['’]t|are not|must (?:have|obtain|get)|may (?:only )?(?:use|access)|need|should not)\\b`,
    'i',
  ),
  // For whom it is, or is not, meant.
  new RegExp(
    `\\bnot\\s+(?:\\w+\\s+)?(?:intended|directed|designed|available|meant|offered|permitted|allowed|aimed)\\s+(?:for|to|at)\\s+(?:use by\\s+)?(?:the\\s+)?${WHO}\\s+(?:who are\\s+)?${YOUNGER}`,
    'i',
  ),
  new RegExp(`\\bbetween the ages? of\\s+${N}\\b[^.;]{0,120}?\\b(?:us(?:e|ing)|access\\w*|supervision|consent|permission)\\b`, 'i'),
  new RegExp(
    `\\b(?:available|open|intended|offered|meant|provided)\\s+(?:only\\s+|solely\\s+|exclusively\\s+)?(?:to|for)\\s+(?:use by\\s+)?${WHO}\\s+(?:who (?:is|are)|aged?)\\s+${AGE}`,
    'i',
  ),
  // Who may use it, in the passive: "The Service may be used only by individuals aged 14 and above".
  new RegExp(`\\bmay (?:only )?be used (?:only |solely |exclusively )?by\\s+${WHO}\\s+(?:who are\\s+|aged?\\s+)?${AGE}`, 'i'),
  new RegExp(
    `\\b(?:minimum age|age limit|age requirement)\\b[^.;]{0,100}?\\b(?:is|of|means|be)\\s+(?:\\(i\\)\\s+)?${AGE}|["“]minimum age["”]\\s+means\\s+${AGE}`,
    'i',
  ),
];
const AGES = new RegExp(`(?:\\b|\\()(\\d{1,2}|${NUMBER_WORDS})(?:\\s*\\((\\d{1,2})\\))?(?=\\W|$)`, 'gi');
// What makes an age another thing's: buying, features, content, personal data, a customer's own sites.
const NOT_THE_SERVICE =
  /\bpurchas|\bbuy\b|\bcontent\b|\bDNA\b|\bmarketplace\b|\bpersonal (?:data|information)\b|\bcollect\b|\bexploit|\bsolicit|\badvertis|\bprivacy\b|\bmonetiz|\bjudicial permit\b|\bmature\b|\bgambl|\balcohol\b|\bfeatures?\b|\bcustomer sites?\b|\bdelete\b|\bdepict|\b(?:serve|act) as (?:the|a|an)\b/i;
// A defined term for the young: "“Minors” are individuals under the age of 16", "a “Child” means anyone under 13".
const DEFINED = new RegExp(
  `["“]([\\p{L} ]{3,20})["”]\\s*(?:\\([^)]*\\)\\s*)?(?:are|is|means|refers to)\\s+(?:an?\\s+)?(?:individuals?|persons?|people|users?|anyone|children|any person)[^.;]{0,20}?\\b${YOUNGER}`,
  'iu',
);

/** The match with the rest of its clause: up to 80 characters either side, cut at ";" or a sentence's end. */
function clauseAround(text: string, at: number, length: number): string {
  const before =
    text
      .slice(Math.max(0, at - 40), at)
      .split(/[;]/)
      .pop() ?? '';
  const after = text.slice(at + length, at + length + 80).split(/[;]|,\s+(?:and|or|but)\b/)[0];
  return before + text.slice(at, at + length) + after;
}

function agesIn(span: string): number[] {
  const out: number[] = [];
  for (const m of span.matchAll(AGES)) {
    const n = m[2] ? Number(m[2]) : parseNumber(m[1]);
    if (n !== null && n >= 10 && n <= 21) out.push(n);
  }
  return out;
}

// What the user says they are: "you represent that you are 18 or older, or, if you are not, that you are 13 or older and have ...".
const REPRESENTS = /\b(?:represent|warrant|confirm|affirm|certify|declare|acknowledge|agree|state)\w*\b/i;
const YOU_ARE = new RegExp(`\\byou(?:['’]re| are| have reached)\\s+(?:of legal age\\s*\\(?\\s*)?${AGE}`, 'gi');

/** The ages a sentence states someone must have (or be above) to use the service. */
// An aside of several words ("(or such minimum age as the privacy laws of your country require)") qualifies the age, it does not make it another thing's.
const ASIDE = /\((?:[^()\s]+\s+){3,}[^()]*\)/g;

function eligibleAges(sentence: string): number[] {
  const text = sentence.replace(ASIDE, ' ');
  const ages: number[] = [];
  if (REPRESENTS.test(text))
    for (const m of text.matchAll(YOU_ARE)) if (!NOT_THE_SERVICE.test(clauseAround(text, m.index, m[0].length))) ages.push(...agesIn(m[0]));
  for (const pattern of ELIGIBILITY) {
    const m = pattern.exec(text);
    if (!m) continue;
    if (NOT_THE_SERVICE.test(m[0]) || (NOT_THE_SERVICE.test(clauseAround(text, m.index, m[0].length)) && !/\b(?:use|access)\s+(?:the|our|this)\b/i.test(m[0])))
      continue;
    ages.push(...agesIn(m[0]));
  }
  return ages;
}

export function readMinimumAge(sentences: readonly FactSentence[]): MinimumAge | null {
  const found: { s: FactSentence; ages: number[] }[] = [];
  for (const s of sentences) {
    if (s.annotation || !/\d|teen|\bage|adult|minor/.test(s.lower)) continue;
    const read = withLeadIn(sentences, s);
    let ages = eligibleAges(s.text);
    if (ages.length === 0 && s.leadIn !== null) ages = eligibleAges(read).filter((n) => agesIn(s.text).includes(n));
    // A defined term the next sentences bar from the service.
    const defined = DEFINED.exec(s.text);
    if (defined) {
      const term = defined[1].trim().toLowerCase().replace(/s$/, '');
      const barred = sentences
        .slice(s.index + 1, s.index + 4)
        .some(
          (n) =>
            n.lower.includes(term) &&
            /\b(?:not|none of)\b[^.;]{0,40}\b(?:intended|use|used|access|directed|available|permitted)|\bmay not\b|\bmust not\b/i.test(n.text),
        );
      if (barred) ages = [...ages, ...agesIn(defined[0])];
    }
    if (ages.length > 0) found.push({ s, ages });
  }
  if (found.length === 0) return null;
  // The version for users in the United States and the whole document; other regions only when nothing else.
  const best = Math.min(...found.map((f) => rankOf(f.s)));
  const kept = found.filter((f) => rankOf(f.s) <= Math.max(best, 1));
  const years = Math.min(...kept.flatMap((f) => f.ages));
  const from = kept.find((f) => f.ages.includes(years))!;
  return { years, evidence: evidenceOf(from.s) };
}
