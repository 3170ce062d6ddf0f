// Votes and reviews on one provider, over the real HTTP API: a vote after a review on the same day
// moves the day's vote point to the end of the history (no second vote point, no 500), and a
// reviewer's edit takes the provider's row lock as votes do, so that the stored rating is never
// computed from a read the other changed under it.
import t from 'tap';
import { registerAgent } from '../helpers/api.js';
import { agentWithStanding, harshProvider, invariants, votesTestApp } from '../helpers/votes.js';
import { BURST } from '../../src/votes/index.js';

const { call, db, admin, detail: provider } = await votesTestApp(t);

t.test('vote, review, vote on one day: 2xx each time, and one vote point, last in the history', async (t) => {
  const providerId = await harshProvider(db, 'review-day.test');
  const reader = await registerAgent(call, { name: 'Review-day reader', accept_terms: true });
  const { clauses } = await provider(reader, 'review-day.test');
  const [first, second] = [await agentWithStanding(call, db, 'Review-day voter 1'), await agentWithStanding(call, db, 'Review-day voter 2')];

  const vote1 = await call('POST', `/api/agents/clauses/${clauses[0].id}/rating`, { key: first, body: { rating: 1 } });
  t.match(vote1, { status: 200, body: { status: 'counted' } });
  const edit = await call('PATCH', `/api/admin/clauses/${clauses[1].id}`, { headers: admin, body: { ai_rating: 3 } });
  t.equal(edit.status, 200, 'a reviewer lowers a clause');
  const vote2 = await call('POST', `/api/agents/clauses/${clauses[0].id}/rating`, { key: second, body: { rating: 1 } });
  t.equal(vote2.status, 200, 'a vote after the review on the same day is saved');
  t.equal(vote2.body.votes, 2);

  const history = (await provider(reader, 'review-day.test')).provider.rating_history;
  t.same(
    history.map((p: any) => p.cause),
    ['terms', 'review', 'votes'],
    "the day's vote point moves after the review: one vote point a day",
  );
  const state = await invariants(db, providerId);
  t.equal(state.rating, state.expected);
  t.equal(state.history, state.rating, 'the history ends with the rating');
  const rows = await db.selectFrom('rating_history').select(['cause', 'band', 'previous_band']).where('provider_id', '=', providerId).orderBy('id').execute();
  t.equal(rows.at(-1)!.previous_band, rows.at(-2)!.band, 'the moved vote point keeps the band of the point now before it');
});

t.test('vote, release of held votes, vote on one day: 2xx each time', async (t) => {
  const providerId = await harshProvider(db, 'release-day.test');
  const reader = await registerAgent(call, { name: 'Release-day reader', accept_terms: true });
  const { clauses } = await provider(reader, 'release-day.test');
  for (let i = 0; i < BURST.agents; i++) {
    const key = await registerAgent(call, { name: `Release-day fresh ${i}`, accept_terms: true });
    t.equal((await call('POST', `/api/agents/clauses/${clauses[3].id}/rating`, { key, body: { rating: 2 } })).status, 200);
  }
  t.equal((await provider(reader, 'release-day.test')).provider.votes_held, BURST.agents, 'a burst is held');
  const voter = await agentWithStanding(call, db, 'Release-day voter');
  t.equal((await call('POST', `/api/agents/clauses/${clauses[0].id}/rating`, { key: voter, body: { rating: 1 } })).status, 200);
  const released = await call('POST', '/api/admin/votes/release', { headers: admin, body: { provider_slug: 'release-day.test' } });
  t.equal(released.status, 200);
  t.equal(released.body.changed, BURST.agents);
  const again = await call('POST', `/api/agents/clauses/${clauses[0].id}/rating`, { key: voter, body: { rating: 10 } });
  t.equal(again.status, 200, 'a vote after the release on the same day is saved');
  const history = (await provider(reader, 'release-day.test')).provider.rating_history;
  t.same(
    history.map((p: any) => p.cause),
    ['terms', 'review', 'votes'],
  );
  const state = await invariants(db, providerId);
  t.equal(state.rating, state.expected);
  t.equal(state.history, state.rating);
});

t.test("a reviewer's edits and votes at once: the stored rating is always what the clauses and votes give", async (t) => {
  const providerId = await harshProvider(db, 'contended.test');
  const reader = await registerAgent(call, { name: 'Contended reader', accept_terms: true });
  const { clauses } = await provider(reader, 'contended.test');
  const voters = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => agentWithStanding(call, db, `Contended voter ${i}`)));
  let stale = 0;
  for (let round = 0; round < 15; round++) {
    const results = await Promise.all([
      call('PATCH', `/api/admin/clauses/${clauses[round % 2].id}`, { headers: admin, body: { ai_rating: round % 2 ? 2 + (round % 7) : 9 - (round % 5) } }),
      ...voters.map((key, i) => call('POST', `/api/agents/clauses/${clauses[2 + (i % 2)].id}/rating`, { key, body: { rating: ((round + i) % 10) + 1 } })),
    ]);
    t.ok(
      results.every((r) => r.status === 200),
      `round ${round}: every request answered`,
    );
    const state = await invariants(db, providerId);
    t.equal(state.bad_clauses, 0);
    if (state.rating !== state.expected || state.history !== state.rating) stale++;
  }
  t.equal(stale, 0, 'no round leaves a rating computed from a stale read');
});
