// The tracker's claim (issue 36 reads it from the due index instead of sorting every due row):
// the earliest due provider whose host nobody is fetching from, `busy` while every due one
// waits for its host or a free fetch, `done` when nothing is due.
import t from 'tap';
import { sql } from 'kysely';
import { claimNext, MAX_FETCHES_AT_ONCE, releaseLeases } from '../../src/repositories/tracking.js';
import { freshDatabase } from '../helpers/database.js';

const { handle } = await freshDatabase(t);
const db = handle.db;
const scheduled = { kind: 'scheduled' } as const;

// Providers 1-4 on host a (due first), 5 on host b, 6 on host c, 7 not due yet.
await sql`insert into providers (slug, name, domain, tos_url) select 'p' || i || '.example', 'P' || i, 'p.example', 'https://p.example/' || i
  from generate_series(1, 7) i`.execute(db);
await sql`insert into provider_tracking (provider_id, source, url, host, next_attempt_at)
  select id, 'operator', tos_url, case when id <= 4 then 'a.example' when id = 5 then 'b.example' else 'c.example' end,
    case when id = 7 then now() + interval '1 hour' else now() - make_interval(secs => 100 - id) end
  from providers`.execute(db);
const slugOf = (claim: Awaited<ReturnType<typeof claimNext>>) => (typeof claim === 'string' ? claim : claim.slug);

t.test('the earliest due provider on a free host, skipping hosts being fetched', async (t) => {
  t.equal(slugOf(await claimNext(db, 'one', 60, scheduled)), 'p1.example');
  t.equal(slugOf(await claimNext(db, 'two', 60, scheduled)), 'p5.example', 'host a is being fetched: p2-p4 wait');
  t.equal(MAX_FETCHES_AT_ONCE, 2);
  t.equal(await claimNext(db, 'three', 60, scheduled), 'busy', 'two fetches at once already');
  await releaseLeases(db, 'two');
  t.equal(slugOf(await claimNext(db, 'two', 60, scheduled)), 'p5.example', 'released, p5 is the earliest on a free host again');
  await releaseLeases(db, 'one');
  await releaseLeases(db, 'two');
});

t.test('busy while every due provider waits for its host; done when nothing is due', async (t) => {
  await sql`update provider_tracking set next_attempt_at = now() + interval '1 hour' where host <> 'a.example'`.execute(db);
  t.equal(slugOf(await claimNext(db, 'one', 60, scheduled)), 'p1.example');
  t.equal(await claimNext(db, 'two', 60, scheduled), 'busy', 'p2-p4 wait for host a');
  await sql`update provider_tracking set next_attempt_at = now() + interval '1 hour', leased_until = null, lease_owner = null`.execute(db);
  t.equal(await claimNext(db, 'two', 60, scheduled), 'done');
});
