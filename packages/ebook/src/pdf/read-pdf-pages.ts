import { checkText } from '../structure-limits';
import type { PdfDocument } from './open-pdf';
import { toRuns } from './page-runs';
import { checkItems } from './pdf-limits';
import type { PdfLine } from './pdf-line';
import { readPageLines } from './read-page-lines';

// pdf.js keeps fonts and parsed objects for the whole document; letting go of them now and then
// keeps a book of thousands of pages within the sandbox's heap, at the cost of loading a font again.
const CLEANUP_EVERY = 200;

/**
 * Every page's lines, read one page at a time (each page's pdf.js resources freed after it), with
 * the book's text bound checked as it grows.
 * @example const pages = await readPdfPages(doc); pages[0][0].text // the first line of page 1
 */
export async function readPdfPages(doc: PdfDocument): Promise<PdfLine[][]> {
  const pages: PdfLine[][] = [];
  let chars = 0;
  for (let number = 1; number <= doc.numPages; number++) {
    const page = await doc.getPage(number);
    let lines: PdfLine[] = [];
    try {
      const content = await page.getTextContent({ disableNormalization: false });
      checkItems(content.items.length, number);
      lines = readPageLines(toRuns(content.items), number);
    } finally {
      page.cleanup();
    }
    for (const line of lines) chars += line.text.length;
    checkText(chars);
    pages.push(lines);
    if (number % CLEANUP_EVERY === 0) await doc.cleanup();
  }
  return pages;
}
