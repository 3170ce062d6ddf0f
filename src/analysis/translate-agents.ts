// Translation and title of an automated-access clause (bots, scrapers, crawlers, AI training):
// what is forbidden, what is still allowed (robots.txt, search engines, an official API), and
// whether written permission lifts the ban.
import { has } from './phrases.js';

const AI = /\b(?:artificial intelligence|machine[- ]learning|\bAI\b|large language|LLMs?|generative)/i;
const ROBOTS_TXT = /\brobots\.txt\b|\brobot exclusion\b/i;
const SEARCH_ENGINES = /\bpublic search engines?\b/i;
const PERMISSION = /\b(?:without|unless|except (?:with|as))\b[^.;]{0,60}\b(?:permission|consent|authori[sz]ation|approved|permitted)\b/i;
const COLLECTS = /\b(?:scrap(?:e|es|ed|ing)|harvest\w*|data[- ]min\w*|collect\w*|extract\w*|download\w*|copy|index\w*)\b/i;

/** What the clause forbids, in one sentence. */
export function agentSentence(text: string): string {
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

export function agentTitle(text: string): string {
  if (has(text, AI) && !has(text, /\b(?:robots?|bots?|spiders?|crawl\w*|scrap\w*)\b/i)) return 'No AI training on content';
  if (has(text, ROBOTS_TXT)) return 'Crawling only as robots.txt allows';
  return 'Bots and scraping forbidden';
}
