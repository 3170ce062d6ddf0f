// The contract facts at the top of a provider page, in a real browser (Debian's chromium through
// playwright-core): the table comes first, shows what endpoint 3 says, each fact's "quote" link
// leads to the sentence it was read from, markup in the terms stays text, and axe-core finds no
// serious or critical problem. A provider without an analysed document has no table.
import { existsSync } from 'node:fs';
import t, { type Test } from 'tap';
import type { Browser } from 'playwright-core';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { factSummary } from '../../src/site/facts-table.js';

const CHROMIUM = '/usr/bin/chromium';
const ADMIN_TOKEN = 'test-admin-token-facts-page-0123456789';
const SLUG = 'facts.example';
const DOCUMENT = `Terms of Service

You must be at least 13 years old to use the Service.

We may suspend or terminate your account at any time, for any reason, without notice.

In no event shall our total liability exceed one hundred dollars ($100).

These Terms are governed by the laws of the State of Delaware <img src=x onerror=alert(1)>.

All disputes must be brought exclusively in the state or federal courts located in Wilmington, Delaware.
`;

t.test('contract facts on the provider page', { skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} not found (apt-get install chromium)` }, factsPage);

async function factsPage(t: Test): Promise<void> {
  const { chromium } = await import('playwright-core');
  const { default: axe } = await import('axe-core');
  const { app } = await buildTestApp(t, { ADMIN_TOKEN });
  const call = apiClient(t, app);
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const provider = (slug: string) => ({ slug, name: `Provider ${slug}`, domain: slug, tos_url: `https://${slug}/terms` });
  t.equal((await call('POST', '/api/admin/providers', { body: provider(SLUG), headers: admin })).status, 200);
  t.equal((await call('POST', '/api/admin/providers', { body: provider('plain.example'), headers: admin })).status, 200);
  const ingested = await call('POST', `/api/admin/providers/${SLUG}/documents`, { body: { content: DOCUMENT, format: 'text' }, headers: admin });
  t.equal(ingested.status, 200);
  const key = await registerAgent(call);
  const { facts } = (await call('GET', `/api/agents/providers/${SLUG}`, { key })).body;
  t.equal(facts.governing_law.place, 'Delaware');
  // The API client already listens on a port of its own.
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  t.teardown(() => browser.close());
  const context = await browser.newContext();
  t.teardown(() => context.close());
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });

  await page.goto(`${base}/provider/${SLUG}`);
  // One order everywhere (issue 41): the rating, then the clauses, then the facts.
  const headings = await page.locator('main h2').allTextContents();
  t.equal(headings[0], 'Rating', 'the page opens with the rating');
  t.ok(headings.indexOf('Concerning clauses') < headings.indexOf('Contract facts'), 'the clauses come before the facts');
  const rows = page.locator('.fact-table tbody tr');
  t.equal(await rows.count(), 9, 'nine facts');
  const law = page.locator('.fact-table tr', { hasText: 'Governing law' });
  t.equal((await law.locator('td').textContent())?.replace(/\s+quote$/, '').trim(), factSummary(facts, 'governing_law'), 'what endpoint 3 says');
  t.match(await page.locator('.fact-table tr', { hasText: 'Arbitration' }).textContent(), /Not stated/, 'a fact the terms do not state');

  // Each fact links to its quote on the page.
  await law.getByRole('link', { name: 'quote' }).click();
  t.match(page.url(), /#fact-governing-law$/);
  const quote = page.locator('#fact-governing-law blockquote');
  t.ok(await quote.isVisible(), 'the quote is shown');
  t.equal(await quote.textContent(), facts.governing_law.evidence[0].quote, 'the sentence the fact was read from');
  t.equal(await page.locator('#fact-governing-law img').count(), 0, 'markup in the terms stays text');
  for (const link of await page.locator('.quote-link').all()) {
    const target = (await link.getAttribute('href'))!;
    t.equal((await page.locator(`${target} blockquote`).count()) > 0, true, `${target} leads to a quote`);
  }

  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => v.id);
  });
  t.same(violations, [], 'axe-core: no serious or critical violations');

  await page.goto(`${base}/provider/plain.example`);
  t.equal(await page.locator('.fact-table').count(), 0, 'no analysed terms: no table');
  t.same(problems, [], 'no console errors, page errors or dialogs');
}
