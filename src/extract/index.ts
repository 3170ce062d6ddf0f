// Extraction's public face: a fetched resource in (HTML, Markdown, text, PDF), its terms text out.
export { decodeBody, extractTerms, kindOfContentType, type ExtractedTerms, type TermsFormat } from './extract-terms.js';
export { ExtractionError, htmlToTerms, parseDocument, selectorMatches, type Selection } from './terms-html.js';
export { AGENT_TEXT_HTML_LIMITS, DOCUMENT_HTML_LIMITS, htmlCostRefusal, measureHtml, type HtmlLimits } from './html-cost.js';
