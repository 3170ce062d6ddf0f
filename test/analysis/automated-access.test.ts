// automated-access: bans on bots, scrapers, crawlers, automated access and AI training are found,
// told and guided; the provider's own automation, automatic renewals and product "bots" are not it.
import t from 'tap';
import { analyzeDocument } from '../../src/analysis/analyze.js';
import { protectionsFor } from '../../src/analysis/protections.js';
import { rateClause } from '../../src/analysis/rate.js';
import { ruleCategories } from '../../src/analysis/engine/rules.js';
import { getCategory } from '../../src/analysis/taxonomy.js';
import { titleClause, translateClause } from '../../src/analysis/translate.js';

const has = (s: string) => ruleCategories(s).includes('automated-access');

t.test('bans on automated access are found, in sentences and in list items', async (t) => {
  for (const s of [
    'You will not use any robot, spider, crawler, scraper, or other automated means or interface to access the Services.',
    'use any robots, spider, crawler, scraper or other automated means or processes to access, collect data or other content from the platform for any purpose;',
    'Scraping, crawling and/or harvesting of any data from the Website without our explicit prior written consent is strictly prohibited.',
    '(v) use any means to "scrape," "crawl," or "spider" any web pages contained in the Site',
    'you may not use any data mining , robots , scraping or similar data gathering or extraction methods to obtain service content .',
    'You may not use any content of the Service to train artificial intelligence or machine learning models.',
    // an item of a list of prohibited acts, as terms translated from Japanese write them
    '(5) act of obstructing our network, act of wrongfully operating the Services by using BOT or other technical means;',
  ])
    t.ok(has(s), s);
  // "acts of" that are not the user's use of a tool
  for (const s of [
    '(c) acts of third parties, including hackers, bots or viruses, that affect the Services;',
    'acts of God, war, failures of robots or automated systems of our suppliers;',
  ]) {
    t.notOk(has(s), s);
  }
});

t.test('the provider’s own automation and other uses of the words are not it', async (t) => {
  for (const s of [
    'Your subscription will automatically renew each month until you cancel.',
    'We use automated systems and machine learning to detect spam and abuse.',
    'Health bots are not medical devices.',
    'Both parties agree to keep the terms confidential.',
    'We may use artificial intelligence to improve our services.',
  ])
    t.notOk(has(s), s);
});

t.test('it has a title, a translation, a severity and a guide', async (t) => {
  const ban = 'You will not use any robot, spider, scraper or other automated means to access the Services without our prior written permission.';
  t.equal(getCategory('automated-access').name, 'Bots and scraping forbidden');
  t.equal(titleClause(ban, 'automated-access'), 'Bots and scraping forbidden');
  t.equal(
    translateClause(ban, 'automated-access'),
    "You may not use bots, scrapers, crawlers or other automated tools to access the service without the provider's written permission.",
  );
  const robots = 'You may only use a crawler to crawl this Web site as permitted by this Web site’s robots.txt protocol.';
  t.equal(titleClause(robots, 'automated-access'), 'Crawling only as robots.txt allows');
  t.match(translateClause(robots, 'automated-access'), /only as far as its robots\.txt permits/);
  const ai = 'You may not use the content to train artificial intelligence models without our consent.';
  t.equal(titleClause(ai, 'automated-access'), 'No AI training on content');
  t.equal(translateClause(ai, 'automated-access'), "You may not use the content to train or improve AI models without the provider's permission.");
  t.equal(rateClause(ban, 'automated-access').severity, 'high');
  t.match(protectionsFor([{ id: 1, category: 'automated-access', categories: [], clause_text: ban }], null)[0]!.title, /official interface/);
});

t.test('analyzeDocument lists the ban as a clause of its own', async (t) => {
  const doc = 'You agree not to do any of the following:\n- use any robot, spider or scraper to access the Service;\n- post spam.';
  const clauses = analyzeDocument(doc);
  const ban = clauses.find((c) => c.categories.includes('automated-access'));
  t.ok(ban);
  t.equal(ban?.clause_text, 'use any robot, spider or scraper to access the Service;');
});
