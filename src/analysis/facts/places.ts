// Place names as terms write them after "the laws of", "the courts of", "courts located in":
// "the State of California", "England and Wales", "Santa Clara County, California", "The Netherlands",
// "TOKYO", also in capitals ("SAN FRANCISCO COUNTY, STATE OF CALIFORNIA AND THE PARTIES WAIVE ...",
// where the known place names say where the place ends). Adjectives too: "French law", "Irish law".

import { ADJECTIVES, CITIES, COUNTRIES, US_STATES } from './place-names.js';

const KNOWN = new Set([...US_STATES, ...COUNTRIES, ...CITIES].map((p) => p.toLowerCase()));
/** Words that may sit inside a place name between known names ("Northern District of", "County", "State of"). */
const INNER = new Set([
  'county',
  'counties',
  'district',
  'northern',
  'southern',
  'eastern',
  'western',
  'central',
  'state',
  'of',
  'and',
  'or',
  'the',
  'city',
  'province',
  'parish',
  'borough',
  'republic',
  'kingdom',
  'commonwealth',
  'federal',
  'states',
  'united',
  'america',
  'usa',
  'u.s.a.',
  'u.s.',
  'us',
  '&',
]);

/** A known place name starting at word i of words (longest first: "New York", "Santa Clara"). */
function knownAt(words: string[], i: number): number {
  for (let n = 4; n >= 1; n--) {
    if (i + n > words.length) continue;
    const name = words
      .slice(i, i + n)
      .join(' ')
      .toLowerCase()
      .replace(/[,.]+$/, '');
    if (KNOWN.has(name)) return n;
  }
  return 0;
}

function titleCase(place: string): string {
  if (place !== place.toUpperCase()) return place;
  return place
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
    .replace(/\b(Of|And|The)\b/g, (w) => w.toLowerCase());
}

/**
 * The place named at the start of a text ("the State of New York as they apply" -> "New York"): the run of
 * capitalised words, connectors and known names, cut after its last known name or "County". Null when it
 * names no known place ("the country where you live", "Federal Arbitration Act").
 */
export function placeAt(text: string): string | null {
  const words = text.replace(/\*+/g, '').trim().split(/\s+/).slice(0, 14);
  let i = 0;
  while (i < words.length && /^(?:the|state|of|commonwealth|republic|kingdom|province)$/i.test(words[i])) i++;
  let end = -1;
  let j = i;
  let rest: string | null = null;
  while (j < words.length) {
    const word = words[j];
    const bare = word.replace(/^[("“]+|[)"”,.;:]+$/g, '');
    // "the Los Angeles county and the state of Delaware" names two places; the first is the forum's. A compound
    // name ("England and Wales", "Trinidad and Tobago") was taken whole by knownAt.
    if (end === j && /^(?:and|or|&)$/i.test(bare)) {
      rest = words.slice(j + 1).join(' ');
      break;
    }
    const known = knownAt(
      words.map((w) => w.replace(/^[("“]+|[)"”;:]+$/g, '')),
      j,
    );
    if (known) {
      end = j + known;
      j += known;
    } else if (bare && (INNER.has(bare.toLowerCase()) || (/^\p{Lu}/u.test(bare) && /^[\p{L}'’.-]+$/u.test(bare)))) {
      if (/^count(?:y|ies)$/i.test(bare)) end = j + 1;
      j++;
    } else break;
    // A comma, semicolon or closing bracket ends the name unless a known name follows ("Santa Clara County, California").
    if (/[;:)]$/.test(words[j - 1]) || (/,$/.test(words[j - 1]) && !knownAt(words, j) && !/^(?:state|usa|u\.s\.a\.?)/i.test(words[j] ?? ''))) break;
  }
  if (end <= i) return null;
  let place = words
    .slice(i, end)
    .join(' ')
    .replace(/^[("“]+|[)"”,.;:]+$/g, '');
  place = place.replace(/,?\s+(?:state of|the state of)\s+/i, ', ');
  // "Wichita County or Tarrant County, Texas": the state written once after both places is the first one's too.
  const region = rest !== null && !place.includes(',') ? /,\s*([^,]+)$/.exec(placeAt(rest) ?? '')?.[1] : undefined;
  return region ? `${titleCase(place)}, ${region}` : titleCase(place);
}

/** "French" -> "France"; a known place used as an adjective ("California law") is itself. */
export function placeOfAdjective(word: string): string | null {
  const w = word.toLowerCase();
  if (ADJECTIVES[w]) return ADJECTIVES[w];
  return KNOWN.has(w) ? titleCase(word) : null;
}
