// /docs is Swagger UI made ours: our name and colours, a way home, text while it loads, and the
// long description folded so that the first operation is near the top (checked in Chromium).
import { existsSync } from 'node:fs';
import t from 'tap';
import type { Browser } from 'playwright-core';
import { buildTestApp } from '../helpers/test-app.js';

const CHROMIUM = '/usr/bin/chromium';
const { app } = await buildTestApp(t);

t.test('the page carries our name, theme and favicon', async (t) => {
  const page = await app.inject('/docs/');
  t.equal(page.statusCode, 200);
  t.match(page.body, '<title>ToS Ratings API</title>');
  t.match(page.body, /href="[^"]*theme\/tos-ratings\.css"/);
  t.match(page.body, /src="[^"]*theme\/tos-ratings\.js"/);
  t.match(page.body, /rel="icon" type="image\/svg\+xml"/);
  t.notMatch(page.body, /favicon-32x32\.png/, 'not the stock favicon');
  const css = await app.inject('/docs/static/theme/tos-ratings.css');
  t.equal(css.statusCode, 200);
  t.match(css.body, '#swagger-ui:empty::before', 'text instead of a blank page while the scripts load');
  t.match(css.body, '.swagger-ui .topbar{background:#0f3d5e');
});

t.test('the rendered description folds its sections; /openapi.json keeps the text as written', async (t) => {
  const rendered = (await app.inject('/docs/json')).json().info.description as string;
  t.match(rendered, /^## Quick start$/m, 'the quick start stays open');
  for (const heading of ['Attribution obligations', 'Keys', 'Limits', 'The same operations over MCP', 'Errors'])
    t.match(rendered, `<details><summary>${heading}</summary>`, `${heading} is folded`);
  t.notMatch(rendered, /^## (Keys|Errors)$/m);
  const served = (await app.inject('/openapi.json')).json().info.description as string;
  t.notMatch(served, '<details>');
  t.match(served, /^## Errors$/m);
});

t.test('in a real browser', { skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} not found` }, async (t) => {
  const { chromium } = await import('playwright-core');
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}/docs/`);
  const first = page.locator('.opblock').first();
  await first.waitFor();
  const box = (await first.boundingBox())!;
  t.ok(box.y < 1300, `the first operation starts ${Math.round(box.y)} px down (it was about 2,000 px of prose)`);
  t.equal(await page.locator('.topbar-wrapper > a.link').getAttribute('href'), '/', 'the logo links home');
  const back = page.getByRole('link', { name: 'Back to the site' });
  t.equal(await back.getAttribute('href'), '/');
  t.equal((await page.locator('.info details').count()) >= 8, true, 'sections folded');
  t.match(await page.locator('.info').innerText(), /Quick start/);
  t.equal(await page.title(), 'ToS Ratings API');
});
