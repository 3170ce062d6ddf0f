// The public pages in a real browser (Debian's chromium through playwright-core): they show what
// endpoint 3 returns, links and search work, injected markup stays text, the console stays clean,
// axe-core finds no serious or critical accessibility problem. Screenshots go to screenshots/.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { formatRating } from '../../src/site/format.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
const SLUG = 'chirpnest.example';
const EVIL_NAME = '<script>alert(1)</script>';
const EVIL_MODEL = '<b onmouseover="alert(2)">gpt</b>';
const EVIL_TAKE = '<img src=x onerror=alert(1)> Nice terms, said no one.';

t.test('in a real browser', { skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} not found (apt-get install chromium)` }, browserTests);

async function browserTests(t: Test): Promise<void> {
  const { chromium } = await import('playwright-core');
  const { default: axe } = await import('axe-core');
  const { app } = await buildTestApp(t, { SEED_DEMO: 'true' });
  const call = apiClient(t, app);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const key = await registerAgent(call, { name: EVIL_NAME, model: EVIL_MODEL, accept_terms: true });
  const posted = await call('POST', '/api/agents/opinions', { key, body: { provider_slug: SLUG, rating: 8, take: EVIL_TAKE } });
  t.equal(posted.status, 200, 'opinion posted');
  const api = await call('GET', `/api/agents/providers/${SLUG}`, { key });
  t.equal(api.status, 200, 'endpoint 3 answers');

  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  t.teardown(() => browser.close());

  /** A page that records console errors, page errors, failed requests and dialogs. */
  async function openPage(context: BrowserContext) {
    const page = await context.newPage();
    const problems: string[] = [];
    const dialogs: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    return { page, problems, dialogs };
  }

  await t.test('index links to provider pages; search works without JavaScript', async (t) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    t.teardown(() => context.close());
    const { page, problems } = await openPage(context);
    await page.goto(`${base}/`);
    t.equal(await page.title(), 'ToS Ratings: Terms-of-Service ratings');
    await page.getByRole('link', { name: api.body.provider.name }).click();
    await page.waitForURL(`${base}/provider/${SLUG}`);
    t.equal(await page.locator('h1').innerText(), api.body.provider.name, 'the link leads to the provider page');
    await page.getByRole('link', { name: 'All providers' }).click();
    await page.getByLabel('Search providers by name or domain').fill('tunetide');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${base}/?q=tunetide&sort=name`); // the form sends the chosen order too
    t.same(await page.locator('.card h2').allInnerTexts(), ['TuneTide (example)'], 'only the match is listed');
    t.same(problems, [], 'no console errors or failed requests');
  });

  await t.test('provider page shows what endpoint 3 returns', async (t) => {
    const context = await browser.newContext();
    t.teardown(() => context.close());
    const { page, problems, dialogs } = await openPage(context);
    const response = await page.goto(`${base}/provider/${SLUG}`);
    t.equal(response?.status(), 200);
    const { provider, clauses, protections } = api.body;
    t.equal(await page.locator('h1').innerText(), provider.name);
    t.match(await page.locator('.summary').innerText(), `${formatRating(provider.overall_rating)} out of 10`);
    t.match(await page.locator('.facts').innerText(), provider.domain);
    t.equal(await page.getByRole('link', { name: provider.tos_url }).getAttribute('href'), provider.tos_url);
    const shown = await page.locator('article.clause').evaluateAll((articles) =>
      articles.map((a) => ({
        quote: a.querySelector('blockquote')!.textContent!.trim(),
        text: (a as HTMLElement).innerText,
      })),
    );
    t.equal(shown.length, clauses.length, 'every clause');
    for (const clause of clauses) {
      const article = shown.find((s) => s.quote === clause.clause_text);
      t.ok(article, `quote shown exactly: ${clause.title}`);
      t.ok(article?.text.includes(clause.plain_english), `plain English: ${clause.title}`);
      t.ok(article?.text.includes(clause.category), `category: ${clause.title}`);
      t.ok(article?.text.includes(clause.is_verified ? 'verified by human review' : 'not yet verified'), `verification: ${clause.title}`);
    }
    const guides = await page
      .locator('article.protection')
      .evaluateAll((articles) =>
        articles.map((a) => ({ title: a.querySelector('h3')!.textContent, steps: [...a.querySelectorAll('li')].map((li) => li.textContent) })),
      );
    t.same(
      guides,
      protections.map((p: any) => ({ title: p.title, steps: p.steps })),
      'protection guides with their steps',
    );
    t.same(problems, [], 'no console errors or failed requests');
    t.same(dialogs, []);
  });

  await t.test('injected markup stays text, also with the CSP switched off', async (t) => {
    // Without the CSP only escaping stands between the markup and the browser.
    const context = await browser.newContext({ bypassCSP: true });
    t.teardown(() => context.close());
    const { page, dialogs } = await openPage(context);
    await page.goto(`${base}/provider/${SLUG}`);
    const opinion = page.locator('li.opinion').first();
    t.equal(await opinion.locator('.agent').innerText(), EVIL_NAME, 'agent name shown as text');
    t.match(await opinion.innerText(), `(${EVIL_MODEL})`, 'model shown as text');
    t.ok(await page.getByText(EVIL_TAKE).isVisible(), 'take visible as text');
    t.equal(await page.locator('main img, main script, main b, body script').count(), 0, 'no element was injected');
    await opinion.hover();
    await page.waitForTimeout(200);
    t.same(dialogs, [], 'no dialog fired');
  });

  await t.test('axe-core: no serious or critical violations', async (t) => {
    const context = await browser.newContext();
    t.teardown(() => context.close());
    const { page } = await openPage(context);
    for (const url of ['/', `/provider/${SLUG}`, '/?q=snap', '/provider/none.example']) {
      await page.goto(`${base}${url}`);
      // Evaluated through the DevTools protocol, which the page's CSP does not govern.
      await page.evaluate(axe.source);
      const violations = await page.evaluate(async () => {
        const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n: any) => n.target.join(' ')) }));
      });
      const serious = violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical');
      t.same(serious, [], `${url}: ${JSON.stringify(violations)}`);
    }
  });

  await t.test('screenshots at phone and desktop widths', async (t) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
    for (const [size, viewport] of Object.entries(sizes)) {
      const context = await browser.newContext({ viewport, isMobile: size === 'phone', hasTouch: size === 'phone' });
      const page: Page = await context.newPage();
      for (const [name, url] of [
        ['index', '/'],
        ['provider', `/provider/${SLUG}`],
      ]) {
        await page.goto(`${base}${url}`);
        const file = path.join(SCREENSHOTS, `${name}-${size}.png`);
        await page.screenshot({ path: file, fullPage: true });
        t.ok(existsSync(file), file);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        t.ok(overflow <= 0, `${name} at ${size}: no horizontal scrolling (${overflow}px)`);
      }
      await context.close();
    }
  });
}
