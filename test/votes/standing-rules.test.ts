// The rules of standing as a reviewer tried to get round them, over the real HTTP API: new keys
// voting a few a day (a drip) are held like a burst, a revoked agent's waiting votes never count,
// a re-vote takes the agent's standing now and not the old vote's status, and an agent's use is
// counted before the provider's row is locked.
import t from 'tap';
import { randomAddress, registerAgent } from '../helpers/api.js';
import { ageAgent, agentWithStanding, harshProvider, invariants, keyHash, timePassesForVotes, useService, votesTestApp } from '../helpers/votes.js';
import { lockProvider } from '../../src/repositories/providers.js';
import { BURST, promoteWaitingVotes, STANDING } from '../../src/votes/index.js';

const { call, db, admin, detail: detail } = await votesTestApp(t);

async function vote(key: string, clauseId: number, rating: number) {
  const res = await call('POST', `/api/agents/clauses/${clauseId}/rating`, { key, body: { rating } });
  t.equal(res.status, 200);
  return res.body;
}

async function voteRow(key: string, clauseId: number) {
  return db
    .selectFrom('clause_votes as v')
    .innerJoin('agents as a', 'a.id', 'v.agent_id')
    .select(['v.id', 'v.status', 'v.rating'])
    .where('a.key_hash', '=', keyHash(key))
    .where('v.clause_id', '=', clauseId)
    .executeTakeFirstOrThrow();
}

t.test('the drip: 10 new keys, 2 a day over 5 days, then standing; the rating does not move and the votes are held', async (t) => {
  const providerId = await harshProvider(db, 'drip.test');
  const reader = await registerAgent(call, { name: 'Drip reader', accept_terms: true });
  const before = (await detail(reader, 'drip.test')).provider;
  const { clauses } = await detail(reader, 'drip.test');
  const attackers: string[] = [];
  const statuses: string[][] = [];
  for (let day = 0; day < 5; day++) {
    const today: string[] = [];
    for (let i = 0; i < 2; i++) {
      const key = await registerAgent(call, { name: `Drip agent ${day}.${i}`, accept_terms: true }, randomAddress());
      attackers.push(key);
      for (const clause of clauses) today.push((await vote(key, clause.id, 1)).status);
    }
    // An agent with standing votes the clause's own AI rating the same day: it counts, and moves nothing.
    const honest = await agentWithStanding(call, db, `Drip-time honest agent ${day}`);
    t.equal((await vote(honest, clauses[day % clauses.length].id, clauses[day % clauses.length].ai_rating)).status, 'counted');
    statuses.push(today);
    // A day passes: for the votes, the hold records and the keys registered so far.
    await timePassesForVotes(db, providerId, 1);
    for (const key of attackers) await ageAgent(db, key, 1);
  }
  t.ok(
    statuses.slice(0, 2).every((day) => day.every((s) => s === 'waiting')),
    `under ${BURST.agents} new agents in the window: their votes wait`,
  );
  t.ok(
    statuses.slice(2).every((day) => day.every((s) => s === 'held')),
    `from the ${BURST.agents}th new agent in ${BURST.days} days: held`,
  );

  // Time passes and every attacker gains standing; the hourly pass runs.
  await timePassesForVotes(db, providerId, STANDING.ageDays + 1);
  for (const key of attackers) {
    await ageAgent(db, key, STANDING.ageDays + 1);
    await useService(call, key);
  }
  await promoteWaitingVotes(db);

  const after = (await detail(reader, 'drip.test')).provider;
  t.ok(Math.abs(after.overall_rating - before.overall_rating) <= 0.5, `the rating moves by 0.5 at most: ${before.overall_rating} -> ${after.overall_rating}`);
  t.equal(after.band.level, before.band.level, 'the band stays');
  const held = await call('GET', '/api/admin/votes?provider_slug=drip.test&status=held', { headers: admin });
  t.equal(held.body.pagination.total, attackers.length * clauses.length, 'every vote of the drip is held for an operator');
  t.ok(held.body.votes.every((v: any) => v.rating === 1));
  const waiting = await call('GET', '/api/admin/votes?provider_slug=drip.test&status=waiting', { headers: admin });
  t.equal(waiting.body.pagination.total, 0);
  t.match(after, { votes_held: attackers.length * clauses.length, votes_waiting: 0, total_votes: 5 }, 'only the honest votes count');
  const audit = await call('GET', '/api/admin/votes/audit', { headers: admin });
  const hold = audit.body.records.filter((r: any) => r.provider_slug === 'drip.test');
  t.same(
    hold.map((r: any) => [r.action, r.actor]),
    [['hold', 'service']],
    'one hold record for the drip',
  );
  t.equal(hold[0].vote_ids.length, attackers.length * clauses.length, 'naming every vote it held');
  const state = await invariants(db, providerId);
  t.equal(state.rating, state.expected);
  t.equal(state.stored_held, state.held);
});

t.test("a revoked agent's waiting votes are never promoted: the pass discards them, with an audit record", async (t) => {
  const providerId = await harshProvider(db, 'revoked.test');
  const reader = await registerAgent(call, { name: 'Revoked reader', accept_terms: true });
  const { clauses } = await detail(reader, 'revoked.test');
  const revoked = await registerAgent(call, { name: 'Revoked agent', accept_terms: true });
  const kept = await registerAgent(call, { name: 'Kept agent', accept_terms: true });
  t.equal((await vote(revoked, clauses[0].id, 1)).status, 'waiting');
  t.equal((await vote(kept, clauses[0].id, 2)).status, 'waiting');
  for (const key of [revoked, kept]) await useService(call, key);
  t.equal((await call('POST', '/api/agents/me/revoke', { key: revoked })).status, 200);
  for (const key of [revoked, kept]) await ageAgent(db, key, STANDING.ageDays + 1);

  t.equal(await promoteWaitingVotes(db), 1, 'only the agent still holding its key gains a counted vote');
  t.equal((await voteRow(revoked, clauses[0].id)).status, 'discarded');
  t.equal((await voteRow(kept, clauses[0].id)).status, 'counted');
  const after = await detail(reader, 'revoked.test');
  t.match(after.provider, { votes_waiting: 0, votes_held: 0, total_votes: 1 });
  t.match(
    after.clauses.find((c: any) => c.id === clauses[0].id),
    { community_votes: 1, community_rating: 2 },
  );
  const audit = (await call('GET', '/api/admin/votes/audit', { headers: admin })).body.records.find((r: any) => r.provider_slug === 'revoked.test');
  t.match(audit, { action: 'discard', actor: 'service', vote_ids: [(await voteRow(revoked, clauses[0].id)).id], note: /revoked/ });
  t.equal(await promoteWaitingVotes(db), 0, 'a second pass changes nothing');
  const state = await invariants(db, providerId);
  t.equal(state.rating, state.expected);
  t.equal(state.stored_waiting, state.waiting);
});

t.test("a re-vote takes the agent's standing now, not the old vote's status", async (t) => {
  const providerId = await harshProvider(db, 'revote.test');
  const reader = await registerAgent(call, { name: 'Revote reader', accept_terms: true });
  const { clauses } = await detail(reader, 'revote.test');

  const standing = await agentWithStanding(call, db, 'Revote standing');
  t.match(await vote(standing, clauses[0].id, 2), { status: 'counted', votes: 1, community_rating: 2 });
  t.match(await vote(standing, clauses[0].id, 3), { status: 'counted', votes: 1, community_rating: 3 }, 'a counted vote with standing re-cast stays counted');

  const fresh: string[] = [];
  for (let i = 0; i < BURST.agents; i++) {
    fresh.push(await registerAgent(call, { name: `Revote fresh ${i}`, accept_terms: true }));
    await vote(fresh[i]!, clauses[1].id, 1);
  }
  t.ok(
    (await Promise.all(fresh.map((key) => voteRow(key, clauses[1].id)))).every((v) => v.status === 'held'),
    'a burst is held',
  );
  // The first of them gains standing and votes again: the operator's hold stays.
  await useService(call, fresh[0]!);
  await ageAgent(db, fresh[0]!, STANDING.ageDays + 1);
  t.match(await vote(fresh[0]!, clauses[1].id, 2), { status: 'held', votes: 0 }, 'a held vote re-cast is still held, even with standing');

  const released = await call('POST', '/api/admin/votes/release', { headers: admin, body: { provider_slug: 'revote.test' } });
  t.equal(released.body.changed, BURST.agents);
  t.equal((await detail(reader, 'revote.test')).clauses.find((c: any) => c.id === clauses[1].id).community_votes, BURST.agents);
  // Days later, one without standing changes its released vote: the new vote is a new agent's vote without standing.
  await timePassesForVotes(db, providerId, STANDING.ageDays + 1);
  t.match(await vote(fresh[1]!, clauses[1].id, 10), { status: 'waiting', votes: BURST.agents - 1 }, 'a released vote re-cast without standing waits');
  t.match(await vote(fresh[0]!, clauses[1].id, 3), { status: 'counted', votes: BURST.agents - 1 }, 'a released vote re-cast with standing counts');
  const state = await invariants(db, providerId);
  t.equal(state.bad_clauses, 0);
  t.equal(state.rating, state.expected);
  t.equal(state.stored_waiting, 1);
});

// Two connections at once: the embedded database has one, where a held row lock would block the test itself.
t.test("the agent's use is counted before the provider's row is locked", { skip: !process.env.DATABASE_URL && 'PostgreSQL only' }, async (t) => {
  const providerId = await harshProvider(db, 'locked.test');
  const reader = await registerAgent(call, { name: 'Locked reader', accept_terms: true });
  const { clauses } = await detail(reader, 'locked.test');
  const key = await agentWithStanding(call, db, 'Locked voter');
  const voteRequests = async () =>
    Number((await db.selectFrom('agents').select('vote_requests').where('key_hash', '=', keyHash(key)).executeTakeFirstOrThrow()).vote_requests);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  // Another writer of the provider's ratings holds its row.
  const holder = db.transaction().execute(async (trx) => {
    await lockProvider(trx, providerId);
    locked();
    await released;
  });
  await isLocked;
  const pending = call('POST', `/api/agents/clauses/${clauses[0].id}/rating`, { key, body: { rating: 4 } });
  let counted = false;
  for (let i = 0; i < 150 && !counted; i++) {
    counted = (await voteRequests()) === 1;
    if (!counted) await new Promise((resolve) => setTimeout(resolve, 40));
  }
  t.ok(counted, 'the rating request is counted while the row is still locked by another writer');
  release();
  await holder;
  const res = await pending;
  t.match(res, { status: 200, body: { status: 'counted', votes: 1 } }, 'then the vote is applied');
  const state = await invariants(db, providerId);
  t.equal(state.rating, state.expected);
});
