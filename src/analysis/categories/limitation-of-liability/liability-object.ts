// What a liability clause is about: the words after "liable/responsible for", cleaned into a phrase
// a reader can follow (list items kept together, asides and trailing prepositions dropped, capitals
// quietened, "we/our" read as "it/its"). Used by translate-liability.ts.
import { list } from '../../phrases.js';

// Longest object quoted in a sentence; a longer one is shortened at a clause break or list item.
const MAX_OBJECT = 230;

// "liable to you or to any third party for", "responsibility or liability to you or any other person for",
// "ACCEPT NO RESPONSIBILITY–FOR", "responsible for and not obligated to control X", "LIABLE UNDER ... THEORY, FOR ANY: (a)".
const OBJECT = new RegExp(
  [
    String.raw`\b(?:liab\w*|responsib\w*)\b(?:\s+(?:or|and)\s+(?:liab\w*|responsib\w*))?`,
    String.raw`(?:[\s,]+(?:to you(?: or (?:to )?(?:any (?:third party|other person)|others))?|to (?:any|a) third party|whatsoever|directly(?: or indirectly)?|in any way`,
    String.raw`|nor any obligation to provide a refund(?: to you)?|under\b[^.;:]{0,220}?(?=,?\s+for\b)))*`,
    String.raw`[\s,]*[–—-]?\s*(?:for(?:\s+and\s+(?:(?!liab|responsib)[^.;]){0,60}?\b(?:control|guarantee|monitor)\b)?|in connection with|in relation to|related to|relating to|arising (?:from|out of)|regarding|with respect to)`,
    String.raw`\s*[,:]?\s*(?:any\s*:\s*|any\s+(?=\(\w{1,4}\)))?([^.]{2,600})`,
  ].join(''),
  'gi',
);
// "(a)", "(ii)", "(3)": an item of an enumerated list.
const ENUMERATOR = /\s*(?:[,;]\s*)?(?:and\s+|or\s+)?\((?:[a-h]|[ivx]{1,4}|\d{1,2})\)\s*/i;
// A comma that starts a new clause ends the object; a comma inside a list ("any loss, theft or fraud") does not.
const CLAUSE_BREAK =
  /,\s*(?:whether|including|even|which|who|so|as|unless|except|if|when|where|while|regardless|notwithstanding|to the|such as|etc|nor|but|in each case|and\s+(?:\w+\s+){0,2}(?:is|are|will|shall|has|have|do|does|we|you|it)\b)|\s+and\s+(?:we|you|release|waive)\b|\s+(?:even if|unless|except as|nor is)\b|\s+none of which\b|\s+to the (?:fullest|maximum) extent\b|,\s*of any (?:nature|kind)\b/i;
// An aside between commas that the object continues after: "the consequences, including loss of access, resulting from".
const ASIDE = /,\s*(?:including|such as|e\.g\.)[^,]*,\s*(?=(?:resulting|arising|caused|which|that)\b)/gi;
// Where an over-long object can be shortened without losing its head noun.
const SHORTEN_AT = /\s(?:that|which|who|whether|due to|other than|received|available|during|listed on|you encounter)\b/gi;
// Words an object cannot end on: "any content you view on", "... or for damage" left by shortening.
// One piece at a time, in a loop: as one repeated group anchored at the end, a run of commas or
// colons made the regex backtrack exponentially (a frozen analysis on "loss, , , , ...").
const TRAILING_PIECE = /(?:[\s,;:]+(?:and|or|nor|etc)?|\s+(?:on|of|to|by|with|from|that you|you|any|the|in|for|under)|\s+(?:or|and) for \w+)$/i;

export function trimTrailing(text: string): string {
  let previous: string;
  let current = text;
  do {
    previous = current;
    current = current.replace(TRAILING_PIECE, '');
  } while (current !== previous);
  return current;
}
// A negation before the liability word: "not liable", "no responsibility", "disclaims all liability", "release X from any liability".
export const NEGATION = /\b(?:not|no|cannot|never|neither|nor|none|disclaims?|disclaimed|exclud\w*|releases?)\b|n['’]t\b/i;

interface Found {
  object: string;
  negated: boolean;
  /** "we also limit our liability for X": a limit, not a denial. */
  limited: boolean;
}

/** The first object after a liability word (at or after `from`), with whether that word was negated. */
// "e.g." and "i.e." hold stops that end no object: read with a stand-in, told with their stops.
const ABBREVIATED = /\b([ei])\.([ge])\./gi;
const STAND_IN = '\u2024';

export function findObject(quote: string, from = 0): Found | undefined {
  const text = quote.replace(ABBREVIATED, `$1${STAND_IN}$2${STAND_IN}`);
  const found = findObjectIn(text, from);
  return found && { ...found, object: found.object.replaceAll(STAND_IN, '.') };
}

function findObjectIn(text: string, from: number): Found | undefined {
  const re = new RegExp(OBJECT.source, 'gi');
  re.lastIndex = from;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    re.lastIndex = m.index + 1; // the capture runs to the sentence end: look again from the next word
    if (/^(?:and|or|nor)\b/i.test(m[1].trim())) continue; // "responsible for and are not liable for X": take the next one
    const object = cleanObject(m[1], text);
    if (!object) continue;
    const before =
      text
        .slice(Math.max(0, m.index - 90), m.index + 15)
        .split(/[.;]/)
        .pop() ?? '';
    return { object, negated: NEGATION.test(before), limited: /\blimit\w*\s+(?:our|its|their|the)?\s*$/i.test(text.slice(Math.max(0, m.index - 30), m.index)) };
  }
  return undefined;
}

function cleanObject(raw: string, text: string): string | undefined {
  const items = enumeratedItems(raw);
  let object = items ? joinItems(items) : mainPart(raw);
  object = trimTrailing(object).trim();
  if (object.length < 2) return undefined;
  return plainWords(object, text);
}

/** The object up to the first clause break, with parentheses and asides removed. */
export function mainPart(raw: string): string {
  let part = raw.split(ENUMERATOR)[0];
  // "losses not caused by our breach; losses that are not foreseeable; and events beyond our control": one list.
  const pieces = part.split(';');
  part = pieces[0];
  for (const next of pieces.slice(1)) {
    if (!/^\s*(?:and |or )?[a-z]/.test(next) || /^\s*(?:and |or )?$/.test(next)) break;
    part += `,${next}`;
  }
  part = part
    .replace(/\s*\([^)]*\)/g, '')
    .replace(ASIDE, ' ')
    .replace(/ caused or alleged to be caused by or in connection with\b/i, ' caused by')
    .replace(/ that (?:are|is|were|was) caused by (?:the actions of )?/i, ' caused by ');
  const cut = CLAUSE_BREAK.exec(part);
  if (cut) part = part.slice(0, cut.index);
  return shorten(trimTrailing(part));
}

/** "(i) X; (ii) Y; or (iii) Z" as its items, each up to its own clause break. */
export function enumeratedItems(raw: string): string[] | undefined {
  if (!/^\s*\((?:[a-h]|[ivx]{1,4}|\d{1,2})\)/i.test(raw)) return undefined;
  return raw
    .split(ENUMERATOR)
    .map((item) => {
      let part = item.replace(/\s*\([^)]*\)/g, '');
      const cut = CLAUSE_BREAK.exec(part);
      if (cut) part = part.slice(0, cut.index);
      const relative = /\s(?:that|which|resulting|arising|listed|accessible|maintained)\b/i.exec(part);
      if (relative && relative.index >= 10) part = part.slice(0, relative.index);
      return trimTrailing(part.replace(/^\s*(?:and|or)\s+/i, '')).trim();
    })
    .filter((item) => item.length > 2);
}

/** Items joined as long as they fit; the rest is summarised. */
export function joinItems(items: string[], max = MAX_OBJECT + 50): string {
  const kept: string[] = [];
  for (const item of items) if (!kept.length || list([...kept, item]).length <= max) kept.push(item);
  return kept.length < items.length ? `${kept.join(', ')}, among other things` : list(kept);
}

/** An over-long object cut at a relative clause, or at a list comma. */
function shorten(object: string): string {
  if (object.length <= MAX_OBJECT) return object;
  for (const m of object.matchAll(SHORTEN_AT)) if ((m.index ?? 0) >= 20 && (m.index ?? 0) <= MAX_OBJECT) return object.slice(0, m.index);
  const parts = object.split(/,\s*/);
  return parts.length > 2
    ? joinItems(
        parts.map((p) => p.replace(/^(?:and|or)\s+/i, '')),
        MAX_OBJECT,
      )
    : object;
}

/** A clause in capitals (list markers such as "(a)" aside). */
function shouted(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '');
  return letters.replace(/[^a-z]/g, '').length <= letters.length * 0.05;
}

/** Lower case only for a shouted clause (keeps "Bluesky", "Pinterest"); "us/we/our" become "it/its". */
export function plainWords(object: string, text: string): string {
  const quiet = shouted(text) ? object.toLowerCase() : object;
  return quiet
    .replace(/^All\b/, 'all')
    .replace(/\b(?:ai|aigc)\b/g, (w) => (shouted(text) ? w.toUpperCase() : w))
    .replace(/\bours\b/g, 'its own')
    .replace(/\bus\b(?!\s?\$| dollars)/g, 'it')
    .replace(/\bwe\b/g, 'it')
    .replace(/\bour\b/g, 'its');
}
