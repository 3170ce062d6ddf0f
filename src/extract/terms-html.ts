// A web page in, its terms out as Markdown, through a real HTML parser (linkedom): what is not
// terms (scripts, navigation, headers and footers, cookie banners, dialogs, hidden elements) is
// removed from the DOM first, because Turndown keeps whatever the DOM still holds. Then the
// declaration's selectors pick the terms when it has them (Open Terms Archive's `select` and
// `remove`); otherwise the page's single <main> or <article>, else Readability's main content,
// else the cleaned body. Turndown writes headings, lists and paragraphs as Markdown, so that
// section headings reach the analyzer; links keep their words only.
//
// The three libraries are loaded on first use (about 36 MB of memory): this module is reached by
// the server's main thread for ExtractionError alone, while pages are parsed in the analysis
// worker threads and the CLI.
import { createRequire } from 'node:module';
import type { parseHTML as ParseHTML } from 'linkedom';
import { DOCUMENT_HTML_LIMITS, htmlCostRefusal, type HtmlLimits } from './html-cost.js';
import type { Readability as ReadabilityClass } from '@mozilla/readability';
import type TurndownService from 'turndown';

const requireLibrary = createRequire(import.meta.url);
const parseHTML: typeof ParseHTML = (...args) => (requireLibrary('linkedom') as { parseHTML: typeof ParseHTML }).parseHTML(...args);
const readability = (): typeof ReadabilityClass => (requireLibrary('@mozilla/readability') as { Readability: typeof ReadabilityClass }).Readability;

export interface Selection {
  /** CSS selectors whose elements, in document order, are the terms. */
  readonly select?: readonly string[] | null;
  /** CSS selectors removed from the page before anything else. */
  readonly remove?: readonly string[] | null;
  /** Fewer words than this is no terms page (a block page, a stub that needs JavaScript). */
  readonly minWords?: number;
}

/** The page gave no terms text: nothing matched, or what matched has no words. */
export class ExtractionError extends Error {}

// Everything that is never terms text, whatever the page.
const CLUTTER = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'video',
  'audio',
  'link',
  'meta',
  'input',
  'button',
  'select',
  'textarea',
  'nav',
  'aside',
  'dialog',
  'footer',
  '[role=navigation]',
  '[role=banner]',
  '[role=contentinfo]',
  '[role=dialog]',
  '[role=alertdialog]',
  '[aria-modal=true]',
  'body > header',
  '.sr-only',
  '.visually-hidden',
  '.screen-reader-text',
].join(', ');
// Ids and classes of consent managers and home-made cookie banners.
const CONSENT = /cookie|consent|gdpr|onetrust|cookiebot|didomi|usercentrics|truste|cc-(?:banner|window)|privacy-banner/i;
const CONSENT_MAX_CHARS = 3000;
const MIN_WORDS = 50;
/** A main element shorter than this is taken for a page fragment, not the terms. */
const MIN_MAIN_CHARS = 500;

/** Parses a whole page, or a fragment of one (linkedom needs the document shell); one too costly to read is refused first. */
export function parseDocument(html: string, limits: HtmlLimits = DOCUMENT_HTML_LIMITS): Document {
  const refusal = htmlCostRefusal(html, limits);
  if (refusal) throw new ExtractionError(refusal);
  let { document } = parseHTML(html);
  if (document.documentElement?.tagName !== 'HTML' || !document.body) {
    ({ document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`));
  }
  return document as unknown as Document;
}

export function htmlToTerms(html: string, selection: Selection = {}, limits: HtmlLimits = DOCUMENT_HTML_LIMITS): string {
  const document = parseDocument(html, limits);
  removeAll(document, selection.remove ?? [], 'remove');
  removeClutter(document);
  const roots = selection.select?.length ? selected(document, selection.select) : [mainContent(document)];
  const markdown = roots
    .map((root) => toMarkdown(root))
    .join('\n\n')
    .trim();
  const words = markdown.match(/\p{L}{2,}/gu)?.length ?? 0;
  if (words < (selection.minWords ?? MIN_WORDS)) throw new ExtractionError(`the page has no terms text (${words} words after extraction)`);
  return markdown;
}

/** Which of `selectors` match on the page (for `catalogue check`), without extracting anything. */
export function selectorMatches(html: string, selectors: readonly string[]): { selector: string; matches: number }[] {
  const document = parseDocument(html);
  return selectors.map((selector) => ({ selector, matches: query(document, selector, 'select').length }));
}

function query(root: ParentNode, selector: string, role: string): Element[] {
  try {
    return [...root.querySelectorAll(selector)];
  } catch {
    throw new ExtractionError(`the ${role} selector "${selector}" is not valid CSS`);
  }
}

function removeAll(document: Document, selectors: readonly string[], role: string): void {
  for (const selector of selectors) for (const element of query(document, selector, role)) element.remove();
}

function removeClutter(document: Document): void {
  // Toggles are buttons, removed below: which panels they open is read first.
  const controlled = new Set(query(document, '[aria-controls]', 'clutter').flatMap((e) => (e.getAttribute('aria-controls') ?? '').split(/\s+/)));
  for (const element of query(document, CLUTTER, 'clutter')) element.remove();
  for (const element of query(document, '[id], [class]', 'clutter')) {
    if (!element.isConnected) continue;
    const names = `${element.getAttribute('id') ?? ''} ${element.getAttribute('class') ?? ''}`;
    if (CONSENT.test(names) && isBanner(element)) element.remove();
  }
  for (const element of query(document, '[hidden], [aria-hidden=true], [style]', 'clutter')) {
    if (!element.isConnected || !isHidden(element)) continue;
    // A collapsed accordion panel is hidden until its toggle opens it: it is terms text, shown
    // as open (Readability would skip it as invisible).
    if (element.id && controlled.has(element.id)) {
      for (const attribute of ['hidden', 'aria-hidden', 'style']) element.removeAttribute(attribute);
      continue;
    }
    element.remove();
  }
}

/** A consent banner, not a terms section about cookies: short, and something to click or a dialog. */
function isBanner(element: Element): boolean {
  if ((element.textContent ?? '').length > CONSENT_MAX_CHARS) return false;
  const role = element.getAttribute('role') ?? '';
  if (['dialog', 'alertdialog', 'region', 'alert', 'banner'].includes(role) || element.tagName === 'DIALOG') return true;
  return element.querySelector('button, input, a[role=button], [onclick]') !== null || element.querySelectorAll('a').length > 0;
}

function isHidden(element: Element): boolean {
  if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') return true;
  const style = (element.getAttribute('style') ?? '').toLowerCase().replace(/\s+/g, '');
  return style.includes('display:none') || style.includes('visibility:hidden');
}

/** The selected elements in document order, none inside another. */
function selected(document: Document, selectors: readonly string[]): Element[] {
  const found: Element[] = [];
  for (const selector of selectors) {
    const matches = query(document, selector, 'select');
    if (matches.length === 0) throw new ExtractionError(`the select selector "${selector}" matches nothing on the page`);
    found.push(...matches);
  }
  const unique = [...new Set(found)];
  const outermost = unique.filter((e) => !unique.some((other) => other !== e && other.contains(e)));
  return outermost.sort((a, b) => (a.compareDocumentPosition(b) & 4 /* FOLLOWING */ ? -1 : 1));
}

function mainContent(document: Document): Element {
  for (const selector of ['main, [role=main]', 'article']) {
    const candidates = query(document, selector, 'main');
    if (candidates.length === 1 && textLength(candidates[0]!) >= MIN_MAIN_CHARS) return candidates[0]!;
  }
  const body = document.body;
  // Readability changes the document it reads: it gets a copy.
  const article = new (readability())(document.cloneNode(true) as Document, { charThreshold: MIN_MAIN_CHARS }).parse();
  if (article?.content) {
    const extracted = parseDocument(article.content).body;
    // Readability judges by text density; legal pages of short numbered sections can lose
    // parts. When it keeps much less than the cleaned page holds, the page is taken whole.
    if (textLength(extracted) >= 0.6 * textLength(body)) return extracted;
  }
  return body;
}

function textLength(element: Element): number {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}

let turndown: TurndownService | null = null;

function toMarkdown(root: Element): string {
  turndown ??= createTurndown();
  return turndown.turndown(root as unknown as TurndownService.Node);
}

function createTurndown(): TurndownService {
  const Turndown = requireLibrary('turndown') as typeof TurndownService;
  const service = new Turndown({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced', emDelimiter: '_' });
  // Terms are read, not navigated: a link keeps its words, an image nothing.
  service.addRule('linkText', { filter: 'a', replacement: (content) => content });
  service.addRule('noImages', { filter: ['img', 'picture', 'figure'], replacement: () => '' });
  service.addRule('tableRow', { filter: 'tr', replacement: (content) => `\n\n${content.trim().replace(/\s*\|\s*$/, '')}\n\n` });
  service.addRule('tableCell', { filter: ['td', 'th'], replacement: (content) => `${content.replace(/\s+/g, ' ').trim()} | ` });
  service.addRule('definitions', { filter: ['dt', 'dd'], replacement: (content) => `\n\n${content.trim()}\n\n` });
  return service;
}
