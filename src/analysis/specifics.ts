// The specifics of a clause that a translation must carry: periods, amounts of money, places
// (courts, countries, states), arbitration bodies. Each finder returns the text as quoted.
const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|forty-five|forty|sixty|ninety|hundred';
const PERIOD = new RegExp(`\\b(?:\\d+|${NUMBER_WORDS})(?:\\s*\\(\\d+\\))?[ -](?:business |calendar |working )?(?:days?|weeks?|months?|years?|hours?)\\b`, 'gi');
const MONEY = /(?:US\s?)?[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:USD|EUR|GBP))?|\b\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|U\.S\. dollars|dollars|euros|pounds)\b|\b(?:one|five|ten|fifty|one hundred) (?:US |U\.S\. )?(?:dollars|euros|pounds)\b/gi;
const PLACE_AFTER = /\b(?:courts?|tribunals?|laws?|law|jurisdiction|venue|located|seated|resolved|arbitration)\b[^.;]{0,40}?\b(?:in|of)\s+((?:the\s+)?(?:State of |Commonwealth of |Province of |Republic of |County of |City of )?[A-Z][A-Za-z.'-]+(?:(?:,\s*|\s+)(?:[A-Z][A-Za-z.'-]+|County|of|and)){0,4})/g;
const BODIES = /\b(?:American Arbitration Association|AAA|JAMS|International Chamber of Commerce|ICC|London Court of International Arbitration|LCIA|Singapore International Arbitration Centre|SIAC|Hong Kong International Arbitration Centre|HKIAC|National Arbitration Forum)\b/g;

export interface Specifics {
  readonly periods: string[];
  readonly amounts: string[];
  readonly places: string[];
  readonly bodies: string[];
}

export function findSpecifics(text: string): Specifics {
  return {
    periods: unique(text.match(PERIOD) ?? []).map(quietCase),
    amounts: unique(amountsIn(text)).map((a) => (/\d/.test(a) ? a : quietCase(a))),
    places: unique([...text.matchAll(PLACE_AFTER)].map((m) => cleanPlace(m[1])).filter(isPlace)),
    bodies: unique(text.match(BODIES) ?? []),
  };
}

/** "ONE (1) YEAR" from a shouted clause reads as "one (1) year". */
function quietCase(value: string): string {
  return value === value.toUpperCase() ? value.toLowerCase() : value;
}

/** Amounts of money; a worded amount restated in figures ("one hundred dollars ($100)") counts once. */
function amountsIn(text: string): string[] {
  return [...text.matchAll(MONEY)].filter((m) => /\d/.test(m[0]) || !/^\s*\(\s*(?:US|U\.S\.)?\s*[$€£\d]/i.test(text.slice((m.index ?? 0) + m[0].length))).map((m) => m[0]);
}

function cleanPlace(place: string): string {
  return place.replace(/^the\s+/i, '').replace(/[,\s]+(?:and|of)$/i, '').replace(/[.,]+$/, '').trim();
}

const NOT_PLACES = new Set(['Terms', 'Services', 'Service', 'Agreement', 'These', 'This', 'Section', 'You', 'We', 'Our', 'Your', 'Company', 'Privacy', 'Policy', 'Any', 'All', 'Such']);

function isPlace(place: string): boolean {
  return place.length > 1 && !NOT_PLACES.has(place.split(/[\s,]/)[0]);
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.map((v) => v.replace(/\s+/g, ' ').trim()).filter((v) => !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
}
