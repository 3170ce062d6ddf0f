// What an HTML text would cost to read, measured before the parser sees it. Parsing and reading
// a page costs far more than its size says when its elements nest deeply: 33,000 nested <div>s
// (165 KB) took linkedom 3 s to parse and Readability past 50 s before its stack overflowed, and
// 400 nested ones (2 KB) took 7 s. A single pass over the text counts the elements and the depth
// the parser would build (void elements, self-closed ones and the end tags that HTML lets a page
// leave out are taken into account; raw text of script and style is skipped), so that such a
// text is refused at once, with the reason, instead of holding an analysis thread.

export interface HtmlLimits {
  /** Deepest nesting of elements read. */
  readonly maxDepth: number;
  /** Most elements read. */
  readonly maxElements: number;
}

/** Texts agents bring (analyzeTerms): a real terms page nests 10 to 40 deep and has a few thousand elements. */
export const AGENT_TEXT_HTML_LIMITS: HtmlLimits = { maxDepth: 128, maxElements: 8_000 };
/** Operators' documents and fetched pages (up to 4 MiB; analysed in the background, under ANALYSIS_TIMEOUT). */
export const DOCUMENT_HTML_LIMITS: HtmlLimits = { maxDepth: 256, maxElements: 200_000 };

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'keygen', 'frame']);
// Elements whose end tag may be left out: a new one closes the open one of its group.
const GROUPS: Record<string, string> = {
  p: 'p',
  li: 'li',
  dt: 'd',
  dd: 'd',
  option: 'option',
  tr: 'tr',
  td: 'cell',
  th: 'cell',
  thead: 'tsec',
  tbody: 'tsec',
  tfoot: 'tsec',
  rt: 'r',
  rp: 'r',
};
// The search for an open element of the same group stops at these.
const SCOPES = new Set(['ul', 'ol', 'dl', 'table', 'select', 'div', 'body', 'html', 'ruby']);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript', 'iframe', 'noembed', 'noframes', 'plaintext']);

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/** The elements and the deepest nesting a text would give, stopping early once past `limits`. */
export function measureHtml(html: string, limits: HtmlLimits = { maxDepth: Infinity, maxElements: Infinity }): { depth: number; elements: number } {
  const open: string[] = [];
  let depth = 0;
  let elements = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(html); match; match = TOKEN.exec(html)) {
    const name = match[1]?.toLowerCase();
    if (!name) continue; // a comment
    if (match[0][1] === '/') {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      continue;
    }
    elements++;
    if (RAW_TEXT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, TOKEN.lastIndex);
      TOKEN.lastIndex = end < 0 ? html.length : end;
      continue;
    }
    if (VOID.has(name) || match[2]!.trimEnd().endsWith('/')) continue;
    const group = GROUPS[name];
    if (group) {
      for (let i = open.length - 1; i >= 0 && !SCOPES.has(open[i]!); i--) {
        if (GROUPS[open[i]!] === group) {
          open.length = i;
          break;
        }
      }
    }
    open.push(name);
    depth = Math.max(depth, open.length);
    if (depth > limits.maxDepth || elements > limits.maxElements) break;
  }
  return { depth, elements };
}

/** Why the text is too costly to read, or null. */
export function htmlCostRefusal(html: string, limits: HtmlLimits): string | null {
  const { depth, elements } = measureHtml(html, limits);
  if (depth > limits.maxDepth) return `the HTML nests elements more than ${limits.maxDepth} deep; such a page is not read`;
  if (elements > limits.maxElements) return `the HTML has more than ${limits.maxElements.toLocaleString('en')} elements; such a page is not read`;
  return null;
}
