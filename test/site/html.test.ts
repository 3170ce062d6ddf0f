// The escaping every template relies on: escapeHtml, the html tag and the href filter.
import t from 'tap';
import { escapeHtml, html, safeHref, SafeHtml } from '../../src/site/html.js';

t.test('escapeHtml escapes the five significant characters', async (t) => {
  t.equal(escapeHtml(`<a href="x" title='y'>&amp;</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  t.equal(escapeHtml('plain text, ünïcode “quotes”'), 'plain text, ünïcode “quotes”');
});

t.test('html escapes interpolated values, keeps nested markup, flattens lists', async (t) => {
  const evil = '<script>alert(1)</script>';
  const out = html`<p title="${evil}">${evil}${html`<b>${'&'}</b>`}${['<i>', html`<br>`]}${null}${undefined}${false}${7}</p>`;
  t.ok(out instanceof SafeHtml);
  t.equal(out.value, '<p title="&lt;script&gt;alert(1)&lt;/script&gt;">&lt;script&gt;alert(1)&lt;/script&gt;<b>&amp;</b>&lt;i&gt;<br>7</p>');
});

t.test('safeHref lets only absolute http(s) URLs through', async (t) => {
  t.equal(safeHref('https://example.com/terms?a=1&b=2'), 'https://example.com/terms?a=1&b=2');
  t.equal(safeHref('http://example.com'), 'http://example.com/');
  for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '/relative', '//host/x', '', null, undefined]) {
    t.equal(safeHref(bad), null, String(bad));
  }
});
