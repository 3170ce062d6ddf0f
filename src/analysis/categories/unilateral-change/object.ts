// What a change clause changes, read from its grammar: the object of the change verb ("may change
// the purchase price for Webs Credits"), or, where the verb takes none ("which may change from time
// to time", "may be amended", "are subject to change"), its subject or the noun a "which" refers to.
// The head noun of that phrase decides what it is: these terms, the service, prices, or something
// else; "price guidelines" is guidelines on prices, not these terms, and "Platform Fees" are fees.

export type ChangedKind = 'terms' | 'service' | 'prices' | 'content' | 'other';

export interface ChangedThing {
  readonly kind: ChangedKind;
  /** The phrase as the quote names it, trimmed to its head and one attached phrase ("the purchase price for Webs Credits"). */
  readonly phrase: string;
  /** The phrase is a bare noun of its kind ("our prices", "these Terms"), with nothing that narrows it. */
  readonly plain: boolean;
}

const VERB =
  /\b(?:modif(?:y|ies|ied|ying)|chang(?:e|es|ed|ing)|updat(?:e|es|ed|ing)|amend(?:s|ed|ing)?|revis(?:e|es|ed|ing)|alter(?:s|ed|ing)?|var(?:y|ies|ied)|adjust(?:s|ed|ing)?|increas(?:e|es|ed|ing)|rais(?:e|es|ed|ing))\b/gi;
const VERB_WORD =
  /^(?:modif\w*|chang\w*|updat\w*|amend\w*|revis\w*|alter\w*|var(?:y|ies|ied)|adjust\w*|increas\w*|rais\w*|supplement\w*|discontinu\w*|suspend\w*|add\w*|remov\w*|replac\w*|deprecat\w*|terminat\w*|set|revok\w*|withdraw\w*|cancel\w*|eliminat\w*|restrict\w*|limit\w*|otherwise)$/i;
// After the verb: one more verb joined to it (", modify or update", "or discontinue"), or an aside (", temporarily or permanently,").
const MORE_VERB = /^\s*,?\s*(?:(?:or|and|and\/or)\s+)?(?:to\s+)?(?:otherwise\s+)?([\w-]+)(?=[\s,])/i;
const ASIDE = /^\s*,[^,;.]{1,50},/;

/** The text after the verb with the verbs joined to it and the asides read past. */
function pastJoinedVerbs(after: string): string {
  for (let pass = 0; pass < 6; pass++) {
    const verb = MORE_VERB.exec(after);
    if (verb && VERB_WORD.test(verb[1])) after = after.slice(verb[0].length);
    else if (ASIDE.test(after)) after = after.replace(ASIDE, '');
    else break;
  }
  return after;
}
// Nothing nominal follows: the verb is intransitive or passive, and what changes is its subject.
const NO_OBJECT =
  /^\s*(?:$|[.;:,)]|(?:from time to time|at any time|at (?:our|its|their) |in (?:our|its|their) |without\b|with(?:out)? or without\b|with\b|by\b|on\b|upon\b|as\b|if\b|when\b|where\b|and\b|or\b|but\b|prospectively|periodically|accordingly|subject\b|after\b|before\b|over time|along with|for (?:any|legal|business|the following)))/i;
const VERB_CONTEXT =
  /(?:^|\b(?:may|might|can|could|will|shall|must|to|not|also|and|or|be|been|being|is|are|was|were|we|you|it|they|which|that|[A-Z][\w-]*|\w+s))\s+(?:(?:\w+ly|from time to time|at any time),?\s+)?$/;
const DETERMINER = /^(?:the|a|an|any|all|our|its|their|your|these|this|those|such|each|other|some|of)$/i;
const BOUNDARY =
  /\s*(?:,|;|\.|\(|\bwhich\b|\bthat\b|\bat any time\b|\bfrom time to time\b|\bwithout\b|\bwith or\b|\bin (?:our|its|their)\b|\bif\b|\bwhen\b|\bbut\b|\bas well as\b|\bas we\b|\bby (?:posting|notifying|giving|email|sending)|\b(?:and|or) (?:we|will|to|adjust|modify|change|update|discontinue|remove)\b|\bat (?:our|its)\b)/i;
const PREPOSITION = /^(?:for|of|to|in|on|at|by|with|from|under|within|associated|regarding|relating|including|provided|created|made)$/i;

const TERMS_HEAD = /^(?:terms?|agreements?|conditions|eula|tos|polic(?:y|ies)|guidelines|rules)$/i;
const PRICES_HEAD = /^(?:prices?|pricing|fees?|charges?|rates?|costs?|tariffs?)$/i;
const SERVICE_HEAD =
  /^(?:services?|website|websites|site|sites|platform|apps?|applications?|features?|functionality|functionalities|products?|offerings?|software|programs?|programmes?|properties)$/i;
const CONTENT = /\b(?:user|your) content\b/i;

/** The noun phrase's first head: its last word before a preposition, a comma or a joined verb. */
function headOf(phrase: string): { head: string; modifiers: string[] } | undefined {
  const words = phrase.trim().split(/\s+/);
  const np: string[] = [];
  for (const word of words) {
    const w = word.replace(/[’']s$/, '').replace(/[^\w/-]/g, '');
    if (!w) break;
    if (PREPOSITION.test(w) || /^(?:and|or|and\/or)$/i.test(w)) {
      // "all or part of X", "any of X", "the amount of X": the phrase goes on after "of".
      if (/^of$/i.test(w) && np.every((n) => DETERMINER.test(n) || /^(?:part|portion|all|any|some|amount|amounts|level|levels|structure)$/i.test(n))) {
        np.length = 0;
        continue;
      }
      if (/^(?:or|and)$/i.test(w) && np.every((n) => /^(?:all|any|some)$/i.test(n))) continue;
      break;
    }
    np.push(w);
    if (/[,;]$/.test(word)) break;
  }
  const content = np.filter((w) => !DETERMINER.test(w));
  if (!content.length) return undefined;
  return { head: content[content.length - 1], modifiers: content.slice(0, -1) };
}

function kindOf(phrase: string): { kind: ChangedKind; plain: boolean } {
  if (CONTENT.test(phrase)) return { kind: 'content', plain: true };
  const np = headOf(phrase);
  if (!np) return { kind: 'other', plain: false };
  const { head, modifiers } = np;
  // A lower-case noun before the head narrows it ("price guidelines", "payment policies"); a name does not ("Hygraph Terms").
  const narrowed = modifiers.some(
    (m) => (/^[a-z]/.test(m) && !/^(?:new|current|applicable|revised|updated|standard)$/i.test(m)) || /^(?:certain|specific|particular|additional)$/i.test(m),
  );
  const attached = /\b(?:for|of|to|on|in)\b/i.test(phrase);
  if (TERMS_HEAD.test(head) && !narrowed) return { kind: 'terms', plain: !attached };
  if (PRICES_HEAD.test(head)) return { kind: 'prices', plain: !narrowed && !attached };
  if (SERVICE_HEAD.test(head)) return { kind: 'service', plain: !narrowed };
  return { kind: 'other', plain: false };
}

/** The phrase up to its first boundary (else up to its first preposition), at most `max` words. */
function trimmed(phrase: string, max = 7): string {
  const cut = phrase.replace(/^\s+/, '');
  const end = cut.search(BOUNDARY);
  let words = (end >= 0 ? cut.slice(0, end) : cut).trim().split(/\s+/).filter(Boolean);
  // Too long: the longest part that ends before a preposition ("the amount of your Subscription Fee").
  if (words.length > max) {
    const at = words.map((w, i) => (i > 0 && i <= max && PREPOSITION.test(w) ? i : -1)).filter((i) => i > 0);
    words = at.length ? words.slice(0, at[at.length - 1]) : [];
  }
  return words.length && words.length <= max ? words.join(' ') : '';
}

/** What the clause's first change verb changes, or undefined where it names no change verb. */
export function changedThing(clause: string): ChangedThing | undefined {
  for (const m of clause.matchAll(VERB)) {
    const before = clause.slice(0, m.index);
    // "make changes to these Terms", "make updates to this Agreement": the noun's object follows "to".
    const made = /\bmak(?:e|es|ing)\s+(?:any\s+|such\s+)?$/i.test(before);
    // A verb stands after a modal, "to", a subject or a joined verb; "patches, updates, additional Content" is a list of nouns.
    if (!made && !VERB_CONTEXT.test(before)) continue;
    // A noun ("changes to our business", "any change"), not the verb.
    if (
      !made &&
      (/\b(?:a|an|any|the|such|of|no|these|those|all|material|future|(?:result|results|resulting) in)\s+$/i.test(before) ||
        (/^s?\s+(?:to|in|of)\b/i.test(clause.slice(m.index + m[0].length)) && /s$/i.test(m[0])))
    )
      continue;
    let after = pastJoinedVerbs(clause.slice(m.index + m[0].length));
    if (made) after = / to\s+(.*)$/i.exec(after)?.[1] ?? after;
    if (!NO_OBJECT.test(after)) {
      const phrase = trimmed(after);
      return { ...kindOf(after.slice(0, Math.max(0, after.search(BOUNDARY)) || after.length)), phrase };
    }
    // Intransitive or passive: the subject, or the noun "which" refers to ("fees ..., which may change").
    const aux = before.replace(/\s*(?:(?:may|might|can|could|will|shall|is|are|be|been|being|also|not|need to|have to|subject to)\s+)+$/i, '');
    const relative = /,?\s*(?:which|that)\s*$/i.exec(aux);
    let subject: string;
    if (relative) {
      const lead = aux.slice(0, relative.index);
      subject =
        /\b(?:may|might|can|could|will|shall|to)\s+(?:\w+ly\s+)?[a-z]+\s+((?:[^,;]|,(?!\s*(?:which|that)\b))+)$/i.exec(lead)?.[1] ?? lead.split(/[,;]/).pop()!;
    } else subject = aux.split(/;|,\s*(?:and|but|so)\s+(?=(?:we|you|it|they|the|this|these|our|your|all|any)\b)|\b(?:that|so|because)\s+/i).pop()!;
    subject = subject.replace(/^\s*(?:\d+(?:\.\d+)*\.?\s+)?(?:(?:however|also|consequently|accordingly|in addition),?\s+)?/i, '');
    return { ...kindOf(subject), phrase: trimmed(subject) };
  }
  return undefined;
}

/** The phrase told in a title: "the purchase price for Webs Credits", "contribution plans" (our/its dropped). */
export function titledPhrase(thing: ChangedThing): string {
  const phrase = thing.phrase.replace(/^(?:our|its|their|certain|any|all)\s+/i, '').replace(/^(?:the\s+)?(?:all\s+)?other\s+/i, '');
  return phrase.replace(/^(?:The|These|This|Those|Such|Your)\b/, (w) => w.toLowerCase());
}
