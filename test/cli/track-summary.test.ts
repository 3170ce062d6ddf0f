// The last line of `tos-ratings track`: the most common cause of the failures and what it likely
// means; and its exit code, non-zero when nothing could be fetched.
import t from 'tap';
import { failureSummary, trackExitCode } from '../../scripts/cli/track-summary.js';

const failed = (error: string) => ({ outcome: 'failed', error });
const ok = { outcome: 'unchanged', error: null };

t.test('names the most common cause with a likely reason', async (t) => {
  const offline = Array.from({ length: 92 }, () => failed('fetching https://x.test/terms failed: no such host (DNS)'));
  t.equal(failureSummary(offline), '92 of 92 failed on DNS: is this machine offline?');
  const robotsOnDns = failed('https://x.test/robots.txt could not be read (fetching https://x.test/robots.txt failed: DNS lookup failed (temporary))');
  t.match(failureSummary([robotsOnDns]), /^1 of 1 failed on DNS/, 'an unreadable robots.txt is counted by its own cause');
  t.match(failureSummary([failed('fetching http://a.test/ failed: connection refused'), ok, ok]), /^1 of 3 failed on the connection: is a firewall/);
  t.match(failureSummary([failed('fetching http://a.test/ failed: no answer within 10 s of silence')]), /on a timeout/);
  t.match(failureSummary([failed('fetching http://10.0.0.1/ refused: 10.0.0.1 is on an internal network')]), /FETCH_ALLOW_PRIVATE=true/);
  t.match(failureSummary([failed('robots.txt disallows /legal to ToSRatings: not fetched')]), /on robots\.txt/);
  t.match(failureSummary([failed('something new')]), /^1 of 1 failed on other errors: see the errors above/);
  const mixed = [failed('x: connection refused'), failed('y: no such host (DNS)'), failed('z: connection reset')];
  t.match(failureSummary(mixed), /^2 of 3 failed on the connection/, 'the most common cause wins');
});

t.test('nothing failed: no line', async (t) => {
  t.equal(failureSummary([ok]), null);
  t.equal(failureSummary([]), null);
});

t.test('exit code: 1 only when there was something to fetch and nothing could be', async (t) => {
  t.equal(trackExitCode([failed('a'), failed('b')]), 1);
  t.equal(trackExitCode([failed('a'), ok]), 0);
  t.equal(trackExitCode([ok]), 0);
  t.equal(trackExitCode([]), 0, 'nothing was due');
});
