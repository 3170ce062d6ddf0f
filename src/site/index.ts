// The public pages' face: each page and feed as data (pages.ts), the stylesheet, the security
// headers and the error pages; the HTTP door serves them.
export { changesFeed, indexPage, providerChangesFeed, providerPage, type Rendered } from './pages.js';
export { renderErrorPage } from './error-pages.js';
export { PageCache } from './page-cache.js';
export { ATOM_TYPE } from './feeds.js';
export { SECURITY_HEADERS } from './headers.js';
export { SITE_CSS, SITE_CSS_PATH, SITE_CSS_VERSION } from './styles.js';
