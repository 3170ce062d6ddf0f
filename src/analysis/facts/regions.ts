// Which users a heading, a label or a condition speaks of: the United States ("us"), others ("other"),
// or none named. Read as grammar, not as a list of headings: a region named after "excluding",
// "other than" or "outside" is the other side ("all consumers, excluding residents of the United
// States" is not the United States version); "Rest of World" is other; a label is the words before a
// colon or the first cell of a table row ("U.S. Residents: Delaware law; ...", "Canada | Ontario | ...").

/** Where a sentence applies: the United States version, a version for other users, or the whole document. */
export type Region = 'us' | 'other' | 'any';

const US =
  /\bunited states\b|\bu\.\s?s\.(?:\s?a\.)?(?=\W|$)|\busa\b|\bus\s+(?:residents?|users?|customers?|consumers?|persons?|subscribers?)\b|\bamerican\s+(?:residents?|users?|customers?|consumers?)\b/i;
const OTHER =
  /\b(?:europe\w*|eea|e\.u\.|eu|efta|united kingdom|u\.k\.|uk|great britain|britain|switzerland|swiss|designated countries|germany|german|france|french|ireland|irish|netherlands|dutch|spain|italy|austria|belgium|poland|sweden|brazil\w*|australia\w*|new zealand|south korea|korea\w*|japan\w*|india\b|indian|china|chinese|singapore\w*|hong kong|asia\w*|latin america|mexic\w*|canad\w*|quebec|ontario|turkey|russia\w*|israel\w*|rest of (?:the )?world|international (?:users|customers|residents)|outside (?:of )?the united states|outside (?:of )?the u\.s\.|non-u\.s\.)(?=\W|$)/i;
// Words that turn a region named after them into everyone else ("excluding residents of the United States").
const NEGATION = /\b(?:excluding|except(?:\s+for)?|other than|outside(?:\s+of)?|not|non|who are not|unless)\b/i;
// Who a heading or a label speaks of.
const WHO =
  /\b(?:if you (?:live|reside|are (?:located|based|a resident))|you live|residents?|users?|consumers?|customers?|subscribers?|members?|persons|players|specific terms|rest of (?:the )?world)\b/i;

/** "Rest of World", "all other countries": everyone not named elsewhere, the United States among them when no version names it. */
export function isRestOfWorld(phrase: string): boolean {
  return /\brest of (?:the )?world\b|\ball other (?:countries|regions|jurisdictions|users|cases)\b|\b(?:everywhere|anywhere) else\b|\bany other (?:country|region|jurisdiction)\b|^\W*(?:elsewhere|other countries|worldwide|global)\W*$/i.test(
    phrase,
  );
}

/** The region a phrase names: "us", "other" or null. A region after a negation in its clause is the other side. */
export function regionOfPhrase(phrase: string): Exclude<Region, 'any'> | null {
  if (/\brest of (?:the )?world\b/i.test(phrase)) return 'other';
  const us = US.exec(phrase);
  if (us) {
    const clause =
      phrase
        .slice(0, us.index)
        .split(/[,;:(]/)
        .pop() ?? '';
    if (NEGATION.test(clause)) return 'other';
    // "outside the EEA" is the rest of the world, which includes the United States.
    return 'us';
  }
  if (/\boutside (?:of )?(?:the )?(?:eea|e\.u\.|eu\b|european|efta|united kingdom|uk\b|designated countries)/i.test(phrase)) return 'us';
  const other = OTHER.exec(phrase);
  if (!other) return null;
  // "If you do not live in the EU" speaks of everyone else, the United States among them.
  const clause =
    phrase
      .slice(0, other.index)
      .split(/[,;:(]/)
      .pop() ?? '';
  return NEGATION.test(clause) ? null : 'other';
}

/**
 * A line that says which users the terms below are for: a heading naming them ("Reddit User Agreement if you
 * live in the EEA", "21. Governing Law & Dispute Resolution (United States of America)", "SCHEDULE 1:
 * UNITED STATES-SPECIFIC TERMS") or a sentence that introduces a part ("THIS SECTION APPLIES TO ALL
 * CONSUMERS ... EXCLUDING ... RESIDENTS OF THE UNITED STATES").
 */
export function regionOfHeading(sentence: string, headingLike: boolean, newLine: boolean): Region | null {
  if (!newLine && !headingLike) return null;
  const introduces =
    /^\W*(?:these (?:terms|provisions)|this (?:agreement|user agreement|schedule|section|part|attachment|addendum|appendix|article)|the following (?:terms|provisions|sections?)) (?:only )?appl(?:y|ies)\b|\byour terms are\b/i.test(
      sentence,
    );
  if (!headingLike && !introduces) return null;
  // A heading names its users in words ("Terms for residents of the EU") or in brackets ("Arbitration Agreement (Canada)").
  const bracketed = headingLike ? /\(([^)]{2,40})\)\s*$/.exec(sentence)?.[1] : undefined;
  if (bracketed && !WHO.test(sentence)) {
    const region = regionOfPhrase(bracketed);
    return region;
  }
  if (!WHO.test(sentence)) return null;
  return regionOfPhrase(sentence);
}

/** The region of a label: the words before a colon that starts a line ("Canadian Residents:") or the first cell of a table row. */
export function regionOfLabel(sentence: string): Exclude<Region, 'any'> | null {
  const colon = sentence.indexOf(':');
  if ((colon < 0 || colon > 64) && !sentence.includes(' | ')) return null;
  const cells = sentence.split(' | ');
  const label = cells.length >= 2 ? cells[0] : /^\W*([^:]{2,60}):/.exec(sentence)?.[1];
  if (!label || label.split(/\s+/).length > 9) return null;
  // A label is a name, not a clause ("Governing law: ..." names no users; "If you live in the EEA:" does).
  if (
    !WHO.test(label) &&
    !/^\W*(?:the\s+)?(?:united states|u\.s\.(?:a\.)?|usa|canada|european union|eea|united kingdom|uk|rest of (?:the )?world)\W*$/i.test(label)
  )
    return null;
  return regionOfPhrase(label);
}

// A condition on who the sentence is for, at its start: "If you live in ...", "For residents of ...", "Where you are a consumer in ...".
const CONDITION =
  /^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:if|where|when|for|to the extent)\b[^,:;]{0,160}?\b(?:you|users?|consumers?|residents?|members?|customers?)\b[^,:;]{0,160}/i;

/** The region of a condition the sentence opens with ("If you live in the European Union, ..."), if any. */
export function regionOfCondition(sentence: string): Exclude<Region, 'any'> | null {
  const condition = CONDITION.exec(sentence)?.[0];
  if (!condition) return null;
  if (/\b(?:designated countries|your country of residence is)\b/i.test(condition)) return 'other';
  return regionOfPhrase(condition);
}
