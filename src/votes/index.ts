// Community votes on clauses: cast (cast.ts), promoted once their agents have standing
// (promote.ts, schedule.ts), held in bursts and decided by an operator (decide.ts), by the rules
// of policy.ts. The rating formula itself is src/analysis/overall-rating.ts.
export { castVote, type CastVote } from './cast.js';
export { decideHeldVotes, type VoteDecision } from './decide.js';
export { BURST, STANDING } from './policy.js';
export { promoteWaitingVotes } from './promote.js';
export { votePromotion, PROMOTION_INTERVAL_MS } from './schedule.js';
