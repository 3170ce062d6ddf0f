// The DNS-rebinding check of /mcp: Host must be BASE_URL's host or a loopback name, and so must
// Origin when one is sent.
import t from 'tap';
import { hostCheck } from '../../src/mcp/origin-check.js';

const refusal = hostCheck('https://Ratings.Example.net');

t.test('allowed: the public host and loopback names on any port', async (t) => {
  for (const host of ['ratings.example.net', 'RATINGS.example.NET', 'localhost:3000', 'localhost', '127.0.0.1:8080', '127.1.2.3', '[::1]:3000']) {
    t.equal(refusal(host, undefined), null, host);
  }
  t.equal(refusal('ratings.example.net', 'https://ratings.example.net'), null);
  t.equal(refusal('localhost:3000', 'http://localhost:5173'), null);
});

t.test('refused: other hosts, look-alikes, foreign or opaque origins', async (t) => {
  for (const host of [
    undefined,
    '',
    'attacker.example',
    'ratings.example.net:8443',
    'ratings.example.net.attacker.example',
    'localhost.attacker.example',
    '0.0.0.0:3000',
    '[::2]:3000',
  ]) {
    t.ok(refusal(host, undefined), String(host));
  }
  for (const origin of ['https://attacker.example', 'null', 'not a url', 'http://ratings.example.net.attacker.example']) {
    t.ok(refusal('localhost:3000', origin), origin);
  }
});
