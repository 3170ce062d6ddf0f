// Account termination at will: the provider may suspend or close the account or end the service.
// Learned from the corpus ('ter'); told with who ends what, how freely and with what notice
// (unilateral-termination/render.ts).
import { terminationActor, terminationSentence, terminationTitle } from './unilateral-termination/render.js';
import { lc } from '../engine/canon.js';
import { providerPower, SOLE_DISCRETION, ANY_TIME, ANY_REASON, NO_NOTICE, TERMINATE_VERB, TERMINATE_OBJECT, BREACH, all, any } from '../engine/cue-patterns.js';
import type { CategoryDefinition } from './category.js';
import { clauseParty } from '../party.js';

// "host and co-host may terminate the co-host agreement": the users' own act, unless the provider's power is there too.
const PROVIDER_POWER = /\b(?:we|us|the provider|the company)\b[^.;]{0,40}\b(?:may|can|will|reserves?|might)\b/i;
import { providerHoldsThePower } from './powers.js';
import { readProviderTermination } from '../facts/provider-termination.js';

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
  facts: { provider_termination: readProviderTermination },
  // The user's own right to end the contract is no concern.
  isConcern: (sentence) =>
    terminationActor(sentence) !== 'user' &&
    // "please contact us immediately so that we can disable his or her access": a request, acted on for the user.
    !/\bplease (?:contact|notify|tell|inform|let)\b/i.test(sentence) &&
    !(clauseParty(sentence) === 'user' && !PROVIDER_POWER.test(sentence)) &&
    TERMINATION_VERB.test(withoutLinks(sentence)),
  render: (text, s) => terminationSentence(text, s),
  title: (text) => terminationTitle(text),
  party: providerHoldsThePower,
  // Cue features of the classifier (engine/cues.ts lists them, in the shipped model's order).
  cues: [
    { name: 'ter_verb', test: any(TERMINATE_VERB) },
    { name: 'ter_object', test: all(TERMINATE_VERB, TERMINATE_OBJECT) },
    { name: 'ter_power', test: (t) => TERMINATE_VERB.test(lc(t)) && providerPower(t) },
    { name: 'ter_power_obj', test: (t) => TERMINATE_VERB.test(lc(t)) && TERMINATE_OBJECT.test(lc(t)) && providerPower(t) },
    {
      name: 'ter_broad',
      test: (t) => TERMINATE_VERB.test(lc(t)) && (ANY_TIME.test(lc(t)) || ANY_REASON.test(lc(t)) || NO_NOTICE.test(lc(t)) || SOLE_DISCRETION.test(lc(t))),
    },
    { name: 'ter_breach', test: all(TERMINATE_VERB, BREACH) },
    {
      name: 'ter_if_clause',
      test: any(/^\s*(?:\(?[a-z0-9ivx]{1,4}[.)]\s*)?(?:if|where|when|in case|in the event) (?:you|we|your|skype|it|there)\b[^.]*(?:;|\bor|\band)?\s*$/),
    },
    { name: 'ter_inactive', test: any(/\binactiv|\bdo(?:n't| not) (?:log|sign) in\b|\bhave not (?:logged|signed) in\b/) },
    {
      name: 'ter_refuse',
      test: any(
        /\brefuse (?:service|to provide|to serve|any|access|registration)|\bdecline (?:a new )?registration|\bcancel (?:your )?(?:order|it|the contract)|\brefuse to accept\b/,
      ),
    },
  ],
} as const satisfies CategoryDefinition;
