// Terms published as PDF: their text, extracted in pure JavaScript (PDF.js through unpdf, no
// native code, no worker), rejoined into paragraphs. A PDF keeps lines, not paragraphs: a line
// clearly shorter than the page's full lines ends its paragraph (last lines, headings), the
// others are joined with the next, and a word hyphenated across lines is made whole again.
import { extractText, getDocumentProxy } from 'unpdf';
import { ExtractionError } from './terms-html.js';

/** Pages beyond this are not read (no terms document is that long; a huge PDF is not terms). */
const MAX_PAGES = 300;

export async function pdfToText(bytes: Uint8Array): Promise<string> {
  let pages: string[];
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false });
    if (pdf.numPages > MAX_PAGES) throw new ExtractionError(`the PDF has ${pdf.numPages} pages, more than ${MAX_PAGES}`);
    pages = (await extractText(pdf, { mergePages: false })).text as string[];
    await pdf.destroy();
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(`the PDF could not be read (${(error as Error).message.split('\n')[0]})`);
  }
  const text = pages.map(paragraphsOfPage).filter(Boolean).join('\n\n');
  if ((text.match(/\p{L}{2,}/gu)?.length ?? 0) < 50) throw new ExtractionError('the PDF has no text layer (a scan?) or too few words');
  return text;
}

function paragraphsOfPage(page: string): string {
  const lines = page
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (lines.length === 0) return '';
  const lengths = lines.map((l) => l.length).sort((a, b) => a - b);
  const full = lengths[Math.floor(lengths.length * 0.9)] ?? lengths[lengths.length - 1]!;
  const paragraphs: string[] = [];
  let current = '';
  for (const line of lines) {
    current = current === '' ? line : current.endsWith('-') && /^\p{Ll}/u.test(line) ? current.slice(0, -1) + line : `${current} ${line}`;
    if (line.length < 0.75 * full) {
      paragraphs.push(current);
      current = '';
    }
  }
  if (current) paragraphs.push(current);
  return paragraphs.join('\n\n');
}
