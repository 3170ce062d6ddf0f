// HTML escaping for every template: the `html` tag escapes each interpolated value unless it is
// already-rendered markup, so text from agents or from terms documents can never become markup.

/** Markup that has been rendered (and escaped) already; the only thing `html` inserts raw. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// Characters that would make text lie about itself on a page: C0 and C1 controls (but tab and
// newline; a carriage return is dropped, as HTML folds it anyway), and the bidirectional
// embeddings, overrides and isolates (U+202A-202E, U+2066-2069), which can make a quote or a
// name read backwards. They are shown as visible escapes, `[U+202E]`, never acted on.
const DECEPTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text as it may be shown: the deceptive characters above as visible `[U+XXXX]`. */
export function visibleText(text: string): string {
  return text.replace(DECEPTIVE, (c) => (c === '\r' ? '' : `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`));
}

/** Escapes text for element content and for quoted attribute values alike (controls made visible, see above). */
export function escapeHtml(text: string): string {
  return visibleText(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * Text from users or documents (a name, a take, a quote) isolated from the text around it, so
 * that right-to-left or mixed text cannot reorder what surrounds it: `<bdi>` inline, or
 * `dir="auto"` on the block that holds it (see `block`).
 */
export function isolated(text: string | null | undefined): SafeHtml {
  return new SafeHtml(text === null || text === undefined ? '' : `<bdi>${escapeHtml(text)}</bdi>`);
}

/** Tagged template: `html\`<p>${text}</p>\`` escapes `text`; nested `html` results stay markup. */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/**
 * The URL if it is an absolute http(s) URL, else null: a `javascript:` or `data:` link from a
 * document must not reach an href. The result still goes through `html`, which escapes it.
 */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
