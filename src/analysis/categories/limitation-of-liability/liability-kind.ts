// Which way a liability sentence cuts, for titles, ratings and translations: a penalty the user
// pays, the provider staying liable (a carve-out, an app store's pass-through, the provider's own
// responsibility), the user's own responsibility (an indemnity), the user protected, or a limit.

// The user pays the provider a fixed sum (X: "$15,000 USD per 1,000,000 posts").
export const LIQUIDATED = /\bliquidated damages\b|\byou (?:will|shall) be (?:jointly and severally )?liable to us\b/i;

// The limits stop short of something: "do not apply to liability for death", "nothing in these terms limits",
// and the items of such a list ("any liability for fraud;").
export const CARVE_OUT =
  /\b(?:(?:do(?:es)?|shall|will) not|won['’]t|doesn['’]t|don['’]t) (?:apply|affect|exclude|limit|restrict)\b|\bnothing in (?:these|this)\b(?:[^.]|\b(?:Inc|Ltd|Co)\.){0,200}\b(?:exclude|limit|restrict)|^\W*any (?:other )?liability (?:for|to the extent)\b/i;

// The provider accepts liability without a cap (German-law clauses of Facebook, WhatsApp, YouTube).
export const UNLIMITED = /\bunlimited liability\b|\bliable without limitation\b|\bliable (?:according to|in accordance with) the statutory\b/i;

// The user, not the provider, is responsible or liable.
export const USER_LIABLE =
  /\b(?:you|users?|the user)\s+(?:(?:agree|acknowledge|understand)\s+that\s+you\s+)?(?:are|is|will be|shall be|may be held)\s+(?:solely |fully |jointly and severally )?(?:responsible|liable)\b|\buser['’]s responsibility\b/i;

// "All content is the sole responsibility of the person who originated it."
export const ORIGINATOR = /\bsole responsibility of the (?:person|user|party|entity)\b/i;

// "You will not be liable to us for any indirect damages": a limit on what the user owes.
export const USER_NOT_LIABLE =
  /^\s*(?:(?:however|but|and|also),?\s+)?(?:you|users?|the user)\s+(?:will|shall|are|is|may)?\s*(?:not|never)\s+(?:be\s+)?(?:held\s+)?(?:liable|responsible)\b/i;

/** Which way a liability sentence cuts, for titles and ratings: X's "$15,000 per 1,000,000 posts" is a penalty
 * the user pays, not a cap; a carve-out keeps the provider liable, which protects the user. */
export type LiabilityKind = 'penalty' | 'provider-liable' | 'user-responsible' | 'user-protected' | 'limit';

/**
 * The app-store terms that app stores require ("The App Provider has no responsibility for Bluesky";
 * "We, and not Google, are solely responsible for our Android App"): the provider, not the store,
 * answers to the user, so nothing is taken from the user.
 */
function appStorePassThrough(text: string): boolean {
  // The store alone is the subject that denies ("4. The App Provider is not responsible for ..."),
  // not "We and Apple will not be liable".
  const storeDenies = /^(?:\d+\.\s*)?(?:the app provider|the app store|apple|google)\s+(?:is|has|will|shall)\s+(?:not|no)\b/i.test(text.trim());
  // "We, and not Google, are solely responsible", "Bluesky—not the App Provider—is solely responsible".
  const providerNotStore = /\bnot (?:the app provider|the app store|apple|google)\b[,—–\s-]{0,4}(?:is|are) solely responsible\b/i.test(text);
  return storeDenies || providerNotStore;
}

// "Bluesky is solely responsible for the App", "We, and not Google, are solely responsible":
// the provider (we, or one name) takes the responsibility; not a user, third parties or advertisers.
// "We ... are" or one name with "is": a plural subject ("Streamers are solely responsible") is users, not the provider.
export const PROVIDER_TAKES_RESPONSIBILITY =
  /^\s*(?:\d+\.\s*)?(?:[Ww]e(?:,?\s*(?:and\s+)?not\s+[^,—–]{1,30}[,—–])?\s*are|(?!(?:You|Your|Users?|They|Third|Each|Every|Everyone|Everybody|Anyone|Anybody|Someone|Somebody|Nobody|No one|Any|All|It|This|That)\b)[A-Z][\w.-]*(?:\s*[—–-]\s*not\s+[^,—–]{1,30}[—–-]\s*|,?\s*(?:and\s+)?not\s+[^,—–]{1,30},\s*)?\s*is) solely responsible for\b/;

/** The provider takes responsibility, and denies none in the rest of the sentence ("..., and we will not be liable"). */
export function providerTakesResponsibility(text: string): boolean {
  const m = PROVIDER_TAKES_RESPONSIBILITY.exec(text);
  return !!m && !/\b(?:not|no|never)\b(?:\s+\w+){0,3}\s+(?:liable|responsible|liability|responsibility)\b/i.test(text.slice(m[0].length));
}

/** The user indemnifies someone ("You agree to indemnify, defend and hold harmless Snap"). */
export function isIndemnity(text: string): boolean {
  return (
    /\b(?:you|users?)\b[^.;]{0,60}?\bindemnify\b/i.test(text) &&
    !/\b(?:we|us)\b[^.;]{0,20}?\bindemnify you\b/i.test(text) &&
    // "You will not be required to indemnify us".
    !/(?:\b(?:not|never|no)|n['’]t)\b(?:\s+\w+){0,4}?\s+indemnify\b/i.test(text)
  );
}

export function liabilityKind(text: string): LiabilityKind {
  if (LIQUIDATED.test(text)) return 'penalty';
  if (USER_NOT_LIABLE.test(text)) return 'user-protected';
  if (UNLIMITED.test(text) || CARVE_OUT.test(text) || appStorePassThrough(text) || providerTakesResponsibility(text)) return 'provider-liable';
  if (isIndemnity(text) || ORIGINATOR.test(text) || USER_LIABLE.test(text)) return 'user-responsible';
  return 'limit';
}
