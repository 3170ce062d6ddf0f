// Plain-English translation and title of one concerning clause, written from the clause itself:
// what the provider may do, how broadly (any time, any reason, without notice), and the
// specifics it names (periods, amounts, places, arbitration bodies). Each category renders and
// titles its own clauses (categories/<slug>.ts); this file dispatches and adds the specifics left out.
import { definitionOf } from './categories/index.js';
import { list } from './phrases.js';
import type { SentenceContext } from './sentence-context.js';
import { findSpecifics } from './specifics.js';
import { clauseStructure, type FallbackOf } from './clause-structure.js';

// "If you use WeChat ... for any commercial or business purpose, ...": the clause binds business users only.
// (Dispute clauses state their own scopes, in categories/disputes/render.ts.)
const BUSINESS_USE_LEAD = /^if you use [^,]{1,80}?\bfor (?:any )?(?:commercial|business)(?: or (?:commercial|business))? purposes?\b/i;

// "To the fullest extent permitted by law, ...", ", to the extent allowed by applicable law,": the whole clause holds
// only as far as the law allows, and a telling that drops it overstates it.
const AS_FAR_AS_LAW =
  /(?:^|[,;(]\s*)(?:\W*\d+(?:\.\d+)*\.?\s+)?(?:to the (?:fullest |maximum |greatest |furthest |full )?extent (?:permitted|allowed|allowable|permissible|possible|authori[sz]ed)|within the limits of (?:the )?(?:applicable )?laws?|where permitted by (?:applicable )?law|as permitted by (?:applicable )?law)\b/i;

/** The rendering with the law's limit kept, where the quote states it and the rendering does not. */
function lawKept(quote: string, told: string): string {
  if (!AS_FAR_AS_LAW.test(quote) || /\blaws?\b|\blegal/i.test(told)) return told;
  // After the users a clause is for ("If you use the service for business: ..."), the limit of the rule itself.
  const scope = /^(?:If|For|Where|When)\b[^:]{0,160}:\s/.exec(told)?.[0] ?? '';
  const rule = told.slice(scope.length);
  return `${scope}${scope ? 'as' : 'As'} far as the law allows, ${rule.charAt(0).toLowerCase()}${rule.slice(1)}`;
}

/** The clause told in plain English; `context` is what earlier sentences of its paragraph said (scope, courts). */
export function translateClause(text: string, category: string, context?: SentenceContext): string {
  const definition = definitionOf(category);
  const specifics = findSpecifics(text);
  const told = lawKept(text, definition.render ? definition.render(text, specifics, context) : definition.description);
  const sentence =
    !definition.ownScope && BUSINESS_USE_LEAD.test(text.trim()) ? `If you use the service for business: ${told.charAt(0).toLowerCase()}${told.slice(1)}` : told;
  // Whatever specific the sentence above did not carry is still worth telling.
  // Places matter where disputes go or which law applies; elsewhere a "place" is usually a name.
  const places = definition.placesTold ? specifics.places : [];
  const periods = definition.periodsTold ? [] : specifics.periods;
  const missing = [...periods, ...specifics.amounts, ...places, ...specifics.bodies].filter((v) => !sentence.includes(v));
  return missing.length ? `${sentence} The clause mentions ${list(missing)}.` : sentence;
}

// A fallback's title says that it is one (clause-structure.ts): "Distant jurisdiction, for disputes not arbitrated".
const FALLBACK_TITLE: Record<FallbackOf, string> = {
  arbitration: ', for disputes not arbitrated',
  waiver: ', if a waiver fails',
  provision: ', as a fallback',
};

export function titleClause(text: string, category: string): string {
  const definition = definitionOf(category);
  const s = findSpecifics(text);
  const fallback = clauseStructure(text).fallback;
  // The category's name, or a truer one where the clause is a variant of it.
  const suffix = fallback ? FALLBACK_TITLE[fallback] : '';
  const name = `${definition.title ? definition.title(text, s) : definition.name}${suffix}`;
  // A place belongs in the title only of a clause about where disputes go or which law applies.
  const places = definition.titlePlaces ? definition.titlePlaces(text, s) : [];
  const detail = s.bodies[0] ?? s.amounts[0] ?? places[0] ?? (definition.periodInTitle ? s.periods[0] : undefined);
  if (!detail && definition.titleWithoutDetail) return `${definition.titleWithoutDetail}${suffix}`;
  return detail ? `${name} (${detail})` : name;
}
