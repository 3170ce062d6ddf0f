// Translation of liability clauses. A sentence labelled limitation-of-liability says one of several
// different things, and each gets its own sentence: a penalty the user must pay, a carve-out where the
// provider stays fully liable, the user's own responsibility, a cap or excluded kinds of loss, or a
// denial ("not responsible for X"). A denial is written only when the clause negates the provider's
// liability; a clause that is not understood gets the generic sentence, never an invented denial.
import { escapeRegExp, has, list } from '../../phrases.js';
import { findObject, mainPart, NEGATION, plainWords } from './liability-object.js';
import type { Specifics } from '../../specifics.js';
import { coveredItem, denial, lawAllows, listItem, type Rule } from './translate-liability-denials.js';
import { CARVE_OUT, isIndemnity, LIQUIDATED, ORIGINATOR, providerTakesResponsibility, USER_LIABLE, USER_NOT_LIABLE, UNLIMITED } from './liability-kind.js';

export { isIndemnity, liabilityKind, type LiabilityKind } from './liability-kind.js';

const GENERIC = 'The provider limits what it owes you if something goes wrong, so you carry more of the risk.';
const LIMITED_LIABILITY = 'Limited liability';

// ---------------------------------------------------------------------------------------------
// Who stays liable: penalties the user pays, carve-outs, the user's own responsibility.

// "some jurisdictions do not allow the exclusion...": the limits may not hold where you live.
const LOCAL_LAW = /\bjurisdictions (?:do|may) not allow\b/i;
// "Bluesky is solely responsible for the App", "We, and not Google, are solely responsible for our Android App".
const PROVIDER_SOLE = /\b(?:is|are) solely responsible for\b/i;
// Someone else denies liability: the app store ("The App Provider has no responsibility"), third parties ("THEY ARE NOT LIABLE").
const OTHER_SUBJECT = /\b(the app provider|app stores?|apple|they)\s+(?:is|are|has|have|will|shall)\s+(?:not|no)\b/i;
// "You further release Tumblr ... from responsibility, liability, claims": the user gives up claims.
const RELEASE = /\byou (?:further |hereby )?release\b/i;

// The things a carve-out keeps the provider liable for, in the order they are listed.
const CARVE_ITEMS: Array<[RegExp, string]> = [
  [/\bdeath\b|\bpersonal injur|\binjury (?:to|damaging to) life/i, 'death or personal injury'],
  [/\bfraud/i, 'fraud'],
  [/\bgross(?:ly)? negligen/i, 'gross negligence'],
  [/\bintent\b|\bintentional\b|\bwil?lful (?:intent|misconduct)|\bon purpose\b/i, 'intentional misconduct'],
  [/\bbroke the law\b/i, 'breaking the law'],
  [/\b(?:material|essential|cardinal) (?:contractual )?obligation|\bcontractual core duty\b/i, 'breaches of essential obligations'],
  [/\bproduct liability (?:act|directive)\b/i, 'product liability claims'],
  [/\bspecifically promised\b/i, 'what it specifically promised you'],
  [/\bcannot be (?:waived|excluded|limited)|\bmay not be (?:waived|excluded|limited)|\bstatutory liability\b/i, 'anything the law does not let it exclude'],
];

function carveItems(text: string): string[] {
  // "death or personal injury caused by our negligence": the cause is part of the item, not another item.
  const plain = text.replace(/(death or personal injur\w*)\s+(?:negligently )?(?:caused by|arising (?:from|out of)|resulting from)[^,;]*/i, '$1');
  return CARVE_ITEMS.filter(([re]) => re.test(plain)).map(([, label]) => label);
}

const penalty: Rule = (text, s) => {
  if (!LIQUIDATED.test(text)) return undefined;
  const count = /\bmore than ([\d,]+ [a-z]+)/i.exec(text)?.[1];
  const acts = /\bfor ((?:[a-z]+ing,?\s+(?:or\s+)?)+)more than\b/i.exec(text)?.[1].replace(/,\s+or\s+/, ' or ') ?? 'using ';
  const window = /\bin any ([\w-]+ period)\b/i.exec(text)?.[1];
  const amount = s.amounts[0];
  const per = amount ? new RegExp(`${escapeRegExp(amount)}\\s+(per [\\d,]+ \\w+|per [^.;,]+)`).exec(text)?.[1] : undefined;
  const trigger = count ? ` by ${acts}more than ${count}${window ? ` in any ${window}` : ''}` : '';
  const sum = amount ? ` of ${amount}${per ? ` ${per.trim()}` : ''}` : '';
  const more = has(text, /\bin addition to\b[^.]{0,40}\bremedies\b/i) ? ', on top of its other remedies' : '';
  return `If you break the terms${trigger}, you must pay the provider a penalty${sum}${more}.`;
};

const localLaw: Rule = (text) =>
  LOCAL_LAW.test(text) ? 'Some of these limits may not apply to you if the law where you live does not allow them.' : undefined;

const carveOut: Rule = (text) => {
  const unlimited = UNLIMITED.test(text);
  if (!unlimited && !CARVE_OUT.test(text)) return undefined;
  const items = carveItems(text);
  if (unlimited) {
    const who = has(text, /\bboth you and\b|\beither party\b/i) ? 'Both you and the provider stay' : 'The provider stays';
    const how = has(text, /\bunlimited\b|\bwithout limitation\b/i) ? ', without any cap,' : ', as the law provides,';
    return items.length ? `${who} fully liable${how} for ${list(items, 'or')}.` : `${who} fully liable${how} in the cases the clause lists.`;
  }
  if (items.length === 1 && items[0].startsWith('anything the law'))
    return 'These limits do not take away rights that the law does not let the provider exclude or limit.';
  return items.length
    ? `These limits do not cover ${list(items, 'or')}: for those the provider stays fully liable.`
    : 'These limits do not apply in every case: the clause names situations where the provider stays fully liable.';
};

const userLiable: Rule = (text) => {
  if (isIndemnity(text)) {
    return `You must cover the provider's costs and losses${has(text, /attorney|legal (?:and \w+ )?fees/i) ? ', including its lawyers,' : ''} if someone makes a claim because of how you used the service.`;
  }
  if (ORIGINATOR.test(text)) {
    return `Whoever posts a piece of content is alone responsible for it${has(text, /\b(?:not|no)\b[^.]{0,40}\bresponsib/i) ? ', not the provider' : ''}.`;
  }
  const m = USER_LIABLE.exec(text);
  if (!m) return undefined;
  // "Users are solely responsible for managing their credentials" → "your credentials".
  const object = (findObject(text, m.index)?.object ?? 'what the clause describes')
    .replace(/\b(?:their|the user['’]s)\b/g, 'your')
    .replace(/\bthe [Uu]ser\b/g, 'you');
  const alone = has(m[0], /\bsolely\b/i) ? 'alone ' : '';
  if (/\bliable\b/i.test(m[0]) && /^damages\b/i.test(object)) return `You ${/\bmay\b/i.test(m[0]) ? 'may have to' : 'must'} pay ${object}.`;
  // "You may be held liable": a possibility, not a flat duty.
  const be = /\bmay (?:be|become)\b/i.test(m[0]) ? 'may be held' : 'are';
  return `You ${alone}${be} ${/\bliable\b/i.test(m[0]) ? 'liable' : 'responsible'} for ${object}.`;
};

// "Streamers are solely responsible for ...", "Everyone is solely responsible for ...": others, not the provider.
const OTHERS_SOLE = /^\s*(?:\d+\.\s*)?([A-Z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3}?)\s+(is|are) solely responsible for\b/;

const providerSole: Rule = (text) => {
  const m = PROVIDER_SOLE.exec(text);
  if (!m || /\b(?:you|users?)\s*$/i.test(text.slice(0, m.index))) return undefined;
  const others = !providerTakesResponsibility(text) && !/^\s*(?:\d+\.\s*)?[Ww]e\b/.test(text) ? OTHERS_SOLE.exec(text) : null;
  if (others) {
    const object = findObject(text, m.index)?.object ?? 'what the clause describes';
    const denies = /\b(?:we|[A-Z][\w.-]*)\s+(?:are|is|will|shall)\s+not\s+(?:be\s+)?(?:liable|responsible)\b/.test(text.slice(m.index))
      ? ', and the provider says it is not liable'
      : '';
    return `${others[1]} ${others[2]} alone responsible for ${object}${denies}.`;
  }
  const other = /,?\s*(?:and\s+)?not\s+((?:the\s+)?[A-Z][\w ]{1,30}?)\s*[,—–-]/.exec(text)?.[1];
  const object = findObject(text, m.index)?.object ?? 'this';
  return `The provider${other ? `, not ${other},` : ''} is solely responsible for ${object}.`;
};

const otherSubject: Rule = (text) => {
  const m = OTHER_SUBJECT.exec(text);
  if (!m) return undefined;
  const object = findObject(text, m.index)?.object;
  if (/^they$/i.test(m[1])) {
    return `Those third parties are not liable to you for ${object ?? 'your losses'}${has(text, /\bunless you enter into\b/i) ? ', unless you have your own agreement with them' : ''}.`;
  }
  return `The app store (the "App Provider") is not responsible for ${object ?? 'the app'}; the provider is.`;
};

// Reddit: "the rules for your Promotion must require each entrant or participant to release Reddit from any liability".
const ENTRANTS_RELEASE = /\b(?:entrants?|participants?)\b[^.;]{0,40}\brelease\b/i;

const release: Rule = (text) => {
  if (ENTRANTS_RELEASE.test(text)) return 'If you run a promotion, its rules must make everyone who enters give up any claim against the provider over it.';
  if (!RELEASE.test(text)) return undefined;
  const what = /\bthe following\s*:?\s*$/i.test(text) ? 'the things the clause lists next' : (findObject(text)?.object ?? 'what the clause lists');
  return `You give up any claim against the provider, of every kind, over ${what}.`;
};

// ---------------------------------------------------------------------------------------------
// Sentences that say how the limits work rather than what they exclude.

// "THESE LIMITATIONS ... SHALL APPLY TO ANY THEORY OF LIABILITY ... EVEN IF ... ADVISED": boilerplate.
const ANY_THEORY = /\bappl(?:y|ies) to (?:any|all) (?:theor|claims)/i;

const anyTheory: Rule = (text) =>
  ANY_THEORY.test(text)
    ? `These limits apply whatever the legal basis of your claim${has(text, /\b(?:advised|informed|told|warned|aware)\b/i) ? ', even if the provider knew the loss could happen' : ''}.`
    : undefined;

// Sentences with one fixed reading.
const FIXED: Array<[RegExp, string]> = [
  // "liability is limited to the maximum extent permitted in your country of residence".
  [
    /\blimited to the (?:maximum|fullest) extent (?:permitted|permissible|allowed)\b[^.]*\b(?:country|place) of residence/i,
    'The provider limits what it owes you as far as the law of your country allows.',
  ],
  // "Where we are liable to you ..., we limit our liability to a set amount."
  [/\blimit (?:our|its) liability to a (?:set|fixed|certain) amount\b/i, 'Even where the provider is liable for your loss, it pays at most a set amount.'],
  // "Any further liability of either party other than set out above shall be excluded."
  [/\bany further liability\b[^.]*\bexcluded\b/i, 'Beyond the cases above, neither you nor the provider owes the other anything more.'],
  // An arbitration award must respect the liability section.
  [/\bconsistent with\b[^.]*\blimitation of liability\b/i, 'Any damages or other relief you win must stay within the liability limits of these terms.'],
  // "our liability is limited: You have a right to terminate this agreement".
  [
    /\bliability is limited\b[^.]*\byou have a right to terminate\b/i,
    'The provider limits what it owes you; your main remedy is to close your account and stop using the service.',
  ],
  // "THAT LIMITATION SHALL INSTEAD BE THE GREATEST LIMITATION PERMITTED BY LAW".
  [
    /\bgreatest limitation permitted\b|\blimit its liability to the full(?:est)? extent\b/i,
    'Where the law does not allow these limits in full, the provider still limits what it owes you as far as the law allows.',
  ],
  // "LIMITED TO THE GREATER OF THE FOLLOWING AMOUNTS:".
  [/\bgreater of the following amounts\b/i, 'The provider caps what it owes you at the greater of the amounts the clause lists next.'],
];

const fixed: Rule = (text) => FIXED.find(([re]) => re.test(text))?.[1];

// "THESE LIMITATIONS ... ALSO APPLY WITH RESPECT TO DAMAGES INCURRED BY YOU BY REASON OF X".
const alsoCovers: Rule = (text) => {
  const m = /\bappl(?:y|ies) (?:with respect to|to) (?:damages|losses)\b[^.]*?\bby reason of ([^.]+)/i.exec(text);
  if (!m) return undefined;
  const what = /\bby third parties\b/i.test(m[1]) ? 'products or services that third parties sell or provide' : plainWords(mainPart(m[1]), text);
  return `These limits also cover losses caused by ${what}.`;
};

// "QUORA ENTITIES WILL NOT BE LIABLE TO YOU UNDER ANY THEORY OF LIABILITY": a total exclusion.
const total: Rule = (text) =>
  has(text, /\bunder any theory of liability\b/i) && has(text, NEGATION)
    ? `The provider says it owes you nothing at all, on any legal ground${lawAllows(text)}.`
    : undefined;

// Typical, foreseeable losses only, and German-law "slight negligence" rules.
const FORESEEABLE_ONLY = /\b(?:limited to|only)\b[^.;]{0,120}\bforeseeable\b/i;
const SLIGHT = /\bslight negligence\b/i;

const foreseeable: Rule = (text) => {
  const slight = SLIGHT.test(text);
  if (!FORESEEABLE_ONLY.test(text)) {
    return slight && has(text, /\bonly in the case of\b/i)
      ? 'For slight negligence, the provider is liable only if it breaks an essential obligation of the contract.'
      : undefined;
  }
  const losses = `${has(text, /\btypical\b/i) ? 'typical, ' : ''}foreseeable losses`;
  if (slight && has(text, /\bno liability for slight negligence\b/i))
    return `In those cases the provider pays only ${losses}; otherwise it is not liable for slight negligence.`;
  if (slight) return `For slight negligence, ${has(text, /\beither\b/i) ? 'what either side owes' : 'what the provider owes'} is limited to ${losses}.`;
  const cause = has(text, /\breasonable care\b/i)
    ? ' caused by its failing to take reasonable care or seriously breaking the contract'
    : has(text, /\b(?:material|essential|cardinal) (?:contractual )?obligation/i)
      ? ' from breaking its essential obligations'
      : '';
  const where = has(text, /\bexclusions? (?:aren['’]t|are not|is not) allowed\b/i) ? 'Where the law does not allow the exclusions that follow, ' : '';
  return `${where}${where ? 'the' : 'The'} provider pays only ${losses}${cause}.`;
};

// "(4) in our sole discretion and without limitation, notice, or liability, to remove ... files": a power, no liability.
const withoutLiability: Rule = (text) => {
  const m = /\bwithout (?:[\w]+,?\s+)*?liability,?\s+to\s+([^.;]+)/i.exec(text);
  // "without any liability to you": "to" here names whom, not what the provider may do.
  if (!m || /^(?:you|us|the|any|your|third|anyone|users?)\b/i.test(m[1].trim())) return undefined;
  const discretion = has(text, /\bsole discretion\b/i) ? ' at its own discretion,' : '';
  return `The provider can ${plainWords(m[1].trim(), text)},${discretion} without owing you anything.`;
};

// ---------------------------------------------------------------------------------------------
// Caps and excluded kinds of loss.

// What the user paid: "amounts you paid", "fees paid or payable", "the amount of the Charges".
const PAID_BACK = /\b(?:amounts?|fees?|sums?)\b[^.;]{0,40}\b(?:paid|you (?:have )?paid)\b|\byou paid\b|\bamount of the charges\b|\bfees paid or payable\b/i;
// A look-back period ("in the 12 months preceding the claim"), not a period for something else.
function lookBack(text: string, period: string): boolean {
  const p = escapeRegExp(period);
  return new RegExp(`\\b(?:previous|past|last|preceding)\\s+${p}|${p}[^.;]{0,30}\\b(?:preceding|prior|before)\\b`, 'i').test(text);
}
function feesFor(text: string, period: string): boolean {
  return new RegExp(`${escapeRegExp(period)}['’]s? fees`, 'i').test(text);
}
const DAMAGE_KINDS = ['indirect', 'consequential', 'incidental', 'special', 'punitive', 'exemplary'];
// "DIRECT, SPECIAL ... DAMAGES" but not "(WHETHER DIRECT OR INDIRECT)" lost profits or "DIRECT AGREEMENT".
const DIRECT = /(?<!whether )\bdirect(?:,|\s+or\b|\s+damages\b)/i;
const ANY_KIND = /\bany other damages of any kind\b|\bany damages whatsoever\b/i;

// "for the Services giving rise to the claim" (what the claim is about), not "before the activity giving rise to the claim" (when).
const ABOUT_THE_CLAIM =
  /\bfor (?:the|such|any) (?:[\w-]+ )?(?:services?|products?|subscriptions?|features?|purchases?|offerings?) (?:giving|that (?:gave|give|gives)|which (?:gave|give|gives)) rise to\b/i;

/** "; at most it will pay ..." or ''. */
function capPhrase(text: string, s: Specifics): string {
  const paidBack = PAID_BACK.test(text);
  const period = s.periods[0];
  // "in the 12 months before the claim", or LINE's "(equivalent to one month's fees)".
  const lookedBack = !period ? '' : lookBack(text, period) ? ` in the ${period} before the claim` : feesFor(text, period) ? ` (up to ${period}'s fees)` : '';
  // "the amount you paid us ... for the Services giving rise to the claim": only for what the claim is about.
  const within = `${ABOUT_THE_CLAIM.test(text) ? ' for the service the claim is about' : ''}${lookedBack}`;
  const paid = paidBack ? `what you paid it${within}` : 'another amount the clause sets';
  if (s.amounts.length && has(text, /\bgreater of\b|\bwhichever is (?:greater|higher|more)\b/i))
    return `; at most it will pay the greater of ${list(s.amounts, 'or')} and ${paid}`;
  if (s.amounts.length && has(text, /\blesser of\b|\bwhichever is (?:less|lesser|lower|smaller)\b/i))
    return `; at most it will pay the lesser of ${list(s.amounts, 'or')} and ${paid}`;
  if (s.amounts.length && paidBack) return `; at most it will pay ${list(s.amounts, 'or')} or what you paid it${within} (the clause names both)`;
  if (s.amounts.length) return `; at most it will pay ${list(s.amounts, 'or')}`;
  if (paidBack && has(text, /\bexceed|\bmore than|\blimited to\b|\bup to the maximum\b/i)) return `; at most it will pay back what you paid it${within}`;
  return '';
}

/** ", except in cases of fraud or gross negligence" when the clause keeps serious cases out of the limit. */
function exceptPhrase(text: string): string {
  const m = /\b(?:except|unless|other than)\b[^.;]{0,160}/i.exec(text);
  const items = m ? carveItems(m[0]).filter((i) => !i.startsWith('anything')) : [];
  return items.length ? `, except in cases of ${list(items, 'or')}` : '';
}

const capOrDamages: Rule = (text, s) => {
  const cap = capPhrase(text, s);
  const except = exceptPhrase(text);
  const kinds = DAMAGE_KINDS.filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(text));
  const profits = has(text, /profit|revenue/i);
  const data = has(text, /\bdata\b/i);
  if (ANY_KIND.test(text) || (DIRECT.test(text) && kinds.includes('indirect'))) {
    const extras = [...(profits ? ['lost profits'] : []), ...(data ? ['lost data'] : [])];
    return `The provider refuses to pay for any losses at all${DIRECT.test(text) ? ', direct or indirect' : ''}${extras.length ? `, including ${list(extras)}` : ''}${cap}${except}.`;
  }
  if (kinds.length) {
    const all = DIRECT.test(text) ? ['direct', ...kinds] : kinds;
    return `The provider refuses to pay for ${list(all)} losses${profits ? ' and lost profits' : ''}${data ? ' or lost data' : ''}${cap}${except}.`;
  }
  return cap ? `The provider caps what it owes you if something goes wrong${cap}${except}.` : undefined;
};

// ---------------------------------------------------------------------------------------------

function userNotLiable(text: string): string | undefined {
  if (!USER_NOT_LIABLE.test(text)) return undefined;
  const object = findObject(text)?.object;
  return `You are not liable${object ? ` for ${object}` : ''}: this limits what you could owe, not what the provider owes you.`;
}

// Each rule with the title of what it recognised; a title may depend on which reading the rule wrote.
type Title = string | ((sentence: string) => string);

const denialTitle = (sentence: string): string =>
  /\bowes you nothing if\b/.test(sentence)
    ? 'No liability for changes or outages'
    : /\bnot responsible for\b/.test(sentence)
      ? 'Disclaimed responsibility'
      : /\bowes you nothing\b/.test(sentence)
        ? 'No liability'
        : /\brefuses to pay\b/.test(sentence)
          ? 'Excluded losses'
          : LIMITED_LIABILITY;

// Checked in this order: who pays or stays liable first, then how the limits work, then caps and
// excluded losses, then plain denials. The first rule that recognises the sentence writes it.
const RULES: Array<[Rule, Title]> = [
  [penalty, 'Penalty you must pay'],
  [userNotLiable, 'Limit on what you owe'],
  [localLaw, 'Liability limits and local law'],
  [carveOut, 'Where the provider stays liable'],
  [userLiable, (sentence) => (sentence.startsWith('You must cover') ? 'You indemnify the provider' : 'Your own responsibility')],
  [providerSole, (sentence) => (sentence.startsWith('The provider') ? "The provider's own responsibility" : 'Responsibility put on others')],
  [otherSubject, 'Others not liable'],
  [release, (sentence) => (sentence.startsWith('If you run a promotion') ? 'Promotion entrants release the provider' : 'Release of all claims')],
  [anyTheory, LIMITED_LIABILITY],
  [fixed, (sentence) => (/\bcaps\b|\bat most a set amount\b/.test(sentence) ? 'Liability cap' : LIMITED_LIABILITY)],
  [alsoCovers, LIMITED_LIABILITY],
  [total, 'No liability'],
  [foreseeable, 'Foreseeable losses only'],
  [withoutLiability, 'No liability for its actions'],
  [
    capOrDamages,
    (sentence) =>
      /\bat most it will pay\b|\bcaps what\b/.test(sentence) ? 'Liability cap' : /\bany losses at all\b/.test(sentence) ? 'No liability' : 'Excluded losses',
  ],
  [denial, denialTitle],
  [listItem, 'Excluded losses'],
  [coveredItem, 'Excluded losses'],
];

/** What a liability clause does to the user: one sentence, and a title naming that reading. */
export function liabilityReading(text: string, s: Specifics): { sentence: string; title: string } {
  for (const [rule, title] of RULES) {
    const sentence = rule(text, s);
    if (sentence) return { sentence, title: typeof title === 'string' ? title : title(sentence) };
  }
  return { sentence: GENERIC, title: LIMITED_LIABILITY };
}

export function liabilitySentence(text: string, s: Specifics): string {
  return liabilityReading(text, s).sentence;
}
