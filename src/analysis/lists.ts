// Lists in terms: a lead-in ("We may suspend your account if:") and the items that complete it.
// An item is read with its lead-in, and a listed lead-in is told with its first items, since on its
// own it states nothing ("... if." says neither when nor why). Items are marked in the sentence
// ("(b) ...", "iv.") or, once a document is normalised, by the bullet between two sentences.

export interface Span {
  start: number;
  end: number;
}

/** A sentence that starts with its own list marker: "(b) ...", "iv. ...", "- ...". */
export const LIST_ITEM = /^\s*(?:\(?[a-z0-9]{1,4}\)|[a-z0-9]{1,3}\.|[ivx]{1,6}\.|[-*•])\s+/i;

// A lead-in that introduces a list ("You agree not to:", "including:", "if:"), not a heading ("Apple devices:").
const INTRODUCES_LIST = /\b(?:to|not|following|include|includes|including|if|when|where|that|will|must|shall|may|agree|below|are|is|as follows)\s*:\s*$/i;

// The text between two sentences that puts a bullet or an item marker before the second.
const BULLET_BETWEEN = /\n[ \t]*(?:[-*•+]|\(?[a-z0-9]{1,3}[.)])[ \t]*$/i;

// A lead-in ends with a colon, or breaks off on a word that needs what follows ("... damages that result from" + bullets).
const OPEN_WORD =
  /\b(?:from|to|of|for|that|which|including|include|includes|with|by|in|on|if|when|where|whether|the|any|following|below|are|is|will|shall|may|must|not)$/i;

/** A sentence that stops where a list it introduces must go on. */
export function endsOpen(sentence: string): boolean {
  const s = sentence.trimEnd();
  if (s.endsWith(':')) return true;
  // Only the last word matters: a sentence closed by a stop is no lead-in ("... is not.").
  return /[a-z]$/i.test(s) && OPEN_WORD.test(s.slice(-12));
}

/** At most this many sentences are one clause: a lead-in and its first items. */
export const MAX_SENTENCES_A_CLAUSE = 3;

export class DocumentLists {
  constructor(
    private readonly text: string,
    private readonly spans: readonly Span[],
    private readonly sentences: readonly string[],
  ) {}

  /** Whether sentence i is an item of a list (its own marker, or a bullet before it in the text). */
  isItem(i: number): boolean {
    if (LIST_ITEM.test(this.sentences[i])) return true;
    if (i === 0) return false;
    return BULLET_BETWEEN.test(this.text.slice(this.spans[i - 1].end, this.spans[i].start));
  }

  /** Whether sentence i introduces a list that follows it. */
  isLeadIn(i: number): boolean {
    const s = this.sentences[i].trim();
    return endsOpen(s) && !LIST_ITEM.test(s) && i + 1 < this.sentences.length && this.isItem(i + 1);
  }

  /**
   * The sentence that introduces item i ("You agree not to:"). A marked item looks back over the
   * items before it; an unmarked one that starts in lower case only at the sentence just before it
   * (a lower-cased corpus starts every sentence so).
   */
  leadIn(i: number): string | undefined {
    const marked = this.isItem(i);
    if (!marked && !/^[a-z]/.test(this.sentences[i].trim())) return undefined;
    for (let j = i - 1; j >= Math.max(0, i - 25); j--) {
      const s = this.sentences[j].trim();
      if (!s) continue;
      if (endsOpen(s) && !LIST_ITEM.test(s)) return s.length <= 400 && (marked || INTRODUCES_LIST.test(s)) ? s : undefined;
      if (!marked || !this.isItem(j)) return undefined;
    }
    return undefined;
  }

  /** The items of the list that sentence i introduces, in order (all of them, however many). */
  itemsAfter(i: number): number[] {
    const items: number[] = [];
    for (let j = i + 1; j < this.sentences.length && this.isItem(j) && this.sentences[j]; j++) items.push(j);
    return items;
  }
}

/** A lead-in and its items told as one: "The provider may suspend your account if: you break ...; the law requires it." */
export function joinLeadIn(leadIn: string, items: readonly string[], more: number): string {
  const head = leadIn
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[:\s]+$/, '');
  const told = items.map((item) =>
    item
      .replace(/\s+/g, ' ')
      .trim()
      .replace(LIST_ITEM, '')
      .replace(/(?:[;,.]\s*(?:and|or)?|\s(?:and|or))\s*$/i, ''),
  );
  // The list goes on past what is quoted: an ellipsis says so without claiming what follows.
  return `${head}: ${told.join('; ')}${more > 0 ? '; …' : '.'}`;
}
