// Whose right, power or duty a clause states: the acting subject of its main clause, read after
// the framing that names no actor ("To the extent permitted by law,", "You agree that", "(b)").
// "You, the buyer, may cancel" is the user's; "Twitch may amend" the provider's; "the arbitrator
// has the authority" a third party's. A sentence with no acting subject ("Any dispute will be
// resolved by arbitration", "Your account may be suspended") states a term the provider sets.

export type Party = 'provider' | 'user' | 'third-party';

// Framing before the subject that names no actor of its own.
const FRAMING = [
  /^\s*(?:\(?[a-z0-9]{1,4}[.)]\s+|[ivx]{1,5}\.\s+|\d+(?:\.\d+)*\.?\s+|[-*•]\s+)/i, // list and section markers
  /^\s*(?:to the (?:fullest|maximum|furthest|greatest|extent)[^,]{0,80}?(?:law|laws|permitted|permissible|allowed)[^,]{0,30},\s*)/i,
  /^\s*(?:notwithstanding[^,]{0,120},\s*|except (?:as|where|to the extent)[^,]{0,160},\s*|subject to[^,]{0,120},\s*|in (?:addition|particular|any event|no event)\b,?\s*|accordingly,\s*|however,\s*|also,\s*|further(?:more)?,\s*|finally,\s*|for example,\s*|please note that\s*|note that\s*|important:\s*)/i,
  /^\s*as an? (?:user|member|customer|subscriber|condition of [^,]{1,60})\b[^,]{0,60},\s*/i,
  /^\s*(?:you|the user|users|(?:the )?(?:customer|client|licensee))\s+(?:hereby\s+|expressly\s+|specifically\s+|further\s+|also\s+)*(?:acknowledge|agree|understand|accept|confirm|consent|represent|warrant)s?(?:,?\s*(?:(?:and|&)\s+)?(?:acknowledge|agree|understand|accept|confirm)s?)*\s+(?:and\s+agree\s+)?that:?\s+/i,
];

// "If ..., " "When ..., " "Unless ..., ": a condition before the main clause.
const LEADING_CONDITION =
  /^\s*(?:if|when|where|unless|while|once|after|before|in the event (?:that|of)|should|upon|as long as|for (?:users|residents|consumers)[^,]{0,60})\b[^,;]{0,200}?(?:\b(?:and|or),\s*[^,;]{1,120})?,\s*/i;

const USER_SUBJECT =
  /^(?:you\b|your\b(?![^,;]{0,40}\b(?:may|can|will|shall|might)\s+(?:be|have been)\b)|the (?:user|buyer|purchaser|customer|subscriber|member|passenger|account holder|licensee|consumer)s?\b|(?:users|buyers|customers|subscribers|members|passengers|consumers|creators|streamers|sellers|claimants|hosts|co-hosts|(?:the )?host(?: and (?:the )?co-host)?|co-host|guests|licensees|drivers|riders|sellers|advertisers who)\b|(?:any|each|all) (?:users?|claimants?|members?|customers?)\b|each (?:user|member|party)\b|if you\b|(?:customer|client|licensee)\b(?!\s+(?:service|support|care)))/i;
const THIRD_SUBJECT =
  /^(?:the arbitrat(?:or|ors|ion (?:provider|administrator|body))|an? arbitrator|(?:the )?(?:aaa|jams|icc|american arbitration association)\b|(?:the |each |any )?(?:app(?:lication)? stores?|app provider|affiliate stores?|third[- ]part(?:y|ies)|payment (?:processor|provider)s?|other users|advertisers|partners|licensors|carriers?)\b|(?:the |your |its |an? |team |account )?(?:owners?|site owners?|administrators?|admins?|moderators?|organi[sz]ations?|employers?|parents?(?: or (?:legal )?guardians?)?|guardians?)\b|(?:the |each |any |participating )?(?:merchants?|retailers?|vendors?|banks?|card issuers?|mobile operators?)\b|(?:your|the user['’]s) (?:[\w-]+ ){0,2}(?:provider|operator|carrier|bank|issuer|merchant|retailer|seller|platform)\b|apple\b|google\b|(?:amazon|microsoft|stripe|paypal)\b)/i;
const PROVIDER_SUBJECT = /^(?:we\b|us\b|our\b|the (?:company|provider|service|services|platform|site|website|operator)\b|neither\b[^,;]{0,60}\bnor its\b)/i;
// "You, and not Twitch, are responsible": the user, set against the provider.
const USER_NOT_PROVIDER = /^you\s*(?:,|—|–|-)\s*(?:and\s+)?not\s+[^,—–-]{1,40}(?:,|—|–|-)\s*/i;

// "... may be changed by each Affiliate Store", "... is decided by the arbitrator" (in the main clause).
const PASSIVE_AGENT =
  /^[^,;]{0,80}?\b(?:may|can|will|shall|must|is|are)\s+(?:\w+\s+)?(?:be\s+)?\w+(?:ed|en|wn|de)\s+by\s+((?:the |each |any |an? )?[\w'’ -]{2,40})/i;

/** The sentence with its framing and leading condition removed: what its main clause starts with. */
export function mainClause(sentence: string): string {
  let s = sentence.trim();
  for (let pass = 0; pass < 4; pass++) {
    const before = s;
    for (const re of FRAMING) s = s.replace(re, '');
    s = s.replace(LEADING_CONDITION, '');
    if (s === before) break;
  }
  return s;
}

/** Whose right, power or duty the sentence states. */
export function clauseParty(sentence: string): Party {
  const s = mainClause(sentence);
  // "Rates may be changed by each Affiliate Store": the passive's agent acts.
  const agent = PASSIVE_AGENT.exec(s);
  if (agent) return THIRD_SUBJECT.test(agent[1]) ? 'third-party' : USER_SUBJECT.test(agent[1]) ? 'user' : 'provider';
  if (USER_NOT_PROVIDER.test(s)) return 'user';
  // "You and Twitch agree", "Both parties", "Each party": a term the provider sets for both sides.
  if (/^(?:you and\b|both (?:you|parties)\b|each (?:of us|party)\b|the parties\b|either party\b)/i.test(s)) return 'provider';
  if (PROVIDER_SUBJECT.test(s)) return 'provider';
  if (THIRD_SUBJECT.test(s)) return 'third-party';
  if (USER_SUBJECT.test(s)) return 'user';
  // The provider's name ("Twitch may"), or no actor at all: a term the provider sets.
  return 'provider';
}
