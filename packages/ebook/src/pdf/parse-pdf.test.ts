import { makeTinyPdf } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import type { Book } from '../model';
import { plainText } from '../placeholders';
import { readBook } from '../read-book';
import { parsePdf } from './parse-pdf';

type Pages = NonNullable<NonNullable<Parameters<typeof makeTinyPdf>[0]>['pages']>;
type Piece = NonNullable<Pages[number]>[number];

/** Courier lines of at most `width` characters from (x, y) down, 14.3 apart. */
function lines(text: string, x: number, y: number, width = 78, size = 11): Piece[] {
  const out: Piece[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      out.push({ text: line, x, y: y - out.length * size * 1.3, size });
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  out.push({ text: line, x, y: y - out.length * size * 1.3, size });
  return out;
}

const texts = (book: Book) => book.chapters.flatMap((c) => c.blocks.map((b) => plainText(b.text)));
const code = (c: string) => expect.objectContaining({ code: c });
const LONG =
  'The morning was grey and the street below the window was empty except for a cart that stood by the baker and waited for the bread to be loaded, while the horse shook its head.';

describe('parsePdf', () => {
  it('reads the tiny book: chapters by heading size, a paragraph across pages, hyphenation undone, page numbers gone', async () => {
    const book = await readBook(makeTinyPdf(), { filename: 'tiny-book.pdf' });
    expect(book.format).toBe('pdf');
    expect(book.metadata.title).toBe('tiny-book');
    expect(book.chapters.map((c) => c.title)).toEqual(['Chapter One', 'Chapter Two']);
    expect(book.toc.map((e) => e.title)).toEqual(['Chapter One', 'Chapter Two']);
    const [first] = book.chapters;
    expect(first?.blocks[0]).toMatchObject({ id: 'c1.b1', kind: 'heading', level: 1, text: 'Chapter One' });
    const all = texts(book);
    expect(all).toContain(
      'Every morning the old scholar sat down to his long work on the translation of the letters that had come to him, and every evening he read it aloud to the empty room.',
    );
    expect(all.filter((t) => /^\d+$/.test(t))).toEqual([]);
    expect(
      all.some((t) => t.startsWith('It was a bright cold day') && t.endsWith('tacked to the wall.')),
    ).toBe(true);
    expect(book.textlessPages).toBeUndefined();
  });

  it('gives the same ids on every read', async () => {
    const bytes = makeTinyPdf();
    const a = await parsePdf(bytes);
    const b = await parsePdf(bytes);
    expect(b.chapters).toEqual(a.chapters);
  });

  it('drops running heads and page numbers repeated at the same place on every page', async () => {
    const pages: Pages = [1, 2, 3, 4].map((n) => [
      { text: 'THE TINY BOOK', x: 250, y: 760, size: 9 },
      ...lines(`${['First', 'Then', 'Later', 'At last'][n - 1]} the morning was grey. ${LONG}`, 72, 700),
      { text: `- ${n} -`, x: 290, y: 40, size: 9 },
    ]);
    const book = await parsePdf(makeTinyPdf({ pages, title: 'Heads' }));
    const all = texts(book);
    expect(all.join(' ')).not.toMatch(/TINY BOOK|- \d -/);
    expect(book.metadata.title).toBe('Heads');
    expect(all.join(' ').match(/the morning was grey\. The morning/g)).toHaveLength(4);
    expect(all[0]?.startsWith('First the morning')).toBe(true);
  });

  it('keeps a real hyphen: a capital after it, or a compound the book writes whole elsewhere', async () => {
    const pages: Pages = [
      [
        ...lines(
          'A well-known house stood on the hill, and everybody in the valley knew it by its red roof.',
          72,
          700,
        ),
        { text: 'It was a well-', x: 72, y: 640 },
        { text: 'known story among the Anglo-', x: 72, y: 625.7 },
        { text: 'Saxon farmers of the valley below, and a trans-', x: 72, y: 611.4 },
        { text: 'lation of it was made for the village school.', x: 72, y: 597.1 },
      ],
    ];
    const all = texts(await parsePdf(makeTinyPdf({ pages })));
    expect(all[1]).toBe(
      'It was a well-known story among the Anglo-Saxon farmers of the valley below, and a translation of it was made for the village school.',
    );
  });

  it('finds heading levels by size and makes chapters at the top level that repeats', async () => {
    const pages: Pages = [
      [
        { text: 'A Book of Two Parts', x: 72, y: 720, size: 28 },
        { text: 'Part One', x: 72, y: 660, size: 18 },
        ...lines(LONG, 72, 620),
      ],
      [{ text: 'Part Two', x: 72, y: 720, size: 18 }, ...lines(LONG, 72, 680)],
    ];
    const book = await parsePdf(makeTinyPdf({ pages }));
    const headings = book.chapters.flatMap((c) => c.blocks.filter((b) => b.kind === 'heading'));
    expect(headings.map((h) => [h.text, h.level])).toEqual([
      ['A Book of Two Parts', 1],
      ['Part One', 2],
      ['Part Two', 2],
    ]);
    expect(book.chapters.map((c) => c.title)).toEqual(['A Book of Two Parts', 'Part One', 'Part Two']);
  });

  it('builds chapters from the outline when the PDF has one', async () => {
    const pages: Pages = [
      lines(LONG, 72, 700),
      lines(`Then ${LONG}`, 72, 700),
      lines(`At last ${LONG}`, 72, 700),
    ];
    const outline = [
      { title: 'Opening', page: 1 },
      { title: 'Ending', page: 3 },
    ];
    const book = await parsePdf(makeTinyPdf({ pages, outline }));
    expect(book.chapters.map((c) => [c.title, c.blocks.length])).toEqual([
      ['Opening', 2],
      ['Ending', 1],
    ]);
    expect(book.toc.map((e) => e.chapterId)).toEqual(['c1', 'c2']);
  });

  it('reads two columns side by side column by column', async () => {
    const left =
      'The left column begins the story of the mill by the river and the family that kept it through the long dry years.';
    const right =
      'The right column goes on with the story when the rains came back and the wheel turned again for everyone.';
    const pages: Pages = [
      [
        { text: 'Two Columns', x: 72, y: 740, size: 20 },
        ...lines(left, 72, 700, 33),
        ...lines(right, 330, 700, 33),
      ],
    ];
    const all = texts(await parsePdf(makeTinyPdf({ pages })));
    expect(all).toEqual(['Two Columns', left, right]);
  });

  it('keeps a footnote as a note, its marker in the text a note reference', async () => {
    const pages: Pages = [
      [
        ...lines('The treaty was signed in the spring of that year by both of the kings', 72, 700),
        { text: '1', x: 72 + 69 * 6.6, y: 704, size: 7 },
        ...lines('and their ministers, and the war was over at last.', 72, 685.7),
        { text: '1 Some say it was signed in the autumn.', x: 72, y: 60, size: 8 },
      ],
    ];
    const book = await parsePdf(makeTinyPdf({ pages }));
    const body = book.chapters[0]?.blocks[0];
    expect(body?.text).toBe(
      'The treaty was signed in the spring of that year by both of the kings<g1>1</g1> and their ministers, and the war was over at last.',
    );
    const notes = book.chapters.find((c) => c.role === 'notes');
    expect(notes?.blocks).toEqual([
      expect.objectContaining({
        kind: 'note',
        text: 'Some say it was signed in the autumn.',
        noteId: 'fn1-1',
      }),
    ]);
    expect(body?.inlines[0]).toMatchObject({ kind: 'noteref', href: `${notes?.id}#fn1-1` });
  });

  it('lists the pages without text of a text PDF', async () => {
    const pages: Pages = [lines(LONG, 72, 700), null, lines(`Then ${LONG}`, 72, 700)];
    const book = await parsePdf(makeTinyPdf({ pages }));
    expect(book.textlessPages).toEqual([2]);
    expect(texts(book)).toHaveLength(2);
  });

  it('refuses a PDF of page images with no text layer, an encrypted one and a damaged one', async () => {
    await expect(parsePdf(makeTinyPdf({ pages: [null, null] }))).rejects.toThrow(
      expect.objectContaining({ code: 'scanned', message: expect.stringMatching(/no text layer.*OCR/) }),
    );
    const empty = await parsePdf(makeTinyPdf({ pages: [null] }), { emptyOk: true });
    expect(empty.textlessPages).toEqual([1]);
    await expect(parsePdf(makeTinyPdf({ encrypted: true }))).rejects.toThrow(
      expect.objectContaining({
        code: 'encrypted',
        message: expect.stringMatching(/encrypted \(password-protected\)/),
      }),
    );
    const bytes = makeTinyPdf();
    await expect(parsePdf(bytes.subarray(0, 300))).rejects.toThrow(code('corrupt'));
    const garbage = new TextEncoder().encode(
      `%PDF-1.7\n${'1 0 obj << /Type /Catalog /Pages 1 0 R >> '.repeat(200)}`,
    );
    await expect(parsePdf(garbage)).rejects.toThrow(code('corrupt'));
  });
});
