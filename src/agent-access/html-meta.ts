// The meta tags of an HTML page that carry access signals (`tdm-reservation`, `tdm-policy`,
// `robots`), read from the head without a DOM: a bounded scan, since pages can be megabytes.
const WANTED = new Set(['tdm-reservation', 'tdm-policy', 'robots']);
const MAX_SCAN = 256 * 1024;

/** name -> content (lower-case names; the first tag of a name wins). */
export function signalMetaTags(html: string): Record<string, string> {
  const head = html.slice(0, MAX_SCAN);
  const end = head.search(/<body[\s>]/i);
  const scanned = end >= 0 ? head.slice(0, end) : head;
  const found: Record<string, string> = {};
  for (const [tag] of scanned.matchAll(/<meta\b[^>]{0,2000}>/gi)) {
    const name = attribute(tag, 'name')?.toLowerCase();
    const content = attribute(tag, 'content');
    if (name && WANTED.has(name) && content !== null && !(name in found)) found[name] = decodeEntities(content).slice(0, 2000);
  }
  return found;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|quot|apos|lt|gt|#39);/g, (_, e: string) => ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'" })[e]!);
}
