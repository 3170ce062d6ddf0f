// Shared by the power categories (unilateral change, content removal, account termination): a
// clause that gives the provider the power is the provider's, whatever subject comes first.
import type { Party } from '../party.js';

// The provider's power stated anywhere in the clause ("You are responsible for your content: But we can remove it").
const PROVIDER_POWER = /\b(?:we|the provider)\s+(?:\w+ly\s+|also\s+)?(?:may|can|might|will|reserves?)\b/i;

export function providerHoldsThePower(party: Party, sentence: string): Party {
  return party === 'user' && PROVIDER_POWER.test(sentence) ? 'provider' : party;
}
