// Community ratings nobody can buy, over the real HTTP API: new keys' votes wait, a burst of them
// is held for an operator (listed, released or discarded through the admin API, with an audit
// record), agents with standing move a clause as the documented formula says, and votes cast at
// once keep the stored counts, rating and history equal to what the votes give.
import t from 'tap';
import { sql } from 'kysely';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, randomAddress, registerAgent } from '../helpers/api.js';
import { bandOf, PRIOR_VOTES } from '../../src/analysis/index.js';
import { BURST, promoteWaitingVotes, STANDING } from '../../src/votes/index.js';
import { agentWithStanding as agentWithStandingOf, harshProvider as harshProviderOf, invariants as invariantsOf } from '../helpers/votes.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
const { app, database } = await buildTestApp(t, {
  ADMIN_TOKEN,
  SEED_DEMO: 'true',
  RATE_LIMIT_OPINIONS_PER_HOUR: '1000',
  RATE_LIMIT_REQUESTS_PER_HOUR: '1000',
  // The helper's addresses can repeat across many registrations; the attack's ten are distinct all the same.
  RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY: '100',
});
const call = apiClient(t, app);
const db = database.handle.db;
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

const harshProvider = (slug: string) => harshProviderOf(db, slug);

async function detail(key: string, slug: string) {
  const res = await call('GET', `/api/agents/providers/${slug}`, { key });
  t.equal(res.status, 200);
  return res.body;
}

const agentWithStanding = (name: string) => agentWithStandingOf(call, db, name);

const invariants = (providerId: number) => invariantsOf(db, providerId);

t.test('the attack: 10 fresh agents from 10 addresses vote 1 on every clause; the rating holds, the votes are held', async (t) => {
  for (const slug of ['harsh.test', 'chirpnest.example']) {
    const providerId =
      slug === 'harsh.test'
        ? await harshProvider(slug)
        : Number((await db.selectFrom('providers').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id);
    const reader = await registerAgent(call, { name: `Reader of ${slug}`, accept_terms: true });
    const before = (await detail(reader, slug)).provider;
    const statuses: string[] = [];
    for (let i = 0; i < 10; i++) {
      const key = await registerAgent(call, { name: `Attacker ${i} of ${slug}`, accept_terms: true }, randomAddress());
      const { clauses } = await detail(key, slug);
      for (const clause of clauses) {
        const res = await call('POST', `/api/agents/clauses/${clause.id}/rating`, { key, body: { rating: 1 } });
        t.equal(res.status, 200);
        statuses.push(`${i}:${res.body.status}`);
        t.equal(res.body.votes, 0, 'no vote counts');
      }
    }
    const after = (await detail(reader, slug)).provider;
    t.ok(Math.abs(after.overall_rating - before.overall_rating) <= 0.5, `${slug}: ${before.overall_rating} -> ${after.overall_rating}`);
    t.equal(after.overall_rating, before.overall_rating, 'in fact it does not move at all');
    t.equal(after.band.level, before.band.level, `${slug}: the band stays ${before.band.label}`);
    t.equal(bandOf(after.overall_rating).level, after.band.level);
    const clauseCount = before.clause_count;
    t.ok(
      statuses.slice(0, (BURST.agents - 1) * clauseCount).every((s) => s.endsWith(':waiting')),
      'the first agents without standing wait',
    );
    t.ok(
      statuses.slice((BURST.agents - 1) * clauseCount).every((s) => s.endsWith(':held')),
      `from the ${BURST.agents}th agent on, the burst is held`,
    );
    t.same([after.votes_waiting, after.votes_held, after.total_votes], [0, 10 * clauseCount, 0], 'every vote is held, none dropped, none counted');
    const page = await app.inject(`/provider/${slug}`);
    t.match(page.body, new RegExp(`${10 * clauseCount} votes are held for review`), 'the page says how many are held');
    const held = await call('GET', `/api/admin/votes?provider_slug=${slug}&per_page=20`, { headers: admin });
    t.equal(held.status, 200);
    t.equal(held.body.pagination.total, 10 * clauseCount);
    t.ok(held.body.votes.every((v: any) => v.status === 'held' && v.rating === 1 && v.provider_slug === slug));
    t.same(await invariants(providerId), { ...(await invariants(providerId)), bad_clauses: 0, stored_held: 10 * clauseCount, stored_waiting: 0 });
  }
  const audit = await call('GET', '/api/admin/votes/audit', { headers: admin });
  t.same(
    audit.body.records.map((r: any) => [r.action, r.actor, r.provider_slug]),
    [
      ['hold', 'service', 'chirpnest.example'],
      ['hold', 'service', 'harsh.test'],
    ],
    'each burst is in the audit record',
  );
  t.same(
    audit.body.records.map((r: any) => r.vote_ids.length),
    [40, 40],
    'one record a burst, naming every vote it held',
  );
});

t.test('an operator discards a burst or releases it, with an audit record; the rating follows a release at once', async (t) => {
  const bad = await call('POST', '/api/admin/votes/release', { headers: admin, body: { vote_ids: [1], provider_slug: 'harsh.test' } });
  t.equal(bad.status, 400);
  t.match(bad.body.error, /body must match exactly one schema in oneOf/, 'the contract refuses both at once');
  t.equal((await call('POST', '/api/admin/votes/release', { headers: admin, body: { note: 'x' } })).status, 400);
  t.equal((await call('POST', '/api/admin/votes/discard', { headers: admin, body: { provider_slug: 'nope.test' } })).status, 404);
  t.equal((await call('POST', '/api/admin/votes/discard', { body: { provider_slug: 'harsh.test' } })).status, 401);

  const discarded = await call('POST', '/api/admin/votes/discard', { headers: admin, body: { provider_slug: 'harsh.test', note: 'a sybil burst' } });
  t.equal(discarded.status, 200);
  t.equal(discarded.body.changed, 40);
  t.match(discarded.body.audit, { action: 'discard', actor: 'operator', provider_slug: 'harsh.test', note: 'a sybil burst' });
  t.equal(discarded.body.audit.vote_ids.length, 40);
  const reader = await registerAgent(call, { name: 'Reader after discard', accept_terms: true });
  t.match((await detail(reader, 'harsh.test')).provider, { votes_held: 0, votes_waiting: 0, total_votes: 0 });

  const provider = await detail(reader, 'chirpnest.example');
  const ids = (await call('GET', '/api/admin/votes?provider_slug=chirpnest.example&per_page=3', { headers: admin })).body.votes.map((v: any) => v.id);
  const released = await call('POST', '/api/admin/votes/release', { headers: admin, body: { vote_ids: ids } });
  t.equal(released.body.changed, 3);
  t.match(released.body.audit, { action: 'release', actor: 'operator', provider_slug: 'chirpnest.example', vote_ids: [...ids].sort((a, b) => a - b) });
  const again = await call('POST', '/api/admin/votes/release', { headers: admin, body: { vote_ids: ids } });
  t.equal(again.body.changed, 0, 'votes no longer held are left alone');
  const after = await detail(reader, 'chirpnest.example');
  t.equal(after.provider.total_votes, 3, 'released votes count');
  t.equal(after.provider.votes_held, provider.provider.votes_held - 3);
  const providerId = Number((await db.selectFrom('providers').select('id').where('slug', '=', 'chirpnest.example').executeTakeFirstOrThrow()).id);
  const state = await invariants(providerId);
  t.equal(state.bad_clauses, 0);
  t.equal(state.rating, state.expected, 'the stored rating is what the counted votes give');
  t.equal(state.history, state.rating, 'and the history ends with it');
});

t.test('sustained votes of agents with standing move a clause as the formula says', async (t) => {
  const providerId = await harshProvider('honest.test');
  const reader = await registerAgent(call, { name: 'Honest reader', accept_terms: true });
  const start = await detail(reader, 'honest.test');
  const target = start.clauses.find((c: any) => c.category === 'unilateral-change');
  const ai = target.ai_rating;
  const ratings: number[] = [];
  for (let n = 1; n <= 12; n++) {
    const key = await agentWithStanding(`Honest agent ${n}`);
    const res = await call('POST', `/api/agents/clauses/${target.id}/rating`, { key, body: { rating: 10 } });
    t.equal(res.body.status, 'counted');
    t.equal(res.body.votes, n);
    t.equal(res.body.community_rating, 10);
    const now = await detail(reader, 'honest.test');
    const shown = now.clauses.find((c: any) => c.id === target.id);
    t.equal(shown.community_votes, n);
    // The documented formula, written out here: score = (m * ai + sum) / (m + n); points = weight * (score - 3) / 7 ...
    const score = (PRIOR_VOTES * ai + 10 * n) / (PRIOR_VOTES + n);
    const reason = now.provider.rating_reasons.reasons.find((r: any) => r.clause_id === target.id);
    t.equal(reason.score, Math.round(score * 10) / 10, `after ${n} votes the clause scores ${score.toFixed(2)}`);
    t.equal(reason.points, Math.round(((1 * (score - 3)) / 7) * 100) / 100, 'and its category (weight 1) gives its points');
    ratings.push(now.provider.overall_rating);
  }
  t.ok(ratings.at(-1)! > start.provider.overall_rating, `sustained votes move the rating: ${start.provider.overall_rating} -> ${ratings.at(-1)}`);
  t.same(
    ratings,
    [...ratings].sort((a, b) => a - b),
    'step by step, never back',
  );
  const state = await invariants(providerId);
  t.equal(state.rating, state.expected);
  const history = (await detail(reader, 'honest.test')).provider.rating_history;
  t.same(
    history.map((p: any) => p.cause),
    ['terms', 'votes'],
    'one point for the terms, one for the day the votes moved it',
  );
  t.equal(history.at(-1).overall_rating, ratings.at(-1));
});

t.test('a waiting vote counts once its agent has standing', async (t) => {
  await harshProvider('patient.test');
  const reader = await registerAgent(call, { name: 'Patient reader', accept_terms: true });
  const { clauses } = await detail(reader, 'patient.test');
  const key = await registerAgent(call, { name: 'Patient agent', accept_terms: true });
  const res = await call('POST', `/api/agents/clauses/${clauses[0].id}/rating`, { key, body: { rating: 2 } });
  t.match(res.body, { status: 'waiting', votes: 0, community_rating: null });
  t.equal((await detail(reader, 'patient.test')).provider.votes_waiting, 1);
  t.equal(await promoteWaitingVotes(db), 0, 'no standing yet: it still waits');
  for (let i = 0; i < STANDING.requests; i++) await call('GET', '/api/agents/me', { key });
  await db
    .updateTable('agents')
    .set({ created_at: new Date(Date.now() - (STANDING.ageDays + 1) * 86_400_000) })
    .where('name', '=', 'Patient agent')
    .execute();
  t.equal(await promoteWaitingVotes(db), 1);
  const after = await detail(reader, 'patient.test');
  t.match(after.provider, { votes_waiting: 0, total_votes: 1 });
  t.match(
    after.clauses.find((c: any) => c.id === clauses[0].id),
    { community_rating: 2, community_votes: 1 },
  );
});

t.test('votes cast at once keep every stored count, the rating and its history equal to the votes', async (t) => {
  const providerId = await harshProvider('busy.test');
  const reader = await registerAgent(call, { name: 'Busy reader', accept_terms: true });
  const { clauses } = await detail(reader, 'busy.test');
  const standing = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => agentWithStanding(`Busy standing ${i}`)));
  const fresh = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => registerAgent(call, { name: `Busy fresh ${i}`, accept_terms: true })));
  const votes = [...standing, ...fresh].flatMap((key, i) => clauses.map((c: any, j: number) => ({ key, id: c.id, rating: ((i + j) % 10) + 1 })));
  const results = await Promise.all(votes.map((v) => call('POST', `/api/agents/clauses/${v.id}/rating`, { key: v.key, body: { rating: v.rating } })));
  t.ok(
    results.every((r) => r.status === 200),
    'every vote is answered',
  );
  const state = await invariants(providerId);
  t.equal(state.bad_clauses, 0, 'each clause stores the count and sum of its counted votes');
  t.equal(state.stored_waiting, state.waiting, 'the provider stores how many wait');
  t.equal(state.stored_held, state.held, 'and how many are held');
  t.equal(state.waiting + state.held, fresh.length * clauses.length, 'every vote of a fresh agent waits or is held');
  t.ok(state.held >= (fresh.length - BURST.agents + 1) * clauses.length, 'the burst is held');
  t.equal(state.rating, state.expected, 'the stored rating is what the counted votes give');
  t.equal(state.history, state.rating, 'and the history ends with it');
  const counted = await db
    .selectFrom('clause_votes as v')
    .innerJoin('clauses as c', 'c.id', 'v.clause_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('c.provider_id', '=', providerId)
    .where('v.status', '=', 'counted')
    .executeTakeFirstOrThrow();
  t.equal(counted.n, standing.length * clauses.length, 'every vote with standing counts');
});
