// The index with many providers in a real browser, without JavaScript: it pages, sorts by rating
// and searches, and the links keep the search and the order.
import { existsSync } from 'node:fs';
import t from 'tap';
import type { Browser } from 'playwright-core';
import { buildTestApp } from '../helpers/test-app.js';
import { INDEX_PAGE_SIZE } from '../../src/site/index-page.js';
import { refreshTermsState } from '../../src/ingest/index.js';

const CHROMIUM = '/usr/bin/chromium';

t.test('pagination, sort by rating and search', { skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} not found` }, async (t) => {
  const { chromium } = await import('playwright-core');
  const { app, database } = await buildTestApp(t);
  const db = database.handle.db;
  const total = INDEX_PAGE_SIZE * 2 + 5;
  await db
    .insertInto('providers')
    .values(
      Array.from({ length: total }, (_, i) => ({
        slug: `p${String(i).padStart(3, '0')}.test`,
        name: `Provider ${String(i).padStart(3, '0')}`,
        domain: `p${i}.test`,
        description: '',
        tos_url: `https://p${i}.test/t`,
        overall_rating: 1 + (i % 10) * 0.9,
      })),
    )
    .execute();
  // One clause each, so that every provider is rated (one with none is shown as "not analysed yet"),
  // and their stored terms state derived again as every writer of clauses does.
  const ids = await db.selectFrom('providers').select('id').execute();
  await db
    .insertInto('clauses')
    .values(
      ids.map(({ id }) => ({
        provider_id: id,
        title: 'T',
        clause_text: 'We may end it.',
        plain_english: 'p',
        severity: 'high',
        category: 'unilateral-termination',
        ai_rating: 7,
      })),
    )
    .execute();
  await refreshTermsState(db, null);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  t.teardown(() => browser.close());
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const names = () => page.locator('.cards h2 a').allTextContents();

  await page.goto(`${base}/`);
  t.equal((await names()).length, INDEX_PAGE_SIZE, 'one page of providers');
  t.equal((await names())[0], 'Provider 000');
  await page.getByRole('link', { name: 'Next page' }).click();
  t.match(page.url(), /\?page=2$/);
  t.equal((await names())[0], `Provider ${String(INDEX_PAGE_SIZE).padStart(3, '0')}`);
  await page.getByRole('link', { name: 'Next page' }).click();
  t.equal((await names()).length, 5, 'the last page holds the rest');
  t.equal(await page.getByRole('link', { name: 'Next page' }).count(), 0);

  await page.selectOption('#sort', 'rating');
  await page.getByRole('button', { name: 'Search' }).click();
  t.match(page.url(), /sort=rating/);
  const ratings = (await page.locator('.cards .rating').allTextContents()).map((r) => Number.parseFloat(r));
  t.same(
    ratings,
    [...ratings].sort((a, b) => b - a),
    'most concerning first',
  );
  t.equal(ratings[0], 9.1);

  await page.fill('#q', 'Provider 04');
  await page.getByRole('button', { name: 'Search' }).click();
  t.same(
    await names(),
    Array.from({ length: 10 }, (_, i) => `Provider 04${9 - i}`),
    'search within the chosen order',
  );
  t.match(await page.locator('[role=status]').first().textContent(), /10 providers match/);
});
