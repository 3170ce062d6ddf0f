// Swagger UI at /docs made ours: our name, the site's colours, a logo that links home, a line of
// text while its scripts load (instead of a blank page), and the document's long description
// folded into sections so that the first operation is near the top of the page.
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { SERVICE_NAME } from '../core/attribution.js';

export const DOCS_TITLE = `${SERVICE_NAME} API`;

/** The site header's colour (src/site/styles.ts --accent). */
const ACCENT = '#0f3d5e';

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="40" viewBox="0 0 260 40"><text x="0" y="28" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="24" font-weight="700" fill="#fff">${SERVICE_NAME} API</text></svg>`;

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${ACCENT}"/><text x="16" y="22" text-anchor="middle" font-family="Arial,sans-serif" font-size="16" font-weight="700" fill="#fff">ToS</text></svg>`;

const CSS = `
#swagger-ui:empty::before{display:block;max-width:40rem;margin:3rem auto;font:1rem/1.5 system-ui,sans-serif;color:#1f2937;
  content:"${SERVICE_NAME} API reference: loading the interactive page. The document itself is at /openapi.json; the site is at /."}
.swagger-ui .topbar{background:${ACCENT};padding:.5rem 0}
.swagger-ui .topbar .download-url-wrapper{display:none}
.swagger-ui .topbar a.home-link{color:#fff;font:600 .95rem system-ui,sans-serif;margin-left:auto;text-decoration:underline}
.swagger-ui .info .title{color:${ACCENT}}
.swagger-ui .info details{margin:.5rem 0;border:1px solid #d1d5db;border-radius:.375rem;padding:.25rem .75rem;background:#fff}
.swagger-ui .info details summary{cursor:pointer;font-weight:600;color:${ACCENT}}
.swagger-ui .btn.authorize{color:${ACCENT};border-color:${ACCENT}}
.swagger-ui .btn.authorize svg{fill:${ACCENT}}
`;

// The logo links to the site, and a plain "Back to the site" link sits beside it.
const JS = `
(function () {
  function home() {
    var link = document.querySelector('#swagger-ui .topbar .topbar-wrapper > a.link');
    if (!link) return setTimeout(home, 50);
    link.setAttribute('href', '/');
    link.setAttribute('title', '${SERVICE_NAME}: all providers');
    if (!document.querySelector('#swagger-ui .topbar a.home-link')) {
      var back = document.createElement('a');
      back.className = 'home-link';
      back.href = '/';
      back.textContent = 'Back to the site';
      link.parentNode.appendChild(back);
    }
  }
  home();
})();
`;

export const DOCS_UI_OPTIONS: FastifySwaggerUiOptions = {
  routePrefix: '/docs',
  logo: { type: 'image/svg+xml', content: Buffer.from(LOGO_SVG), href: '/', target: '_self' },
  theme: {
    title: DOCS_TITLE,
    css: [{ filename: 'tos-ratings.css', content: CSS }],
    js: [{ filename: 'tos-ratings.js', content: JS }],
    favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(FAVICON_SVG) }],
  },
  uiConfig: { docExpansion: 'list', deepLinking: true },
};

/**
 * The description as Swagger UI shows it: the introduction and the quick start open, every other
 * "## " section folded under its heading (the served /openapi.json keeps the text as written).
 */
export function foldedDescription(description: string): string {
  const [intro, ...sections] = description.split(/^## /m);
  return [
    intro!.trimEnd(),
    ...sections.map((section) => {
      const newline = section.indexOf('\n');
      const heading = section.slice(0, newline).trim();
      const body = section.slice(newline + 1).trimEnd();
      if (/^quick start$/i.test(heading)) return `## ${heading}\n${body}`;
      return `<details><summary>${heading}</summary>\n\n${body}\n\n</details>`;
    }),
  ].join('\n\n');
}
