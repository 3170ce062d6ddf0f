// Numbers as terms write them: "thirty (30) days", "one (1) year", "TWELVE (12) MONTHS", "US$100",
// "one hundred US dollars", "£100 GBP", "€500", "USD100".

const UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

/** The words of a number up to 9999 ("forty-five", "one hundred", "two thousand"); a bare "a"/"an" is one. */
export const NUMBER_WORDS =
  '(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?(?: (?:hundred|thousand))?(?:(?: and)? (?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety))?|an?)';

/** "30", "thirty", "forty-five", "one hundred" -> the number; null when it is none. */
export function parseNumber(words: string): number | null {
  const t = words.trim().toLowerCase().replace(/,/g, '');
  if (/^\d+(?:\.\d+)?$/.test(t)) return Number(t);
  if (t === 'a' || t === 'an') return 1;
  let total = 0;
  let current = 0;
  for (const word of t.split(/[\s-]+/)) {
    if (word === 'and') continue;
    if (word in UNITS) current += UNITS[word];
    else if (word in TENS) current += TENS[word];
    else if (word === 'hundred') current = (current || 1) * 100;
    else if (word === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return null;
  }
  const n = total + current;
  return n > 0 ? n : null;
}

/** "thirty (30)" -> 30: the figure in brackets wins over the words before it; in "30 (thirty)" the words in brackets are read past. */
const COUNT = `(?:(\\d+)|(${NUMBER_WORDS}))(?:\\s*\\((\\d+)\\)|\\s*\\(${NUMBER_WORDS}\\))?`;

function countOf(m: RegExpExecArray, at: number): number | null {
  if (m[at + 2]) return Number(m[at + 2]);
  if (m[at]) return Number(m[at]);
  return m[at + 1] ? parseNumber(m[at + 1]) : null;
}

const PERIOD = new RegExp(`\\b${COUNT}\\s*(years?|months?|weeks?|days?|business days?)\\b`, 'i');
const DAYS_PER: Record<string, number> = { year: 365, month: 30, week: 7, day: 1 };

/** The first period of a text in days ("one (1) year" -> 365, "thirty (30) days" -> 30). */
export function periodDays(text: string, pattern: RegExp = PERIOD): number | null {
  const m = pattern.exec(text);
  if (!m) return null;
  const n = countOf(m, 1);
  const unit = m[4]
    .toLowerCase()
    .replace(/^business /, '')
    .replace(/s$/, '');
  if (n === null) return null;
  // "twelve (12) months" is a year, as "one (1) year" is.
  if (unit === 'month' && n % 12 === 0) return (n / 12) * DAYS_PER.year;
  return n * (DAYS_PER[unit] ?? 1);
}

/** A number of days written in a text at a given pattern whose first group is the count ("within (COUNT) days"). */
const compiled = new Map<string, RegExp>();

export function countIn(text: string, before: string, after: string): number | null {
  const key = `${before}\u0000${after}`;
  let pattern = compiled.get(key);
  if (!pattern) compiled.set(key, (pattern = new RegExp(`${before}${COUNT}${after}`, 'i')));
  const m = pattern.exec(text);
  return m ? countOf(m, 1) : null;
}

const CURRENCY_SIGNS: [RegExp, string][] = [
  [/€|\beuros?\b|\beur\b/i, 'EUR'],
  [/£|\bpounds?(?: sterling)?\b|\bgbp\b/i, 'GBP'],
  [/\bcad\b|\bcanadian dollars?\b|\bC\$/i, 'CAD'],
  [/\baud\b|\baustralian dollars?\b|\bA\$/i, 'AUD'],
  [/\bjpy\b|¥|\byen\b/i, 'JPY'],
  [/\bchf\b|\bswiss francs?\b/i, 'CHF'],
  [/\$|\busd\b|\bdollars?\b/i, 'USD'],
];

export interface Money {
  amount: number;
  currency: string | null;
  index: number;
}

// "US$100", "$100.00", "USD100", "£100 GBP", "€500", "100 USD", "one hundred US dollars", "FIVE HUNDRED EUROS".
const MONEY_FIGURE =
  /(?:(?:US|U\.S\.|A|C)?\s?[$€£¥]|\b(?:USD|EUR|GBP|CAD|AUD|CHF|JPY)\s?)\s?(\d[\d,]*(?:\.\d+)?)|\b(\d[\d,]*(?:\.\d+)?)\s?(?:USD|EUR|GBP|CAD|AUD|CHF|JPY|euros?|dollars|pounds)\b/i;
const MONEY_WORDS = new RegExp(`\\b(${NUMBER_WORDS})\\s+(?:U\\.?S\\.?\\s+|US\\s+)?(dollars|euros?|pounds)\\b`, 'i');

/** The first sum of money of a text: figures win over words ("ONE HUNDRED DOLLARS ($100)"). */
export function moneyIn(text: string): Money | null {
  const figure = MONEY_FIGURE.exec(text);
  if (figure) {
    const amount = Number((figure[1] ?? figure[2]).replace(/,/g, ''));
    const around = text.slice(Math.max(0, figure.index - 4), figure.index + figure[0].length + 5);
    return { amount, currency: currencyOf(around), index: figure.index };
  }
  const words = MONEY_WORDS.exec(text);
  if (!words) return null;
  const amount = parseNumber(words[1]);
  return amount === null ? null : { amount, currency: currencyOf(words[0]), index: words.index };
}

function currencyOf(text: string): string | null {
  return CURRENCY_SIGNS.find(([sign]) => sign.test(text))?.[1] ?? null;
}
