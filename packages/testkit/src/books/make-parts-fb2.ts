/** What `makePartsFb2` builds: parts of chapters, each chapter `paragraphs` long. */
export interface PartsFb2Options {
  parts?: number;
  chaptersPerPart?: number;
  paragraphs?: number;
  /** Paragraphs of one chapter (the last of the first part), to make it longer than a reader's page. */
  longChapter?: number;
}

/**
 * A novel in parts as FB2 files often have it: a body title, `<section>`s for parts holding one
 * `<section>` per chapter ("PART I" / "CHAPTER 1", numbered through the book), a notes body.
 * @example readBook(makePartsFb2({ parts: 2, chaptersPerPart: 3 })) // toc: 2 parts of 3 chapters
 */
export function makePartsFb2(options: PartsFb2Options = {}): Uint8Array {
  const { parts = 2, chaptersPerPart = 3, paragraphs = 3, longChapter } = options;
  let n = 0;
  const partXml = Array.from({ length: parts }, (_, p) => {
    const chapters = Array.from({ length: chaptersPerPart }, (_, c) => {
      n++;
      const long = p === 0 && c === chaptersPerPart - 1 && longChapter !== undefined;
      const body = Array.from(
        { length: long ? longChapter : paragraphs },
        (_, i) => `<p>Paragraph ${i + 1} of chapter ${n}, where the river keeps running.</p>`,
      );
      const note = n === 1 ? '<p>A word<a l:href="#n1" type="note">1</a> with a note.</p>' : '';
      return `<section id="ch${n}"><title><p>CHAPTER ${n}</p></title>${note}${body.join('')}</section>`;
    });
    return `<section><title><p>PART ${'I'.repeat(p + 1)}</p></title><epigraph><p>Part ${p + 1} opens.</p></epigraph>${chapters.join('')}</section>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><genre>prose_classic</genre><author><first-name>Ann</first-name><last-name>Author</last-name></author>
<book-title>The River in Parts</book-title><lang>en</lang></title-info></description>
<body><title><p>The River in Parts</p></title>${partXml.join('')}</body>
<body name="notes"><title><p>Notes</p></title><section id="n1"><title><p>1</p></title><p>The note's text.</p></section></body>
</FictionBook>
`;
  return new TextEncoder().encode(xml);
}
