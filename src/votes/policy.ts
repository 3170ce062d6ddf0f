// When a community vote counts (documented in openapi.yaml's rating scales and VoteStatus):
// - an agent has standing once it registered at least STANDING.ageDays days ago and made at
//   least STANDING.requests keyed requests other than rating clauses: its votes count at once;
// - until then its votes wait, and count by themselves once it has standing (promote.ts), unless
//   its key was revoked meanwhile: then the promotion pass discards them;
// - when BURST.agents or more agents without standing (when they voted) vote on one provider's
//   clauses within BURST.days, their waiting votes there, and the next ones, are held for an
//   operator;
// - a vote cast again takes the agent's standing at that moment, except that a held or discarded
//   vote stays so (an operator's decision, pending or made).
// Why: registering is free (one key per address a day), so a key's own votes prove nothing until
// it has been around and used the service; an attack by many new keys shows as many new agents on
// one provider, which a person should look at rather than a threshold decide in silence. The
// window is as long as the age standing needs: new keys spread over the days (a drip, fewer than
// BURST.agents a day) would otherwise each stay under a shorter window, wait, and count together
// once they have standing, as a burst would.
import type { StandingRule } from '../repositories/votes.js';

export const STANDING: StandingRule = { ageDays: 7, requests: 10 };

export const BURST = { agents: 5, days: STANDING.ageDays } as const;
