// The one stylesheet of the public pages, served from /assets/site.css. Its URL carries a hash of
// the content, so browsers may cache it for a year and still see a change at once.
import { createHash } from 'node:crypto';
import { BAND_COLOURS } from '../analysis/index.js';

// The bands' colours come from the one band function's table (src/analysis/band.ts); `none` is the unrated grey.
const BAND_CSS = [
  `.rating.band-none,.rating.band-unrated{background:${BAND_COLOURS.unrated};font-weight:600}`,
  ...(['low', 'moderate', 'high', 'severe'] as const).map((level) => `.rating.band-${level}{background:${BAND_COLOURS[level]}}`),
].join('');

export const SITE_CSS = `
:root{--ink:#1f2937;--muted:#4b5563;--line:#d1d5db;--bg:#f9fafb;--card:#fff;--link:#1d4ed8;--accent:#0f3d5e;
--critical:#991b1b;--critical-bg:#fee2e2;--high:#9a3412;--high-bg:#ffedd5;--medium:#854d0e;--medium-bg:#fef9c3;--low:#1e40af;--low-bg:#dbeafe}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--link);text-underline-offset:.15em}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.wrap{max-width:60rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;left:.5rem;top:-3rem;background:#fff;color:var(--link);padding:.5rem .75rem;border:2px solid var(--link);border-radius:.25rem;z-index:10}
.skip:focus{top:.5rem}
.site-header{background:var(--accent);color:#fff}
.site-header .wrap{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1.5rem;padding-top:.75rem;padding-bottom:.75rem}
.brand{color:#fff;font-weight:700;font-size:1.15rem;text-decoration:none}
.site-header nav ul{display:flex;gap:1.25rem;list-style:none;margin:0;padding:0}
.site-header nav a{color:#fff}
main{flex:1 0 auto;padding:1.5rem 0 2.5rem}
h1{font-size:clamp(1.6rem,4vw + .5rem,2.25rem);line-height:1.2;margin:.25rem 0 .75rem}
h2{font-size:1.4rem;margin:2.25rem 0 .75rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
h3{font-size:1.15rem;margin:1.5rem 0 .5rem}
h4{font-size:1.05rem;margin:0 0 .5rem}
p{margin:.5rem 0}
.lead{font-size:1.1rem;max-width:44rem}
.muted{color:var(--muted)}
.note{border-left:4px solid #b45309;background:#fffbeb;padding:.5rem .75rem;max-width:44rem}
.crumbs{font-size:.95rem;margin:0 0 .5rem}
.search{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.5rem;margin:1.25rem 0;padding:1rem;background:var(--card);border:1px solid var(--line);border-radius:.5rem}
.search label{flex:1 0 100%;font-weight:600}
.search .filters{flex:1 0 100%;border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}.search .filters legend{font-weight:600;padding:0;margin-bottom:.25rem}
.search .filters label{flex:0 0 auto;font-weight:400}.search .filters input{flex:0 0 auto}
.search input{flex:1 1 10rem;min-width:0;font:inherit;padding:.5rem .65rem;border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:var(--ink)}
.search button{font:inherit;font-weight:600;padding:.5rem 1rem;border:0;border-radius:.375rem;background:var(--accent);color:#fff;cursor:pointer}
.search button:hover{background:#0b2d46}
.search .sort-label{flex:0 0 auto;font-weight:600;align-self:center}
.search select{font:inherit;padding:.45rem .5rem;border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:var(--ink)}
.pager{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;justify-content:center;margin:1.5rem 0}
.demo{font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;border:1px solid var(--muted);color:var(--muted);border-radius:.25rem;padding:0 .3rem;vertical-align:middle}
.cards{list-style:none;margin:0;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr))}
.card{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1rem;display:flex;flex-direction:column;gap:.5rem}
.card h2{font-size:1.15rem;margin:0;padding:0;border:0}
.card p{margin:0}.card .domain{font-size:.9rem;overflow-wrap:anywhere}
.card-top{display:flex;justify-content:space-between;align-items:flex-start;gap:.75rem}
.rating{display:inline-flex;align-items:baseline;gap:.15rem;font-weight:700;border-radius:.375rem;padding:.2rem .5rem;white-space:nowrap;color:#fff}
.rating small{font-weight:400;font-size:.8em}
${BAND_CSS}
.why{margin:.5rem 0}.why ol{margin:.25rem 0;padding-left:1.25rem}.history{margin:.75rem 0}.history figcaption{font-weight:600;font-size:.95rem}.rating-chart{display:block;max-width:100%;height:auto}.history-table{border-collapse:collapse;font-size:.9rem}.history-table th,.history-table td{text-align:left;padding:.15rem .6rem;border-bottom:1px solid var(--line)}.evidence{font-size:.95rem}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.summary h2.visually-hidden{margin:0;padding:0;border:0}
.rating.big{font-size:2rem;padding:.25rem .75rem}.rating.big.band-none{font-size:1.1rem;padding:.6rem .75rem;white-space:normal}
.chips{display:flex;flex-wrap:wrap;gap:.35rem;list-style:none;margin:0;padding:0;font-size:.9rem}
.chip{border-radius:999px;padding:.05rem .6rem;font-weight:600}
.sev-critical{color:var(--critical);background:var(--critical-bg)}.sev-high{color:var(--high);background:var(--high-bg)}
.sev-medium{color:var(--medium);background:var(--medium-bg)}.sev-low{color:var(--low);background:var(--low-bg)}
.summary{display:grid;gap:1rem;grid-template-columns:auto 1fr;align-items:center;background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1rem;margin:1rem 0}
.summary p{margin:.2rem 0}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.75rem 0}
.facts dt{font-weight:600}.facts dd{margin:0;overflow-wrap:anywhere}
.facts .chips{display:inline-flex;vertical-align:baseline;margin-left:.35rem}
.fact-table{border-collapse:collapse;margin:.5rem 0;width:100%}.fact-table caption{text-align:left;caption-side:bottom;font-size:.9rem;padding-top:.35rem}.fact-table th,.fact-table td{text-align:left;vertical-align:top;padding:.3rem .6rem;border-bottom:1px solid var(--line)}.fact-table th{font-weight:600;white-space:nowrap}
.fact-quotes{font-size:.95rem;padding-left:1.25rem}.fact-quotes li{margin:.5rem 0}.fact-quotes li:target{outline:2px solid var(--accent);outline-offset:2px}
.notice{border-left:4px solid var(--accent);background:#e0ecf5;padding:.75rem 1rem;border-radius:0 .375rem .375rem 0;margin:1rem 0}
.clause,.protection,.favour,.opinion{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1rem;margin:0 0 1rem}
.clause{border-left-width:5px}
.scroll{overflow-x:auto;margin:.75rem 0}
.access{border-collapse:collapse}.access caption{text-align:left;font-weight:600;padding:.25rem 0}
.access th,.access td{border:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
.verdict-allowed{color:#14532d}.verdict-disallowed{color:#7f1d1d;font-weight:600}.verdict-unclear{color:#78350f}
.clause.sev-critical,.clause.sev-high,.clause.sev-medium,.clause.sev-low{background:var(--card);color:inherit}
.clause.sev-critical{border-left-color:var(--critical)}.clause.sev-high{border-left-color:var(--high)}
.clause.sev-medium{border-left-color:#a16207}.clause.sev-low{border-left-color:var(--low)}
blockquote{margin:.5rem 0;padding:.5rem .85rem;border-left:3px solid var(--line);background:var(--bg);font-family:Georgia,"Times New Roman",serif;font-size:1.05rem;overflow-wrap:anywhere}
.meta{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:.75rem 0 0;font-size:.9rem;color:var(--muted)}
.meta div{display:flex;gap:.3rem}.meta dt{font-weight:600}.meta dd{margin:0}
.verified{color:#166534;font-weight:600}.unverified{color:var(--muted)}
.read-in-full{border-left:4px solid #b45309;padding-left:.6rem}
.protection h3,.favour h3{margin-top:0}
.favour{border-left:4px solid #2e7d32}
.protection ol{margin:.5rem 0 0;padding-left:1.5rem}
.opinions{list-style:none;margin:0;padding:0}
.opinion-head{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem .75rem}
.opinion p{overflow-wrap:anywhere}
.agent{font-weight:700;overflow-wrap:anywhere}
.site-footer{border-top:1px solid var(--line);background:var(--card);font-size:.9rem;color:var(--muted)}
.site-footer .wrap{padding-top:1rem;padding-bottom:1.5rem}
@media (max-width:30rem){.summary{grid-template-columns:1fr}.summary .rating{justify-self:start}.facts{grid-template-columns:7.5rem 1fr}}
`.trim();

/** Short content hash: the cache-busting version in the stylesheet URL. */
export const SITE_CSS_VERSION = createHash('sha256').update(SITE_CSS).digest('hex').slice(0, 12);
export const SITE_CSS_PATH = '/assets/site.css';
export const SITE_CSS_URL = `${SITE_CSS_PATH}?v=${SITE_CSS_VERSION}`;
