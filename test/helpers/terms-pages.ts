// Terms pages as providers serve them, built from the Markdown in ../shared/terms: the terms
// inside realistic surroundings (navigation, a cookie banner, a footer, inline scripts, a hidden
// sign-up dialog, a sidebar), in three layouts: a <main> element, a div soup for main-content
// extraction, and a page whose terms a declaration's selector isolates.
import fs from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import { root } from './cli.js';

export const SHARED_TERMS = path.resolve(root, '../shared/terms');
export const haveSharedTerms = fs.existsSync(path.join(SHARED_TERMS, 'current'));

/** Words that appear only in the surroundings: none may reach the stored text. */
export const SURROUNDINGS = ['Zorblax', 'cookiejar consent', 'footerquux', 'sidebarfrob', 'scriptvalue', 'hiddenmodal'];

export type Layout = 'main' | 'soup' | 'selector';

export function termsPage(markdown: string, layout: Layout, title = 'Terms'): string {
  const terms = marked.parse(markdown, { async: false }) as string;
  const body =
    layout === 'main'
      ? `<main><article>${terms}</article></main>`
      : layout === 'soup'
        ? `<div class="wrap"><div class="col"><div class="legal-text">${terms}</div></div></div>`
        : `<div class="page"><div class="policy-body" data-policy="terms">${terms}</div><div class="related">Related sidebarfrob links to read</div></div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script>window.dataLayer = [{ page: "scriptvalue" }];</script>
<style>.x { color: red }</style></head>
<body>
<header><a href="/">Zorblax Home</a></header>
<nav aria-label="Main"><ul><li><a href="/a">Zorblax products</a></li><li><a href="/b">Zorblax pricing</a></li></ul></nav>
<div id="cookie-banner" class="cookie-consent" role="region" aria-label="Cookies"><p>We use a cookiejar consent mechanism to improve your experience.</p><button>Accept all</button><button>Reject</button></div>
<aside class="sidebar"><p>sidebarfrob: other policies</p></aside>
${body}
<div hidden class="modal"><h2>Sign up</h2><p>hiddenmodal newsletter sign-up form text.</p></div>
<footer><p>© footerquux Inc. All rights reserved.</p><a href="/privacy">Privacy</a></footer>
<script>document.querySelector(".modal"); console.log("scriptvalue");</script>
</body></html>`;
}
