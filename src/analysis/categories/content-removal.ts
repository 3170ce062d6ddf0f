// Content removal: the provider may delete, edit or block the user's content. Learned from the
// corpus ('cr'); told with how freely (translate-powers.ts).
import { removalSentence, userRemoves } from '../translate-powers.js';
import type { CategoryDefinition } from './category.js';
import { providerHoldsThePower } from './powers.js';

// "Shazam does not have any obligation to ... remove any user content": a duty denied, no power to remove.
const NO_DUTY_TO_REMOVE = /\bno (?:\w+ )?(?:obligation|duty|responsibility)\b[^.;]{0,60}\b(?:remov|delet|take down)/i;
const MAY_REMOVE = /\b(?:may|can|will|reserves? the right to|is entitled to)\b[^.;]{0,60}\b(?:remov|delet|disabl)/i;

export const contentRemoval = {
  slug: 'content-removal',
  name: 'Content removal',
  description: 'The provider may delete, edit or block your content.',
  corpusCode: 'cr',
  baseSeverity: 'medium',
  baseRating: 5,
  guides: ['own-copy', 'appeal'],
  // The user's own removal of their content is a right, not a concern.
  isConcern: (sentence) => !userRemoves(sentence) && !(NO_DUTY_TO_REMOVE.test(sentence) && !MAY_REMOVE.test(sentence)),
  render: (text, s) => removalSentence(text, s),
  party: providerHoldsThePower,
} as const satisfies CategoryDefinition;
