// Bots and scraping forbidden: no bots, scrapers, crawlers or other automated access, or no AI
// training on the content. Detected by rule (the corpus does not annotate it); told with what is
// still allowed (robots.txt, search engines) and whether written permission lifts the ban.
import { mainClause } from '../party.js';
import { has } from '../phrases.js';
import type { CategoryDefinition } from './category.js';
import { readAutomatedAccess } from '../facts/automated-access.js';

// Bots, scrapers, crawlers, data mining, or use of the content to train AI.
const AUTOMATED_TOOL =
  /\b(?:robots?|bots?|spiders?|spidering|crawl(?:s|ed|er|ers|ing)?|scrap(?:e|es|ed|er|ers|ing)|screen[- ]scrap\w*|data[- ]min(?:e|es|er|ers|ing)|harvest(?:s|ed|ing)?|offline readers?|robots\.txt|(?:automated|automatic) (?:means|systems?|tools?|scripts?|software|devices?|process(?:es)?|access|quer(?:y|ies)|methods?|mechanisms?|technolog(?:y|ies)|programs?|agents?|collection|requests?)|(?:manual or automated|automated or (?:manual|non-automated|otherwise)))\b/;
const AI_TRAINING =
  /\b(?:train|training|develop(?:ing)?|improv(?:e|ing)|fine-tun\w*)\b[^.;]{0,60}\b(?:artificial intelligence|machine[- ]learning|ai|large language|llms?|generative|neural)\b|\b(?:artificial intelligence|machine[- ]learning|ai|generative ai|llms?)\b[^.;]{0,40}\b(?:models?|systems?|tools?|training)\b/;
// Restricted: "you may not", "don't", "prohibited", "only as robots.txt permits", "without our written consent",
// or an item of a list of prohibited acts ("use any robot, spider ... to access the Service"), also when written
// "act of ..." and the tool is what is used ("act of wrongfully operating the Services by using BOT", not "acts of
// third parties, including hackers, bots or viruses").
const RESTRICTED =
  /\b(?:not|no|never|prohibit\w*|forbid\w*|disallow\w*|restrict\w*|only|agree not|refrain|except|unless|without (?:our |the )?(?:prior |express )?(?:written )?(?:consent|permission|authori[sz]ation))\b|\bdon't\b|\bmay block\b/;
// The start of a list item: "(v) ", "3. ", "- ", "or ".
const ITEM_START = String.raw`^(?:[(\[]?[a-z0-9ivx]{1,4}[.)\]]\s*|[-•·*]\s*)?(?:(?:or|and)\s+)?`;
const PROHIBITED_ACT_ITEM = new RegExp(
  ITEM_START +
    String.raw`(?:\([a-z0-9ivx]{1,4}\)\s*)?"?(?:use|using|uses|launch|launching|access|accessing|accesses|crawl\w*|scrap\w*|spider\w*|develop\w*|engage\w*|employ\w*|run|running|deploy\w*|collect\w*|harvest\w*|mine|mining|copy|copying|download\w*|monitor\w*|index\w*|circumvent\w*|attempt\w*|systematically)\b`,
);
const ACT_OF_ITEM = new RegExp(ITEM_START + String.raw`acts? of\b`);
const USING_A_TOOL = /\b(?:using|use of|by means of)\s+(?:any\s+)?(?:\w+\s+){0,2}(?:bots?|robots?|crawlers?|scrapers?|spiders?|automated|automatic)\b/;
// The provider's own automation ("we use automated systems to detect spam") and automated decisions about the user are not it.
const PROVIDER_AUTOMATION =
  /\b(?:we|our (?:systems?|teams?))\b[^.;]{0,30}\b(?:use|uses|employ|rely on|may use)\b[^.;]{0,60}\b(?:automated|automatic|bots?|robots?|machine learning|artificial intelligence|ai)\b|\bautomated (?:decision|individual decision|processing|profiling)/;
// A "spam bot", "bot accounts" used by others, or "robot" as a product (a vacuum robot) is not an access rule.
const OTHER_BOTS = /\b(?:chat ?bots?|spam ?bots?|health bots?|robot (?:vacuum|cleaner|mower)|bot accounts?)\b|\b(?:our|its|[a-z]+'s|through [a-z]+) bots\b/;

// The concern gate: the sentence speaks of automation at all.
const AUTOMATION =
  /\b(?:ro)?bots?\b|\bspider|\bcrawl|\bscrap|\bautomat|\bharvest|\bdata[- ]mining|\bextract|\bmachine learning|\bartificial intelligence|\bAI\b|\btrain/i;

const AI = /\b(?:artificial intelligence|machine[- ]learning|\bAI\b|large language|LLMs?|generative)/i;
const ROBOTS_TXT = /\brobots\.txt\b|\brobot exclusion\b/i;
const SEARCH_ENGINES = /\bpublic search engines?\b/i;
const PERMISSION = /\b(?:without|unless|except (?:with|as))\b[^.;]{0,60}\b(?:permission|consent|authori[sz]ation|approved|permitted)\b/i;
const COLLECTS = /\b(?:scrap(?:e|es|ed|ing)|harvest\w*|data[- ]min\w*|collect\w*|extract\w*|download\w*|copy|index\w*)\b/i;

/** What the clause forbids, in one sentence. */
function agentSentence(text: string): string {
  if (has(text, AI) && !has(text, /\b(?:robots?|bots?|spiders?|crawl\w*|scrap\w*)\b/i)) {
    return `You may not use the content to train or improve AI models${has(text, PERMISSION) ? " without the provider's permission" : ''}.`;
  }
  const what = has(text, COLLECTS) ? 'to access the service or copy or collect its content' : 'to access the service';
  const allowed = has(text, ROBOTS_TXT)
    ? ' Crawling is allowed only as far as its robots.txt permits.'
    : has(text, SEARCH_ENGINES)
      ? ' Public search engines are the exception.'
      : '';
  const unless = has(text, PERMISSION) ? " without the provider's written permission" : '';
  return `You may not use bots, scrapers, crawlers or other automated tools ${what}${unless}.${allowed}`;
}

function agentTitle(text: string): string {
  if (has(text, AI) && !has(text, /\b(?:robots?|bots?|spiders?|crawl\w*|scrap\w*)\b/i)) return 'No AI training on content';
  if (has(text, ROBOTS_TXT)) return 'Crawling only as robots.txt allows';
  return 'Bots and scraping forbidden';
}

export const automatedAccess = {
  slug: 'automated-access',
  name: 'Bots and scraping forbidden',
  description:
    'You may not use bots, scrapers, crawlers or other automated means to access the service or collect its content, or use its content to train AI.',
  baseSeverity: 'high',
  // For an AI agent, the first thing to know: breaking it can end the account or bring a claim.
  baseRating: 6.5,
  guides: ['official-interface'],
  facts: { automated_access: readAutomatedAccess },
  // Malware ("viruses, worms, cancelbots") is no automated access.
  isConcern: (sentence) => AUTOMATION.test(sentence.replace(/\bcancel ?bots?\b/gi, '')),
  // Reported first among a sentence's rule-based categories (their order since it was added).
  ruleFirst: true,
  // Quoted words count here: 'use any means to "scrape," "crawl," or "spider"'.
  rule: (_, s) =>
    !PROVIDER_AUTOMATION.test(s) &&
    !OTHER_BOTS.test(s) &&
    (AUTOMATED_TOOL.test(s) || AI_TRAINING.test(s)) &&
    (RESTRICTED.test(s) || PROHIBITED_ACT_ITEM.test(s.trim()) || (ACT_OF_ITEM.test(s.trim()) && USING_A_TOOL.test(s))),
  render: (text) => agentSentence(text),
  title: (text) => agentTitle(text),
  // A ban binds the user unless the provider is its subject (an item "scrape or otherwise collect any data" has none).
  party: (party, sentence) => (party === 'provider' && !/^(?:we|the provider)\b/i.test(mainClause(sentence)) ? 'user' : party),
} as const satisfies CategoryDefinition;
