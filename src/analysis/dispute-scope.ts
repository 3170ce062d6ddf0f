// Whom a dispute clause applies to, as it says at its start ("If you are a resident of the
// European Union, ...", "For disputes not subject to arbitration, ..."), and places written in
// capitals put back in their usual case. Read by the translations and by the sentence context.
const SCOPE =
  /^((?:if you are|for residents (?:of|in)|if you (?:use|are using) the services? on behalf of)\b[^,]{3,80}|for (?:any )?(?:actions?|disputes?|claims?|arbitrations?|proceedings?|others?|residents?|users?)\b[^,]{3,80}|in all other cases),/i;
const SCOPE_PLACES = /^(?:,\s*(?:(?:or|and)\s+)?(?:the\s+)?[A-Z][\w.]*(?:\s+[A-Z][\w.]*)*(?:\s+(?:or|and)\s+(?:the\s+)?[A-Z][\w.]*)?(?=,))+/;

const CAPTION = /^(?:[A-Z][A-Z ]{2,40}|In summary|Important|Note):\s+/;

/** The scope the clause opens with, if any, without a closing parenthesis. */
export function scopeOf(clause: string): string | undefined {
  // A caption before the scope ("IMPORTANT ARBITRATION NOTICE: IF YOU ARE IN ...", "In summary: ...").
  const text = clause.trim().replace(CAPTION, '');
  const lead = SCOPE.exec(text)?.[1];
  if (!lead) return undefined;
  const shouted = lead === lead.toUpperCase();
  const places = !shouted && /^(?:if|for residents)/i.test(lead) ? (SCOPE_PLACES.exec(text.slice(lead.length))?.[0] ?? '') : '';
  return `${lead}${places}`.replace(/\s*\([^)]*\)?$/, '');
}

export const SHOUTED_PLACES = /\b(?:united states|united kingdom|european union|european economic area|canada|eea|uk|eu|u\.s\.)(?![a-z])/g;
const SMALL_WORDS = new Set(['and', 'of', 'the', 'or', 'in']);
const ABBREVIATION = /^(?:uk|us|eu|eea|uae|usa|u\.s\.(?:a\.)?|u\.k\.)$/;

/** A shouted place in its usual case: "EUROPEAN UNION AND UNITED KINGDOM" → "European Union and United Kingdom"; "UK", "U.S." stay. */
export function quietPlaceCase(place: string): string {
  return place
    .toLowerCase()
    .replace(/[a-z][a-z.]*/g, (w) => (SMALL_WORDS.has(w) ? w : ABBREVIATION.test(w) ? w.toUpperCase() : `${w[0].toUpperCase()}${w.slice(1)}`));
}
