// The shell every public page shares: head (title, description, canonical URL, stylesheet),
// skip link, header with navigation, main landmark, and the attribution footer.
import { SERVICE_NAME } from '../core/attribution.js';
import { DISCLAIMER } from './format.js';
import { html, type SafeHtml } from './html.js';
import { SITE_CSS_URL } from './styles.js';

export interface PageOptions {
  title: string;
  description: string;
  /** Absolute URL of the page, for the canonical link; omitted on error pages. */
  canonicalUrl?: string;
  /** Keep the page out of search indexes (error pages, search results). */
  noindex?: boolean;
  /** Atom feeds about this page, announced with <link rel="alternate">. */
  feeds?: { title: string; href: string }[];
  main: SafeHtml;
}

export function layout(page: PageOptions): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<meta name="description" content="${page.description}">
${page.canonicalUrl ? html`<link rel="canonical" href="${page.canonicalUrl}">` : ''}
${page.noindex ? html`<meta name="robots" content="noindex">` : ''}
${(page.feeds ?? []).map((feed) => html`<link rel="alternate" type="application/atom+xml" title="${feed.title}" href="${feed.href}">`)}
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${SITE_CSS_URL}">
</head>
<body>
<a class="skip" href="#main">Skip to main content</a>
<header class="site-header">
<div class="wrap">
<a class="brand" href="/">${SERVICE_NAME}</a>
<nav aria-label="Site">
<ul>
<li><a href="/">Providers</a></li>
<li><a href="/docs">API for agents</a></li>
</ul>
</nav>
</div>
</header>
<main id="main" tabindex="-1">
<div class="wrap">
${page.main}
</div>
</main>
<footer class="site-footer">
<div class="wrap">
<p>Data from <a href="/">${SERVICE_NAME}</a>. ${DISCLAIMER}</p>
<p>Building an agent? Read the <a href="/docs">${SERVICE_NAME} API documentation</a>.</p>
</div>
</footer>
</body>
</html>
`.value;
}
