// Account termination at will: the provider may suspend or close the account or end the service.
// Learned from the corpus ('ter'); told with who ends what, how freely and with what notice
// (translate-termination.ts).
import { terminationActor, terminationSentence, terminationTitle } from '../translate-termination.js';
import type { CategoryDefinition } from './category.js';
import { providerHoldsThePower } from './powers.js';

// A termination clause says that something may end; a pointer to a help page whose address reads
// ".../suspended-x-accounts" does not.
const TERMINATION_VERB =
  /\b(?:suspen|terminat|clos|disabl|delet|restrict|block|discontinu|deactivat|cancel|revok|withdraw|shut|remov|refus|ceas)\w*|\b(?:end|ban|stop|lock|limit)(?:s|ed|ped|ned|ing|ping|ning)?\b/i;

/** The sentence without web addresses, with or without a scheme ("help.x.com/managing-your-account/suspended-x-accounts"). */
function withoutLinks(sentence: string): string {
  return sentence.replace(/\b(?:https?:\/\/|www\.)\S+|\b[\w-]+(?:\.[\w-]+)+\/\S*/gi, '');
}

export const unilateralTermination = {
  slug: 'unilateral-termination',
  name: 'Account termination at will',
  description: 'The provider may suspend or close your account or end the service.',
  corpusCode: 'ter',
  baseSeverity: 'medium',
  baseRating: 5.5,
  guides: ['own-copy', 'appeal'],
  // The user's own right to end the contract is no concern.
  isConcern: (sentence) => terminationActor(sentence) !== 'user' && TERMINATION_VERB.test(withoutLinks(sentence)),
  render: (text, s) => terminationSentence(text, s),
  title: (text) => terminationTitle(text),
  party: providerHoldsThePower,
} as const satisfies CategoryDefinition;
