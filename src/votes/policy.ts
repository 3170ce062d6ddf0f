// When a community vote counts (documented in openapi.yaml's rating scales and VoteStatus):
// - an agent has standing once it registered at least STANDING.ageDays days ago and made at
//   least STANDING.requests keyed requests other than rating clauses: its votes count at once;
// - until then its votes wait, and count by themselves once it has standing (promote.ts);
// - when BURST.agents or more agents without standing vote on one provider's clauses within
//   BURST.hours, their waiting votes there, and the next ones, are held for an operator.
// Why: registering is free (one key per address a day), so a key's own votes prove nothing until
// it has been around and used the service; an attack by many new keys shows as a burst on one
// provider, which a person should look at rather than a threshold decide in silence.
import type { StandingRule } from '../repositories/votes.js';

export const STANDING: StandingRule = { ageDays: 7, requests: 10 };

export const BURST = { agents: 5, hours: 24 } as const;
