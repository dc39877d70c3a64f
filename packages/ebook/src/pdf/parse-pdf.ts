import { EbookError } from '../errors';
import type { Book, Chapter } from '../model';
import type { ReadOptions } from '../options';
import { plainText } from '../placeholders';
import { checkBlocks } from '../structure-limits';
import { buildPdfBlocks, HEADING_RATIO } from './build-pdf-blocks';
import { findFootnotes, type PdfNote } from './find-footnotes';
import type { PageMarkers } from './join-lines';
import { openPdf } from './open-pdf';
import { checkPages } from './pdf-limits';
import type { PdfLine } from './pdf-line';
import { chapterMarks, placeChapters, reaches } from './place-chapters';
import { readOutline } from './read-outline';
import { readPdfMetadata } from './read-pdf-metadata';
import { readPdfPages } from './read-pdf-pages';
import { collectWords } from './repair-hyphen';
import { dropRunningText } from './running-text';
import { textStats } from './text-stats';

const SCANNED =
  'This PDF is scanned page images with no text layer; export it with a text layer (OCR) and upload that';

/**
 * Reads a PDF's text layer into the Book model (decision 261): lines joined into paragraphs across
 * lines and pages, hyphenation undone, running heads, feet and page numbers dropped, headings by
 * type size, chapters by the outline (or the headings), two columns read in order, footnotes as
 * notes. Pages without text are listed in `textlessPages`; a PDF with no text at all is refused.
 * @example const book = await parsePdf(bytes, { filename: 'alice.pdf' }); book.chapters[1].title // 'Down The Rabbit-Hole'
 */
export async function parsePdf(bytes: Uint8Array, options: ReadOptions = {}): Promise<Book> {
  const { doc, close } = await openPdf(bytes);
  let pages: PdfLine[][];
  let outline: Awaited<ReturnType<typeof readOutline>>;
  let metadataSource: Awaited<ReturnType<typeof doc.getMetadata>>;
  try {
    checkPages(doc.numPages);
    pages = await readPdfPages(doc);
    outline = await readOutline(doc, doc.numPages);
    metadataSource = await doc.getMetadata();
  } finally {
    await close();
  }
  const stats = textStats(pages);
  dropRunningText(pages, stats.bodySize);
  const textlessPages: number[] = [];
  pages.forEach((lines, i) => {
    if (!lines.some((line) => /[\p{L}\p{N}]/u.test(line.text))) textlessPages.push(i + 1);
  });
  if (textlessPages.length === pages.length && !options.emptyOk) throw new EbookError('scanned', SCANNED);

  const notes: PdfNote[] = [];
  const markers: PageMarkers = new Map();
  pages = pages.map((lines) => {
    const found = findFootnotes(lines, stats.bodySize);
    for (const note of found.notes) {
      notes.push(note);
      const onPage = markers.get(note.page) ?? new Map<string, string>();
      onPage.set(note.marker, note.noteId);
      markers.set(note.page, onPage);
    }
    return found.lines;
  });
  const words = collectWords(pages);
  const marks = chapterMarks(outline);
  let nextMark = 0;
  const startsChapter = (line: PdfLine) => {
    let starts = false;
    while (nextMark < marks.length && reaches(line, marks[nextMark] as (typeof marks)[number])) {
      nextMark++;
      starts = true;
    }
    return starts;
  };
  const blocks = buildPdfBlocks(
    pages.flat(),
    stats,
    words,
    markers,
    startsChapter,
    headingSizes(pages, stats.bodySize),
  );
  checkBlocks(blocks.length + notes.length);
  const { chapters, toc } = placeChapters(blocks, outline);
  if (notes.length) chapters.push(notesChapter(chapters, notes));
  const firstHeading = blocks.find((block) => block.kind === 'heading');
  const metadata = readPdfMetadata(
    metadataSource,
    options.filename,
    firstHeading ? plainText(firstHeading.text) : undefined,
  );
  return {
    format: 'pdf',
    metadata,
    chapters,
    toc,
    resources: [],
    ...(textlessPages.length ? { textlessPages } : {}),
  };
}

/** Sizes of heading type, largest first: each a heading level. */
function headingSizes(pages: PdfLine[][], bodySize: number): number[] {
  const sizes = new Set<number>();
  for (const lines of pages) {
    for (const line of lines)
      if (line.size >= bodySize * HEADING_RATIO) sizes.add(Math.round(line.size * 2) / 2);
  }
  return [...sizes].sort((a, b) => b - a);
}

/** The footnotes as a notes chapter; each reference in the text is pointed at its note there. */
function notesChapter(chapters: Chapter[], notes: PdfNote[]): Chapter {
  const id = `c${chapters.length + 1}`;
  for (const chapter of chapters) {
    for (const block of chapter.blocks) {
      for (const tag of block.inlines)
        if (tag.kind === 'noteref' && tag.href?.startsWith('#')) tag.href = `${id}${tag.href}`;
    }
  }
  return {
    id,
    title: 'Notes',
    role: 'notes',
    blocks: notes.map((note, i) => ({
      id: `${id}.b${i + 1}`,
      kind: 'note' as const,
      text: note.lines.join(' ').replace(/\s+/g, ' ').trim(),
      inlines: [],
      noteId: note.noteId,
      anchor: note.noteId,
    })),
  };
}
