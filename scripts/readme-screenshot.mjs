#!/usr/bin/env node
// Takes the README's picture of a provider page with Debian's chromium (playwright-core), so that
// it can be taken again after the page changes:
//   node scripts/readme-screenshot.mjs http://localhost:3000/provider/chirpnest.example docs/provider-page.png
import { chromium } from 'playwright-core';

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/readme-screenshot.mjs PAGE_URL OUT.png');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  await page.goto(url, { waitUntil: 'load' });
  await page.screenshot({ path: out });
} finally {
  await browser.close();
}
