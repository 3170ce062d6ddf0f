// robots.txt as RFC 9309 reads it: groups, our product token before `*`, the longest match
// deciding (Allow on a tie), `*` and `$`, comments; and read over loopback once per site per pass,
// a missing file (4xx) allowing everything and an unreadable one (5xx) nothing.
import http from 'node:http';
import t from 'tap';
import { RobotsCache, RobotsRefusal, RobotsRules } from '../../../src/tracker/fetch/robots.js';

t.test('rules for our product token, else for *', async (t) => {
  const text = [
    '# a comment',
    'User-agent: *',
    'Disallow: /',
    '',
    'User-agent: OtherBot',
    'User-agent: tosratings # case does not matter',
    'Disallow: /legal/private',
    'Allow: /legal/private/terms$',
    'Disallow: /*.pdf$',
    'Disallow:',
    'Sitemap: https://example.com/sitemap.xml',
  ].join('\n');
  const ours = RobotsRules.parse(text, 'ToSRatings');
  t.ok(ours.allows('/terms'), 'our group, not *, applies');
  t.notOk(ours.allows('/legal/private'));
  t.notOk(ours.allows('/legal/private/terms/old'), 'the longer Disallow wins');
  t.ok(ours.allows('/legal/private/terms'), 'the longer Allow wins; $ anchors it');
  t.notOk(ours.allows('/docs/terms.pdf'), '* matches any characters');
  t.ok(ours.allows('/docs/terms.pdf?v=2'), '$ is the end of the path and query');
  const others = RobotsRules.parse(text, 'SomeoneElse');
  t.notOk(others.allows('/terms'), 'others get the * group');
  t.ok(RobotsRules.parse('User-agent: *\nDisallow: /a\nAllow: /a\n', 'ToSRatings').allows('/a'), 'Allow wins a tie');
  t.ok(RobotsRules.parse('', 'ToSRatings').allows('/anything'), 'an empty file allows everything');
  t.ok(RobotsRules.parse('User-agent: OtherBot\nDisallow: /\n', 'ToSRatings').allows('/x'), 'no group for us or *: allowed');
  t.notOk(
    RobotsRules.parse('User-agent: *\nDisallow: /conditions-générales\n', 'ToSRatings').allows('/conditions-g%C3%A9n%C3%A9rales'),
    'non-ASCII patterns match the encoded path',
  );
});

t.test('read once per site per pass, through the safe fetcher; 404 allows, 503 disallows', async (t) => {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.socket.localAddress} ${req.url} ${req.headers['user-agent']}`);
    if (req.socket.localAddress === '127.0.0.1') return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
    if (req.socket.localAddress === '127.0.0.2') return res.writeHead(404).end();
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  t.teardown(() => server.close());
  const port = (server.address() as { port: number }).port;
  const robots = new RobotsCache('ToSRatings', { allowPrivateAddresses: true, userAgent: 'ToSRatings/1.0 (test)' });
  await robots.check(`http://127.0.0.1:${port}/terms`);
  const refused = await robots.check(`http://127.0.0.1:${port}/private/terms?x=1`).catch((e) => e);
  t.ok(refused instanceof RobotsRefusal);
  t.equal(refused.message, `http://127.0.0.1:${port}/robots.txt disallows /private/terms?x=1 to ToSRatings: not fetched`);
  t.equal(refused.retryable, false);
  await robots.check(`http://127.0.0.2:${port}/private/terms`); // 404: no rules
  const unreadable = await robots.check(`http://127.0.0.3:${port}/terms`).catch((e) => e);
  t.ok(unreadable instanceof RobotsRefusal);
  t.match(unreadable.message, /robots\.txt could not be read \(.*HTTP 503\): .* not fetched$/);
  t.same(
    hits,
    [`127.0.0.1 /robots.txt ToSRatings/1.0 (test)`, `127.0.0.2 /robots.txt ToSRatings/1.0 (test)`, `127.0.0.3 /robots.txt ToSRatings/1.0 (test)`],
    'each site asked once, with our User-Agent',
  );
  const strict = new RobotsCache('ToSRatings', { allowPrivateAddresses: false, userAgent: 'ToSRatings/1.0 (test)' });
  const internal = await strict.check(`http://127.0.0.2:${port}/terms`).catch((e) => e);
  t.match(internal.message, /could not be read \(.*127\.0\.0\.2 is on an internal network\)/, 'internal addresses refused as for any fetch');
  t.equal(hits.length, 3);
});
