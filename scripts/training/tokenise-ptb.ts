// Penn-Treebank tokenisation of a cased sentence, the way round of src/analysis/detokenise.ts: the
// evaluation's "lowercased and tokenised" copies of the main corpus (eval.ts), and its tests.

/** The text lowercased and tokenised as in the CLAUDETTE releases ("we ca n't -lrb- ... -rrb-"). */
export function tokeniseLikePtb(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u201c"](?=\w)/g, '`` ')
    .replace(/[\u201d"]/g, " ''")
    .replace(/\(/g, ' -lrb- ')
    .replace(/\)/g, ' -rrb- ')
    .replace(/\[/g, ' -lsb- ')
    .replace(/\]/g, ' -rsb- ')
    .replace(/n't\b/g, " n't")
    .replace(/'(s|re|ve|ll|d|m)\b/g, " '$1")
    .replace(/([,;:?!])(?=\s|$)/g, ' $1')
    .replace(/\.(?=\s*$)/g, ' .')
    .replace(/\s+/g, ' ')
    .trim();
}
