// Plain-English translation and title of one concerning clause, written from the clause itself:
// what the provider may do, how broadly (any time, any reason, without notice), and the
// specifics it names (periods, amounts, places, arbitration bodies).
import { findSpecifics, type Specifics } from './specifics.js';
import { getCategory } from './taxonomy.js';

const has = (text: string, re: RegExp) => re.test(text);

function breadth(text: string): string {
  const parts: string[] = [];
  if (has(text, /\bat any time\b/i)) parts.push('at any time');
  if (has(text, /\bfor any (?:or no )?reason\b|\bwith or without cause\b|\bwithout cause\b/i)) parts.push('for any reason');
  if (has(text, /\b(?:sole|absolute) discretion\b|\bat (?:its|our) discretion\b/i)) parts.push('at its own discretion');
  if (has(text, /\bwithout (?:any |prior |advance )?(?:notice|warning)\b|\bwith or without notice\b/i)) parts.push('without telling you first');
  return parts.length ? ` ${parts.join(', ')}` : '';
}

function list(values: string[]): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
}

/** What the provider disclaims: the words after "not liable/responsible for", cut at a clause break. */
function liabilityObject(text: string): string | undefined {
  const m = /\b(?:liab(?:le|ility)|responsib(?:le|ility))\b(?: (?:to you|whatsoever))?(?: (?:for|in connection with|related to|arising from|regarding))\s+([^.;:]{3,140})/i.exec(text);
  if (!m) return undefined;
  const words = m[1].replace(/\s*[,(].*$/, '').trim();
  // "responsible for and obliged to control X": no object of its own to quote.
  if (/^(?:and|or|nor)\b/i.test(words)) return undefined;
  return words.length >= 3 ? words.toLowerCase().replace(/\b(?:our|we)\b/g, 'its').replace(/\byour\b/g, 'your') : undefined;
}

function core(category: string, text: string, s: Specifics): string {
  const where = s.places.length ? ` in ${list(s.places)}` : '';
  const period = s.periods[0];
  switch (category) {
    case 'arbitration':
      return `Disputes go to private arbitration${s.bodies.length ? ` (${list(s.bodies)})` : ''}${where} instead of a court, and the arbitrator's decision is final${has(text, /opt[ -]?out/i) ? `; you can opt out${period ? ` within ${period}` : ''} if you follow the steps in the terms` : ''}.`;
    case 'class-action-waiver':
      return `You give up the right to join a class action${has(text, /jury/i) ? ' and to a jury trial' : ''}: each user has to bring claims alone.`;
    case 'unilateral-change': {
      const what = has(text, /\bprice|fee|charge/i) ? 'its prices' : has(text, /\b(?:terms|agreement|conditions|polic)/i) ? 'these terms' : 'the service';
      const notice = period && has(text, /notice|notify/i) ? `, giving ${period} notice` : breadth(text);
      const continued = has(text, /continu\w* (?:to )?(?:use|access)|by (?:continuing|using)/i) ? '; simply keeping on using the service counts as accepting the change' : '';
      return `The provider can change ${what}${notice}${continued}.`;
    }
    case 'content-removal':
      return `The provider can remove, block or change what you post${breadth(text) || ' when it decides to'}${has(text, /liab/i) ? ', and takes no responsibility for doing so' : ''}.`;
    case 'jurisdiction':
      return `Disputes have to be brought${where ? ` before the courts${where}` : ' before courts the provider chooses'}${has(text, /exclusive/i) ? ' and nowhere else' : ''}, even if you live somewhere else.`;
    case 'choice-of-law':
      return `The contract is governed by ${s.places.length ? `the law of ${list(s.places)}` : 'a law the provider chose'}, not necessarily the law where you live.`;
    case 'limitation-of-liability': {
      const cap = s.amounts.length ? `; at most it will pay ${list(s.amounts)}` : '';
      const damages = ['indirect', 'consequential', 'incidental', 'special', 'punitive', 'exemplary'].filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(text));
      const profits = has(text, /profit|revenue/i) ? ' and lost profits' : '';
      if (damages.length) return `The provider refuses to pay for ${list(damages.map((d) => d.toLowerCase()))} losses${profits}${has(text, /data/i) ? ' or lost data' : ''}${cap}.`;
      if (cap) return `The provider caps what it owes you if something goes wrong${cap}.`;
      const object = liabilityObject(text);
      return object
        ? `The provider says it is not responsible for ${object}, so you carry that risk.`
        : 'The provider limits what it owes you if something goes wrong, so you carry more of the risk.';
    }
    case 'unilateral-termination':
      return `The provider can suspend or close your account${breadth(text) || ' when it decides you broke the rules'}${has(text, /content|data/i) ? ', and you may lose what you stored there' : ''}.`;
    case 'contract-by-using':
      return `Just ${has(text, /download|install/i) ? 'downloading or using' : 'accessing or using'} the service binds you to these terms, without signing anything.`;
    case 'privacy-by-reference':
      return 'The privacy policy counts as part of this contract, so what it says about your data (and later changes to it) binds you too.';
    case 'content-licence': {
      const scope = ['worldwide', 'royalty-free', 'perpetual', 'irrevocable', 'sublicensable', 'transferable'].filter((w) => text.toLowerCase().includes(w.replace('sublicensable', 'sublicens')));
      return `You give the provider a licence to use, copy and share what you post${scope.length ? ` (${list(scope)})` : ''}${has(text, /commercial|advertis/i) ? ', including for commercial purposes' : ''}.`;
    }
    case 'automatic-renewal':
      return `Your subscription renews and charges you automatically${period ? ` every ${period}` : ''} until you cancel${has(text, /before|prior/i) ? ', and you must cancel before the renewal date' : ''}.`;
    case 'data-sharing': {
      const who = ['advertisers', 'partners', 'affiliates', 'third parties', 'law enforcement', 'vendors'].filter((w) => text.toLowerCase().includes(w));
      return `Your personal information can be ${has(text, /\bsell|sold\b/i) ? 'sold or ' : ''}shared with ${who.length ? list(who) : 'other companies'}.`;
    }
    case 'indemnification':
      return `If someone makes a claim because of how you used the service, you must pay the provider's costs${has(text, /attorney|legal fees/i) ? ', including its lawyers' : ''}.`;
    case 'claim-time-limit':
      return `You must bring any claim within ${period ?? 'a short period'}, or lose the right to bring it at all.`;
    default:
      return `${getCategory(category).description}`;
  }
}

export function translateClause(text: string, category: string): string {
  const specifics = findSpecifics(text);
  const sentence = core(category, text, specifics);
  // Whatever specific the sentence above did not carry is still worth telling.
  const missing = [...specifics.periods, ...specifics.amounts, ...specifics.places, ...specifics.bodies].filter((v) => !sentence.includes(v));
  return missing.length ? `${sentence} The clause mentions ${list(missing)}.` : sentence;
}

export function titleClause(text: string, category: string): string {
  const name = getCategory(category).name;
  const s = findSpecifics(text);
  const detail = s.bodies[0] ?? s.amounts[0] ?? s.places[0] ?? (category === 'unilateral-change' || category === 'automatic-renewal' || category === 'claim-time-limit' ? s.periods[0] : undefined);
  return detail ? `${name} (${detail})` : name;
}
