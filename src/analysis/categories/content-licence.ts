// Broad licence to the user's content. Detected by rule (the corpus does not annotate it).
import { licenceSentence } from '../translate-grants.js';
import type { CategoryDefinition } from './category.js';

const NAME = 'Broad licence to your content';

export const contentLicence = {
  slug: 'content-licence',
  name: NAME,
  description: 'You grant the provider a broad (often worldwide, royalty-free, sublicensable) licence to your content.',
  baseSeverity: 'medium',
  baseRating: 5,
  guides: ['limit-sharing'],
  rule: (s) =>
    /\blicen[cs]e\b/.test(s) &&
    /\b(?:worldwide|world-wide|royalty[- ]free|perpetual|irrevocable|sub-?licens|transferable)\b/.test(s) &&
    /\byou (?:hereby )?(?:grant|give)|\bgrant(?:s|ing)? (?:to )?(?:us|the company)\b|\bwe (?:may|can) use\b/.test(s) &&
    /\bcontent|submissions?|posts?|uploads?|materials?|photos?|videos?|feedback|ideas|information you\b/.test(s),
  render: (text) => licenceSentence(text),
  // A licence to feedback (ideas, suggestions) is no licence to what the user posts.
  title: (text) => (/\b(?:feedback|suggestions?|ideas)\b/i.test(text) && !/\bcontent\b/i.test(text) ? 'Licence to your feedback' : NAME),
} as const satisfies CategoryDefinition;
