// A rough check that a document is in English, the only language the analyzer reads: the share
// of its words that are very common English function words (about a third in English prose,
// a few percent in German or French terms). A text too short for a share (one sentence an agent
// brings) is judged by those words against the function words of the languages terms are most
// often written in besides English.
const COMMON = new Set([
  'the',
  'and',
  'of',
  'to',
  'a',
  'in',
  'you',
  'or',
  'any',
  'for',
  'we',
  'our',
  'your',
  'is',
  'that',
  'by',
  'with',
  'be',
  'this',
  'not',
  'are',
  'on',
  'as',
  'may',
  'will',
  'these',
  'it',
  'from',
  'at',
  'an',
]);

// French, German, Spanish, Italian, Portuguese and Dutch: articles, prepositions, pronouns.
const OTHER_COMMON = new Set(
  (
    'le la les un une des du de et est sont vous nous votre vos notre nos pour dans sur par avec sans à au aux ce cette qui que ' +
    'der die das den dem ein eine einer und ist sind sie wir ihr ihre unser unsere für mit ohne auf von zu im nicht ' +
    'el los las del y es son usted nosotros su sus nuestro para con sin en por ' +
    'il lo gli di e che per con senza nel della ' +
    'o os as um uma do da dos das é são você nós seu sua para com sem em ' +
    'het een en is zijn u wij uw ons onze voor met zonder op van te niet'
  ).split(' '),
);

const SHORT = 50;

export function looksEnglish(text: string): boolean {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const common = words.filter((w) => COMMON.has(w)).length;
  if (words.length >= SHORT) return common / words.length >= 0.12;
  // Too short for a share: English unless another language's function words clearly outnumber its own.
  const other = words.filter((w) => OTHER_COMMON.has(w) && !COMMON.has(w)).length;
  return !(other >= 2 && other > 2 * common);
}
