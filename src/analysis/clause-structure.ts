// The grammar of one clause, read before what it says is told (issue 44, item 2): its main clause,
// and the parts that only qualify it: a condition ("If ...", "To the extent ...", "Upon
// termination, ..."), an exception ("unless ...", "except ...", "other than ..."), an aside in
// brackets or dashes. A fallback is a clause whose condition is that another provision fails or does
// not apply ("If this waiver is found unenforceable, ...", "Any dispute that is not subject to
// arbitration ...", "To the extent any dispute is not arbitrable, ..."): it states what happens then,
// never the rule itself. Parts are blanked in place (same length), so offsets into the sentence hold.

export type PartKind = 'condition' | 'exception' | 'aside' | 'fallback' | 'relative';

export interface ClausePart {
  readonly kind: PartKind;
  readonly start: number;
  readonly end: number;
}

/** What a fallback falls back from: arbitration, a class or jury waiver, or another provision. */
export type FallbackOf = 'arbitration' | 'waiver' | 'provision';

export interface ClauseStructure {
  /** The sentence with its qualifying parts blanked: what its main clause says. */
  readonly main: string;
  /** The same with its asides kept ("... within the United Kingdom (and English courts shall have exclusive jurisdiction)"). */
  readonly core: string;
  readonly parts: readonly ClausePart[];
  /** Set when the clause applies only if another provision fails or does not apply. */
  readonly fallback?: FallbackOf;
}

// A leading adverbial clause or phrase that names no actor of the main clause.
const LEADING =
  /^(?:if|whether|when|whenever|where|wherever|unless|except|save|in the event|in case|to the extent|insofar as|notwithstanding|subject to|without (?:limiting|prejudice)|upon|on (?:the )?(?:termination|expiration|cancellation)|following|after|before|once|during|while|should|as long as|provided that|by (?:\w+ing)|for (?:any|all|the avoidance)|other than|in addition to|with the exception of|irrespective of|regardless of|within the limits of|in (?:its|our|their|his|her|any|such|making|deciding|determining|considering|assessing|evaluating)\b)\b/i;
// Framing before the clause that binds no one by itself ("You agree that", "To the fullest extent permitted by law,").
const FRAMING =
  /^\s*(?:(?:\(?[a-z0-9]{1,4}[.)]|[ivx]{1,5}\.|\d+(?:\.\d+)*\.?|[-*•])\s+)?(?:(?:hence|therefore|consequently|accordingly|thus|also|further(?:more)?|moreover|however|in addition|additionally|finally|in particular|for example|as such|as a result),\s*)?(?:to the (?:fullest|maximum|greatest|furthest|full) extent (?:permitted|allowed|permissible|possible)(?: (?:by|under) (?:\w+ ){0,3}?laws?(?: and regulations)?)?,\s*)?(?:(?:you|the user|users|you and [\w.'’ -]{1,40}?|each party|the parties)\s+(?:hereby\s+|expressly\s+|also\s+|further\s+)*(?:acknowledge|agree|understand|accept|confirm)s?(?:\s+and\s+(?:agree|acknowledge|understand|accept))?\s+that\s+)?/i;
// A clause or phrase after the main clause that only qualifies it.
// (Words that also open noun phrases, "the courts where you live", count only after a comma; "even if"
// concedes rather than conditions: "not liable, even if advised of the possibility of such damages".)
const TRAILING =
  /(?:,\s*|(?<=\S)\s+)(?:unless|except(?:\s+(?:for|as|that|to|where|when|if|in|with))?|other than|excluding|with the exception of|save (?:as|for|where)|only if|(?<!\beven\s)if)\b|,\s*(?:when|where|to the extent|in the event|in case|insofar as|notwithstanding|subject to|provided (?:that|however))\b/gi;
// Where a trailing part ends: a semicolon, or a comma after which a main clause starts ("..., and we may ...").
const NEW_MAIN_AFTER_COMMA = /^\s*(?:(?:and|but|or|so)\s+)?(?:then\s+)?(?=[\p{L}“"])/u;
// A short phrase set off by commas ("..., where appropriate, remove ...") qualifies only itself.
const SHORT_QUALIFIER_WORDS = 8;
const SUBJECT_RELATIVE =
  /(?<=\p{L}\s)(?:that|which|who)\s+(?:may|might|could|would|will|can|is|are|was|were|has|have)\b[^,;.]{1,150},(?=\s*(?:may|might|could|would|will|can|shall|must|is|are)\b)/giu;
// A provision that fails or does not apply: the predicate of a fallback's condition.
const FAILS =
  /\bnot (?:be )?(?:arbitrable|arbitrated|subject to (?:the |this |such |mandatory |binding |individual |[“"])*(?:arbitration|agreement to arbitrate|arbitration (?:agreement|provision|section|clause))|(?:resolved|decided|settled|heard|determined) (?:by|through|in) arbitration|required to (?:be )?arbitrat\w*)|\b(?:is|are|be|been)\s+(?:(?:later|ever|otherwise|finally)\s+)?(?:found|held|deemed|determined|declared|ruled|adjudged)\b[^.;]{0,60}?\b(?:invalid|unenforceable|void|illegal|unlawful|inapplicable|not (?:to )?apply|not (?:to be )?enforceable)|\b(?:is|are) (?:invalid|unenforceable|void|illegal|inapplicable)\b|\b(?:does|do|shall|will|would) not apply\b|\bcannot be enforced\b|\bopt(?:s|ed)? out\b|\brefus\w* to compel arbitration|\bprecluding\b[^.;]{0,40}\barbitration|\blitigat\w*\b[^.;]{0,80}\bin (?:a )?court\b|\bproceeds? (?:in|before) (?:a )?court\b|\barbitration (?:is|was|has been|are) (?:denied|unavailable|not available)\b/i;
// What opens the part a fallback's predicate stands in.
// (Not "unless": "unless you opt out of arbitration, disputes are arbitrated" is the rule with its exception.
// Not "except that", "provided that": the clause that follows is an exception, not a condition.
// Nor "agree that", "means that": a verb's object clause is no relative clause.)
const OPENS_CONDITION =
  /\b(?:if|(?<!\b(?:except|provided|so|such|given|now|agrees?|acknowledges?|understands?|confirms?|accepts?|represents?|warrants?|means?|states?|provides?|requires?|determines?|believes?|says?|notes?|ensures?|and|or)\s)that|which|who|where|when|whenever|to the extent|in the event|in case|insofar as|should)\b/gi;

/** Spans of brackets and dash-enclosed asides, at the sentence's top level. */
function asides(sentence: string): ClausePart[] {
  const parts: ClausePart[] = [];
  let depth = 0;
  let open = -1;
  for (let i = 0; i < sentence.length; i++) {
    const ch = sentence[i];
    if (ch === '(' || ch === '[') {
      if (depth === 0) open = i;
      depth++;
    } else if ((ch === ')' || ch === ']') && depth > 0) {
      depth--;
      if (depth === 0) parts.push({ kind: 'aside', start: open, end: i + 1 });
    }
  }
  for (const m of sentence.matchAll(/\s?[—–]\s?[^—–]{1,240}?\s?[—–]/g)) parts.push({ kind: 'aside', start: m.index, end: m.index + m[0].length });
  return parts;
}

// A main clause starts here: a subject of a few words and its finite verb ("we may", "the laws of Texas shall apply").
const MAIN_START =
  /^(?!(?:which|that|who|whom|whose|where|when|while|whereas|as|because|since|including|if|unless)\b)(?:then\s+)?(?:[\p{L}\p{N}'’“”".&()-]+,?\s+){1,25}?(?:may|might|can|could|will|shall|must|agrees?|is|are|has|have|reserves?|waives?|acknowledges?|does|do|cannot|won['’]t|apply|applies|governs?|submits?|consents?|grants?|retains?|accepts?|understands?|represents?|warrants?|undertakes?|hereby|irrevocably)\b/iu;
// Or a subject where a main clause would start: a pronoun, a determiner or a name, not another condition.
const SUBJECT_START = /^(?:then\s+)?(?:we|you|they|it|our|your|their|its|the|any|all|each|no|neither|this|these|such|[A-Z][\w'’.-]*)\b/;
// A pronoun subject after a comma starts a main clause whatever its verb ("..., we limit our liability").
const PRONOUN_SUBJECT = /^(?:we|you|they|it|he|she)\s+(?!(?:and|or|who|that)\b)\w/i;
const CONTINUES = /^(?:or|and|nor|including|such as|e\.g\.|i\.e\.|whether|as well as|in whole or in part|either|directly|indirectly|without limitation)\b/i;

// "to the extent permitted by law" qualifies without a comma after it ("..., to the extent permitted by law these Terms ...").
const AS_LAW_ALLOWS =
  /^to the (?:\w+ )?extent (?:permitted|allowed|permissible|required|not prohibited) (?:by|under) (?:[\w-]+ ){0,3}?laws?(?: and regulations)?\b,?\s*/i;

/** The leading condition, if the clause opens with one: up to the comma where the main clause starts. */
function leadingPart(sentence: string, from: number): ClausePart | undefined {
  const rest = sentence.slice(from);
  const law = AS_LAW_ALLOWS.exec(rest);
  if (law) return { kind: 'condition', start: from, end: from + law[0].length };
  if (!LEADING.test(rest)) return undefined;
  // The first comma (or dash) at the top level after which a main clause starts.
  let depth = 0;
  for (let i = 0; i < Math.min(rest.length, 500); i++) {
    const ch = rest[i];
    if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    else if (depth === 0 && (ch === ',' || ch === '—' || ch === '–')) {
      const after = rest.slice(i + 1).trimStart();
      if (CONTINUES.test(after)) continue;
      // Another condition follows ("Except for ..., in the event that ..., all disputes ..."): this one ends here.
      const next =
        LEADING.test(after) &&
        !/^(?:by|for|other than|following|after|before|during|if (?:any|applicable|so|not|necessary|required|possible|appropriate))\b/i.test(after);
      if (!next && !MAIN_START.test(after) && !(SUBJECT_START.test(after) && !LEADING.test(after))) continue;
      const kind: PartKind = /^(?:unless|except|save|other than)\b/i.test(rest) ? 'exception' : 'condition';
      return { kind, start: from, end: from + i + 1 + (rest.length - i - 1 - after.length) + (/^then\b\s*/i.exec(after)?.[0].length ?? 0) };
    }
  }
  // No main clause after any comma: the clause does not open with a condition after all ("By using the site you agree ... – please read").
  return undefined;
}

/** Where a trailing part that opens at `start` ends. */
// An exception that names things ("other than paragraph 20.3", "excluding its conflict rules") ends before the verb it qualifies.
const NAMING_EXCEPTION = /^[,\s]*(?:other than|excluding|except for|save for|with the exception of)\b/i;
const FINITE_VERB = /\b(?:shall|will|may|must|can|cannot|could|would|should|is|are|was|were|has|have|does|do|apply|applies)\b/i;

function trailingEnd(sentence: string, start: number, openLength: number): number {
  const body = sentence.slice(start + openLength);
  if (NAMING_EXCEPTION.test(sentence.slice(start, start + openLength))) {
    const verb = FINITE_VERB.exec(body);
    const stop = /[,;]/.exec(body);
    const at = Math.min(verb?.index ?? body.length, stop?.index ?? body.length);
    return start + openLength + at;
  }
  const opensAfterComma = /^,/.test(sentence.slice(start));
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    else if (depth > 0) continue;
    else if (ch === ';') return start + openLength + i;
    else if (ch === ',') {
      const after = body.slice(i + 1);
      const words = body.slice(0, i).trim().split(/\s+/).length;
      // "..., to the extent permitted by law, will ...": a short qualifier set off by commas ends at its comma.
      if (opensAfterComma && words <= SHORT_QUALIFIER_WORDS) return start + openLength + i;
      const rest = after.replace(NEW_MAIN_AFTER_COMMA, '');
      if (NEW_MAIN_AFTER_COMMA.test(after) && (MAIN_START.test(rest) || (PRONOUN_SUBJECT.test(rest) && !LEADING.test(rest)))) return start + openLength + i;
    }
  }
  return sentence.length;
}

/** Trailing conditions and exceptions: each from its opening word to where a new main clause starts. */
function trailingParts(sentence: string, from: number): ClausePart[] {
  const parts: ClausePart[] = [];
  for (const m of sentence.slice(from).matchAll(TRAILING)) {
    const start = from + m.index;
    if (parts.some((p) => start < p.end)) continue;
    const end = trailingEnd(sentence, start, m[0].length);
    const word = m[0].replace(/^[,\s]+/, '').toLowerCase();
    const exception = /^(?:unless|except|other than|excluding|save|with the exception)/.test(word);
    // "will not exercise control except to block or remove content": after a negation an exception affirms.
    if (
      exception &&
      /^(?:except (?:to|for)|other than|save for)/.test(word) &&
      /\b(?:not|no|never|nothing|none|neither|nor)\b[^.;,]{0,100}$/i.test(sentence.slice(0, start))
    )
      continue;
    parts.push({ kind: exception ? 'exception' : 'condition', start, end });
  }
  return parts;
}

/** The fallback's own part: from the word that opens its condition to the end of the failing predicate. */
function fallbackPart(sentence: string, parts: readonly ClausePart[]): { part: ClausePart; of: FallbackOf; at: number } | undefined {
  const m = FAILS.exec(sentence);
  if (!m) return undefined;
  const before = sentence.slice(0, m.index);
  // The nearest opener that is not cut off from the predicate by an exception ("..., except that you are not required to arbitrate").
  const opener = [...before.matchAll(OPENS_CONDITION)]
    .filter((o) => m.index - o.index <= 220 && !parts.some((p) => p.kind === 'exception' && p.start > o.index && p.start < m.index))
    .pop();
  if (!opener) return undefined;
  // "If the class action waiver is found unenforceable": what fails is named in the condition.
  // (With the words right after it: "If you opt out of arbitration".)
  const condition = sentence.slice(opener.index, m.index + m[0].length + 30);
  // Litigation in court is what applies where arbitration does not ("To the extent the parties litigate in court").
  const of: FallbackOf = /\barbitra|\blitigat|\b(?:in|before) (?:a )?court\b/i.test(condition)
    ? /\b(?:class|collective|representative|jury)\b[^.;]{0,40}\bwaiver\b|\bwaiver\b[^.;]{0,40}\b(?:class|collective|representative|jury)\b/i.test(condition)
      ? 'waiver'
      : 'arbitration'
    : /\bclass|\bcollective|\brepresentative|\bjury\b/i.test(condition)
      ? 'waiver'
      : 'provision';
  return { part: { kind: 'fallback', start: opener.index, end: m.index + m[0].length }, of, at: m.index };
}

function blank(sentence: string, parts: readonly ClausePart[]): string {
  let out = sentence;
  for (const p of parts) out = out.slice(0, p.start) + ' '.repeat(p.end - p.start) + out.slice(p.end);
  return out;
}

// The same sentence is read by the gates, the renderings and the titles: read once.
const MEMO_SIZE = 4096;
const memo = new Map<string, ClauseStructure>();

/** The clause's main clause and the parts that only qualify it. */
export function clauseStructure(sentence: string): ClauseStructure {
  const known = memo.get(sentence);
  if (known) return known;
  if (memo.size >= MEMO_SIZE) memo.clear();
  const read = readStructure(sentence);
  memo.set(sentence, read);
  return read;
}

function readStructure(sentence: string): ClauseStructure {
  const parts: ClausePart[] = [...asides(sentence)];
  // Framing and leading conditions, up to three ("By agreeing to these terms, you agree that to the extent ..., ...").
  let from = 0;
  for (let k = 0; k < 3; k++) {
    from += FRAMING.exec(sentence.slice(from))?.[0].length ?? 0;
    const lead = leadingPart(sentence, from);
    if (!lead) break;
    parts.push(lead);
    from = lead.end;
    from += sentence.slice(from).length - sentence.slice(from).trimStart().length;
  }
  for (const p of trailingParts(sentence, from)) if (!parts.some((q) => p.start >= q.start && p.start < q.end)) parts.push(p);
  // "Any activity that may be grounds for termination of your use, may be referred to the police": a relative
  // clause on the subject, closed by a comma, names what it speaks of without stating it.
  for (const m of sentence.matchAll(SUBJECT_RELATIVE))
    if (!parts.some((q) => m.index >= q.start && m.index < q.end)) parts.push({ kind: 'relative', start: m.index, end: m.index + m[0].length });
  const fallback = fallbackPart(sentence, parts);
  // A failing provision named in the main clause itself ("this waiver does not apply to you") is a
  // carve-out, no condition: only a predicate inside a condition or a relative clause makes a fallback.
  const inPart =
    fallback &&
    !parts.some((p) => p.kind === 'exception' && fallback.part.start >= p.start && fallback.part.start < p.end) &&
    // The failing predicate itself stands in the condition (", where applicable, you agree to opt out" is no fallback).
    (parts.some((p) => p.kind === 'condition' && fallback.at >= p.start && fallback.at < p.end) ||
      /^(?:that|which|who)\b/i.test(sentence.slice(fallback.part.start)));
  if (fallback && inPart) parts.push(fallback.part);
  const core = blank(
    sentence,
    parts.filter((p) => p.kind !== 'aside'),
  );
  return { main: blank(sentence, parts), core, parts, fallback: inPart ? fallback.of : undefined };
}

const ANY_EXCEPTION = /\b(?:unless|except|other than|excluding|save|with the exception)\b/i;

/** The sentence with its exceptions blanked: a place named only in one ("unless the law of X requires") is not the rule's place. */
export function withoutExceptions(sentence: string): string {
  // Most clauses have no exception: no need to read their grammar.
  if (!ANY_EXCEPTION.test(sentence)) return sentence;
  const { parts } = clauseStructure(sentence);
  return blank(
    sentence,
    parts.filter(
      (p) =>
        p.kind === 'exception' || (p.kind === 'aside' && /^\s?[([—–]\s*(?:unless|except|other than|excluding|save)\b/i.test(sentence.slice(p.start, p.end))),
    ),
  );
}
