// The query-string parser: what Fastify's parser did, except that undecodable bytes are marked.
import t from 'tap';
import { parseQueryString } from '../../src/http/query-string.js';
import { UNDECODABLE_TEXT } from '../../src/core/contract/request-text.js';

t.test('decodes names and values, + as a space, repeated names as arrays', async (t) => {
  t.same({ ...parseQueryString('a=1&b=x+y&c=%C3%A9%25&a=2&flag&&=empty') }, { a: ['1', '2'], b: 'x y', c: 'é%', flag: '', '': 'empty' });
  t.equal(Object.getPrototypeOf(parseQueryString('__proto__=1')), null, 'no prototype to pollute');
  t.same({ ...parseQueryString('__proto__=1') }, { ['__proto__']: '1' });
});

t.test('a component whose bytes are not UTF-8 becomes the marked text', async (t) => {
  t.same({ ...parseQueryString('q=%ED%A0%80&r=%FF&s=%E2%82') }, { q: UNDECODABLE_TEXT, r: UNDECODABLE_TEXT, s: UNDECODABLE_TEXT });
  t.same(Object.keys(parseQueryString('%ED%A0%80=1')), [UNDECODABLE_TEXT]);
  t.same({ ...parseQueryString('q=%zz') }, { q: UNDECODABLE_TEXT }, 'a malformed escape too');
});
