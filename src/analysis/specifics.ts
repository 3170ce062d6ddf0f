// The specifics of a clause that a translation must carry: periods, amounts of money, places
// (courts, countries, states), arbitration bodies. Each finder returns the text as quoted. Places
// named only in an exception are left out (clause-structure.ts).
import { withoutExceptions } from './clause-structure.js';
const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|forty-five|forty|sixty|ninety|hundred';
const PERIOD = new RegExp(`\\b(?:\\d+|${NUMBER_WORDS})(?:\\s*\\(\\d+\\))?[ -](?:business |calendar |working )?(?:days?|weeks?|months?|years?|hours?)\\b`, 'gi');
const MONEY =
  /(?:US\s?)?[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:USD|EUR|GBP))?|\b\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|U\.S\. dollars|dollars|euros|pounds)\b|\b(?:one|five|ten|fifty|one hundred) (?:US |U\.S\. )?(?:dollars|euros|pounds)\b/gi;
// A place named after the word that introduces it: courts/venue (where disputes go) or law (which
// law governs). "State of", "County of" prefixes are kept; a demonym after "and" ("Paris and
// French law") and anything after a party's name ("California, You and Quora") are cut off.
const PLACE_NAME =
  "((?:the\\s+)?(?:State of |Commonwealth of |Province of |Republic of |County of |City of )?[A-Z][A-Za-z.'-]+(?:(?:,\\s*|\\s+)(?:[A-Z][A-Za-z.'-]+|County|of|and|or|&)){0,7})";
const COURT_PLACE = new RegExp(
  `\\b(?:[Cc]ourts?|[Tt]ribunals?|[Jj]urisdiction|[Vv]enue|located|seated|resolved|heard|[Aa]rbitration|initiated)\\b[^.;]{0,40}?\\b(?:in|of|within)\\s+${PLACE_NAME}`,
  'g',
);
const LAW_PLACE = new RegExp(`\\b(?:[Ll]aws?|[Gg]overned)\\b[^.;]{0,30}?\\b(?:in|of)\\s+${PLACE_NAME}`, 'g');
// A place named before the word: "in California courts", "Dublin, Ireland courts", "governed by
// Delaware law", "using Irish law" (a demonym stands for its country).
const PLACE_BEFORE = "([A-Z][A-Za-z.'-]+(?:(?:,\\s*|\\s+)[A-Z][A-Za-z.'-]+){0,3})";
const COURT_PLACE_BEFORE = new RegExp(
  `(?:\\b(?:in|before|to|of)\\s+(?:the\\s+)?|,\\s*)${PLACE_BEFORE}\\s+(?:(?:state|federal)\\s+(?:(?:or|and)\\s+(?:state|federal)\\s+)?)?courts\\b`,
  'g',
);
const LAW_PLACE_BEFORE = new RegExp(`\\b(?:by|under|using|with|of|and|that)\\s+(?:the\\s+)?${PLACE_BEFORE}\\s+laws?\\b`, 'g');
const BEFORE_PATTERNS = new Set([COURT_PLACE_BEFORE, LAW_PLACE_BEFORE]);
// "the exclusive place of jurisdiction for any claim ... is San Francisco County, California".
const JURISDICTION_IS = new RegExp(`\\bplace of jurisdiction\\b[^.;]{0,120}?\\bis\\s+${PLACE_NAME}`, 'g');
// A court named in full is told whole: "the United States District Court for the Northern District
// of California", "the Superior Court of California, County of Los Angeles", "Tokyo District Court",
// not only the place inside it.
const NAME_WORD = '[A-Z][a-z]+(?:\\s+[A-Z][a-z]+)?';
// A court's own name before its kind: "Tokyo District Court", "Los Angeles County Superior Court".
const COURT_NAME = '[A-Z][a-z]+(?:\\s+[A-Z][a-z]+){0,3}';
const COUNTY = `(?:,\\s*County of\\s+${NAME_WORD})?`;
const NAMED_COURT = new RegExp(
  `\\b(?:(?:U\\.S\\.|US|United States|Federal)\\s+District\\s+[Cc]ourt\\s+for\\s+the\\s+(?:(?:Northern|Southern|Eastern|Western|Central|Middle)\\s+)?District\\s+of\\s+${NAME_WORD}` +
    `|Superior\\s+[Cc]ourt\\s+of\\s+${NAME_WORD}${COUNTY}` +
    `|(?!(?:The|A|An|Any|Such|Each|Every|That|This|Those|These|Competent|Applicable|Relevant)\\b)${COURT_NAME}\\s+(?:Superior|District|County|Circuit)\\s+[Cc]ourt\\b${COUNTY})`,
  'g',
);
const DEMONYM_PLACES: Record<string, string> = {
  Irish: 'Ireland',
  French: 'France',
  English: 'England',
  German: 'Germany',
  Swiss: 'Switzerland',
  Dutch: 'the Netherlands',
  Japanese: 'Japan',
  Singaporean: 'Singapore',
  Californian: 'California',
  British: 'the United Kingdom',
  Swedish: 'Sweden',
  Luxembourgish: 'Luxembourg',
  Austrian: 'Austria',
  Belgian: 'Belgium',
  Danish: 'Denmark',
  Finnish: 'Finland',
  Norwegian: 'Norway',
  Polish: 'Poland',
  Portuguese: 'Portugal',
  Canadian: 'Canada',
  Australian: 'Australia',
  Spanish: 'Spain',
  Italian: 'Italy',
  Chinese: 'China',
  Korean: 'Korea',
  American: 'the United States',
  Scottish: 'Scotland',
};
const DEMONYM_TAIL = new RegExp(`(?:,\\s*|\\s+)and\\s+(?:${Object.keys(DEMONYM_PLACES).join('|')})$`);
const BODIES =
  /\b(?:American Arbitration Association|AAA|JAMS|International Chamber of Commerce|ICC|London Court of International Arbitration|LCIA|Singapore International Arbitration Centre|SIAC|Hong Kong International Arbitration Centre|HKIAC|National Arbitration Forum|International Centre for Dispute Resolution|ICDR)\b/g;

export interface Specifics {
  readonly periods: string[];
  readonly amounts: string[];
  /** Every place named, courts' first. */
  readonly places: string[];
  /** Places named for courts, venue or arbitration (where disputes go). */
  readonly courtPlaces: string[];
  /** Places whose law is named ("the laws of Ireland"). */
  readonly lawPlaces: string[];
  readonly bodies: string[];
}

// A clause's specifics are asked for by its rendering, its title, its context and the facts check: read once.
const SPECIFICS_MEMO = 2048;
const specificsOf = new Map<string, Specifics>();

export function findSpecifics(text: string): Specifics {
  const known = specificsOf.get(text);
  if (known) return known;
  if (specificsOf.size >= SPECIFICS_MEMO) specificsOf.clear();
  const found = readSpecifics(text);
  specificsOf.set(text, found);
  return found;
}

function readSpecifics(text: string): Specifics {
  // Runs of white space are one space: places are told that way, and the place patterns' trimming
  // would backtrack quadratically on a long run.
  const spaced = text.replace(/\s+/g, ' ');
  // A place named only in an exception ("unless the mandatory law of Germany requires otherwise") is not the clause's place.
  const ruled = withoutExceptions(spaced);
  const shown = isShouted(ruled) ? unshout(ruled) : ruled;
  // A shouted court's "court" was lowered with the keywords; its name is told with a capital.
  const courts = [...shown.matchAll(NAMED_COURT)].map((m) => ({ at: m.index, place: m[0].replace(/\bcourt\b/g, 'Court'), before: false }));
  // The places inside a named court are not named again on their own. The court is masked, not
  // removed, so that positions still order what was found; '#' is no space, letter or stop.
  const readable = shown.replace(NAMED_COURT, (court) => '#'.repeat(court.length));
  const courtPlaces = placesNamed(readable, [COURT_PLACE, COURT_PLACE_BEFORE, JURISDICTION_IS], courts);
  const lawPlaces = placesNamed(readable, [LAW_PLACE, LAW_PLACE_BEFORE]);
  return {
    periods: unique(text.match(PERIOD) ?? []).map(quietCase),
    amounts: unique(amountsIn(text)).map((a) => (/\d/.test(a) ? a : quietCase(a))),
    places: unique([...courtPlaces, ...lawPlaces]),
    courtPlaces,
    lawPlaces,
    bodies: unique(text.match(BODIES) ?? []),
  };
}

/** A court named in full ("Tokyo District Court"), as findSpecifics tells it, rather than a place. */
export function isNamedCourt(place: string): boolean {
  return /\bCourt\b/.test(place);
}

/** "ONE (1) YEAR" from a shouted clause reads as "one (1) year". */
function quietCase(value: string): string {
  // "FIFTY US DOLLARS" reads "fifty US dollars": the country keeps its capitals.
  return value === value.toUpperCase() ? value.toLowerCase().replace(/\b(us|u\.s\.)(?= dollars?\b)/, (c) => c.toUpperCase()) : value;
}

/** Amounts of money; a worded amount restated in figures ("one hundred dollars ($100)") counts once. */
function amountsIn(text: string): string[] {
  return [...text.matchAll(MONEY)]
    .filter((m) => /\d/.test(m[0]) || !/^\s*\(\s*(?:US|U\.S\.)?\s*[$€£\d]/i.test(text.slice((m.index ?? 0) + m[0].length)))
    .map((m) => m[0]);
}

const LOWER_WORDS = new Set([
  'in',
  'of',
  'the',
  'and',
  'or',
  'to',
  'for',
  'by',
  'any',
  'a',
  'an',
  'courts',
  'court',
  'located',
  'law',
  'laws',
  'jurisdiction',
  'venue',
  'seated',
  'resolved',
  'heard',
  'arbitration',
  'initiated',
  'governed',
  'state',
  'federal',
  'exclusive',
  'exclusively',
  'no',
  'event',
  'will',
  'shall',
  'be',
  'liable',
  'extent',
  'permitted',
  'applicable',
  'nature',
  'connection',
  'with',
  'under',
  'regardless',
]);

/** A sentence in capitals ("COURTS LOCATED IN SARASOTA COUNTY, FLORIDA"). */
function isShouted(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '');
  return letters.length > 20 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.8;
}

/** Capitals to title case, with the keywords and small words the place patterns expect in lower case. */
function unshout(text: string): string {
  return text.replace(/[A-Za-z][A-Za-z'’.-]*/g, (w) => {
    const lower = w.toLowerCase();
    return LOWER_WORDS.has(lower) ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}

interface Found {
  readonly at: number;
  readonly place: string;
  /** Found before the word that introduces it ("California courts"). */
  readonly before: boolean;
}

/** The places the patterns find and the courts named in full, in the order the clause names them. */
function placesNamed(text: string, patterns: RegExp[], courts: Found[] = []): string[] {
  const found = [
    ...courts,
    ...patterns.flatMap((pattern) =>
      [...text.matchAll(pattern)].map((m) => ({ at: m.index + m[0].indexOf(m[1]), place: m[1], before: BEFORE_PATTERNS.has(pattern) })),
    ),
  ];
  found.sort((a, b) => a.at - b.at);
  // Before the word, a place is a short name ("New York", "Dublin, Ireland"), not a kind of law ("US Export Control law").
  const named = found.filter(
    (f) => !f.before || (!NOT_PLACE_BEFORE.test(f.place) && !LAW_KIND.test(f.place) && f.place.split(/,\s*/).every((part) => part.split(/\s+/).length <= 3)),
  );
  return unique(named.map((f) => cleanPlace(DEMONYM_PLACES[f.place] ?? f.place)).filter(isPlace));
}

function cleanPlace(place: string): string {
  // Cut at the first comma-separated part that is no place ("California, You and Quora").
  const parts = place.split(/,\s*/);
  const cut = parts.findIndex((p, i) => i > 0 && NOT_PLACES.has(p.split(/\s/)[0]));
  const cleaned = (cut > 0 ? parts.slice(0, cut) : parts)
    .join(', ')
    .replace(/^the\s+/i, '')
    .replace(DEMONYM_TAIL, '')
    .replace(/(?:,\s*|\s+)and\s+(?:You|We|Our|Your|Each)\b.*$/, '')
    .replace(/[,\s]+(?:and|of|or|&)$/i, '')
    .replace(/[.,]+$/, '')
    .trim();
  // "the law of the State of Delaware", not "the law of State of Delaware".
  return /^(?:(?:State|Commonwealth|Province|Republic|County|City) of |Netherlands\b|United (?:States|Kingdom)\b|Philippines\b|U\.?S\.?A?\b|UK\b)/.test(cleaned)
    ? `the ${cleaned}`
    : cleaned;
}

const NOT_PLACES = new Set([
  'Terms',
  'Services',
  'Service',
  'Agreement',
  'These',
  'This',
  'Section',
  'You',
  'We',
  'Our',
  'Your',
  'Company',
  'Privacy',
  'Policy',
  'Any',
  'All',
  'Such',
]);

// Capitalised words before "courts" or "law" that name no place ("the Competent courts", "Applicable Law").
const NOT_PLACE_BEFORE =
  /^(?:Member|State|Federal|Competent|Applicable|Governing|Local|National|Mandatory|Consumer|Small|Other|Those|Certain|Relevant|Appropriate|Supreme|High|District|Civil|Criminal|Data|Protection|Copyright|Intellectual|International)\b/;

// "conducted in English", "rules of the American Arbitration Association": no places.
const NOT_PLACE_WHOLE =
  /^(?:English|French|German|Spanish|Italian|Dutch|Japanese|Chinese|Korean|Portuguese)$|\b(?:Arbitration|Association|Centre|Center|Chamber|Forum|Rules)\b|^(?:AAA|JAMS|ICC|LCIA|SIAC|HKIAC)$/;

const LAW_KIND =
  /\b(?:Control|Export|Protection|Consumer|Competition|Privacy|Tax|Trade|Sanctions|Data|Securities|Employment|Labou?r|Copyright|Patent|Trademark)\b/;
// "initiated within One (1) year": a number, no place.
const NUMBER_WORD = new RegExp(`^(?:${NUMBER_WORDS})\\b`, 'i');

function isPlace(place: string): boolean {
  const bare = place.replace(/^the /, '');
  return place.length > 1 && !NOT_PLACES.has(bare.split(/[\s,]/)[0]) && !NOT_PLACE_WHOLE.test(bare) && !NUMBER_WORD.test(bare);
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.map((v) => v.replace(/\s+/g, ' ').trim()).filter((v) => !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
}
