// The HTML pages for a provider that does not exist (404), for a page that failed (500) and for
// one that cannot be shown while the database is unreachable (503).
import { SERVICE_NAME } from '../core/attribution.js';
import { html } from './html.js';
import { layout } from './layout.js';

export function renderNotFoundPage(): string {
  return layout({
    title: `Provider not found · ${SERVICE_NAME}`,
    description: `There is no provider at this address on ${SERVICE_NAME}.`,
    noindex: true,
    main: html`
<h1>Provider not found</h1>
<p>We have no ratings for a provider at this address. It may have been renamed or removed, or the link may be mistyped.</p>
<p><a href="/">Browse or search all providers</a></p>`,
  });
}

export function renderErrorPage(): string {
  return layout({
    title: `Something went wrong · ${SERVICE_NAME}`,
    description: 'The page could not be shown.',
    noindex: true,
    main: html`
<h1>Something went wrong</h1>
<p>The page could not be shown just now. Please try again in a moment.</p>
<p><a href="/">Back to all providers</a></p>`,
  });
}

export function renderUnavailablePage(): string {
  return layout({
    title: `Back in a moment · ${SERVICE_NAME}`,
    description: 'The page cannot be shown while the database is unavailable.',
    noindex: true,
    main: html`
<h1>Back in a moment</h1>
<p>Our database is unavailable just now (it may be restarting), so this page cannot be shown. Please try again in a few seconds.</p>
<p><a href="/">Back to all providers</a></p>`,
  });
}
