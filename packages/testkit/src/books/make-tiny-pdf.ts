/** One piece of text on a page, in PDF units (y from the bottom), set in Courier. */
export interface TinyPdfText {
  text: string;
  x: number;
  y: number;
  /** Type size; 11 unless said. */
  size?: number;
  bold?: boolean;
}

export interface TinyPdfOptions {
  /** Each page's text; pages given as `null` are a picture with no text (a scanned page). */
  pages?: (TinyPdfText[] | null)[];
  title?: string;
  author?: string;
  /** Bookmarks, each leading to the top of a page (from 1). */
  outline?: { title: string; page: number }[];
  /** Adds an /Encrypt dictionary that no empty password opens: a password-protected PDF. */
  encrypted?: boolean;
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
/** Courier: every glyph is 0.6 em wide, so wrapping here is exact. */
const CHAR_EM = 0.6;

/**
 * A small valid PDF with a text layer, made in code for tests that must pass anywhere. Without
 * options: two pages, two chapters whose headings are set larger than the body, paragraphs wrapped
 * over lines (one line ending in a hyphenated word), a paragraph running on to the second page,
 * and page numbers at the foot. With `pages`, the text given, piece by piece.
 * @example readBook(makeTinyPdf(), { filename: 'book.pdf' }) // two chapters
 */
export function makeTinyPdf(options: TinyPdfOptions = {}): Uint8Array {
  const pages = options.pages ?? tinyBookPages();
  return writePdf(pages, options);
}

/** Lines of at most `width` characters, words kept whole. */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Pieces for lines set from (x, y) down, `leading` apart. */
export function setLines(
  lines: string[],
  x: number,
  y: number,
  size = 11,
  leading = size * 1.3,
): TinyPdfText[] {
  return lines.map((text, i) => ({ text, x, y: y - i * leading, size }));
}

function tinyBookPages(): TinyPdfText[][] {
  const width = Math.floor((PAGE_WIDTH - 144) / (11 * CHAR_EM));
  const para = (text: string, y: number) => {
    const lines = wrapWords(text, width);
    return { pieces: setLines(lines, 72, y), next: y - lines.length * 14.3 - 10 };
  };
  const one: TinyPdfText[] = [{ text: 'Chapter One', x: 72, y: 700, size: 20, bold: true }];
  let at = 660;
  for (const text of [
    'It was a bright cold day in April, and the clocks were striking thirteen. The hall smelt of boiled cabbage and old rag mats, and at one end of it a coloured poster, too large for indoor display, had been tacked to the wall.',
    'The book was old, and its translation had been made long ago by a careful hand that nobody remembered any more.',
  ]) {
    const { pieces, next } = para(text, at);
    one.push(...pieces);
    at = next;
  }
  // A word broken over two lines by a hyphen.
  one.push(
    ...setLines(
      [
        'Every morning the old scholar sat down to his long work on the trans-',
        'lation of the letters that had come to him, and every evening he read',
      ],
      72,
      at,
    ),
  );
  one.push({ text: '1', x: 300, y: 40 });
  const two: TinyPdfText[] = [
    ...setLines(['it aloud to the empty room.'], 72, 720),
    { text: 'Chapter Two', x: 72, y: 660, size: 20, bold: true },
  ];
  at = 620;
  for (const text of [
    'Winter came early that year. The river froze in a single night, and the children of the town went out on the ice before anyone could tell them not to.',
    'By spring the letters were done, and the book went to the printer with its new words.',
  ]) {
    const { pieces, next } = para(text, at);
    two.push(...pieces);
    at = next;
  }
  two.push({ text: '2', x: 300, y: 40 });
  return [one, two];
}

function writePdf(pages: (TinyPdfText[] | null)[], options: TinyPdfOptions): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  // 1 catalog, 2 pages, 3 regular font, 4 bold font, 5 info; then two objects per page.
  const pageIds = pages.map((_, i) => 6 + i * 2);
  const outlineId = 6 + pages.length * 2;
  const outline = options.outline ?? [];
  add(
    `<< /Type /Catalog /Pages 2 0 R${outline.length ? ` /Outlines ${outlineId} 0 R /PageMode /UseOutlines` : ''} >>`,
  );
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Courier-Bold /Encoding /WinAnsiEncoding >>');
  const info = [
    options.title ? `/Title (${pdfString(options.title)})` : '',
    options.author ? `/Author (${pdfString(options.author)})` : '',
  ].join(' ');
  add(`<< ${info} /Producer (booktranslate testkit) >>`);
  for (const [i, pieces] of pages.entries()) {
    const content = pieces ? pieces.map(showText).join('\n') : '0.5 0.5 0.5 rg 72 72 468 648 re f';
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${(pageIds[i] as number) + 1} 0 R >>`,
    );
    add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  if (outline.length) {
    const first = outlineId + 1;
    add(
      `<< /Type /Outlines /First ${first} 0 R /Last ${first + outline.length - 1} 0 R /Count ${outline.length} >>`,
    );
    outline.forEach((entry, i) => {
      const links = [
        i > 0 ? `/Prev ${first + i - 1} 0 R` : '',
        i < outline.length - 1 ? `/Next ${first + i + 1} 0 R` : '',
      ];
      const page = pageIds[Math.min(pages.length, Math.max(1, entry.page)) - 1] as number;
      add(
        `<< /Title (${pdfString(entry.title)}) /Parent ${outlineId} 0 R ${links.join(' ')} /Dest [${page} 0 R /XYZ 0 ${PAGE_HEIGHT} 0] >>`,
      );
    });
  }
  let encrypt = '';
  if (options.encrypted) {
    const id = objects.length + 1;
    add(`<< /Filter /Standard /V 1 /R 2 /O <${'6f'.repeat(32)}> /U <${'75'.repeat(32)}> /P -44 >>`);
    encrypt = ` /Encrypt ${id} 0 R /ID [<${'00'.repeat(16)}> <${'00'.repeat(16)}>]`;
  }
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character here is Latin-1, one byte each: offsets counted in characters are byte offsets.
  return Uint8Array.from(out, (c) => c.charCodeAt(0) & 0xff);
}

function showText(piece: TinyPdfText): string {
  const font = piece.bold ? 'F2' : 'F1';
  return `BT /${font} ${piece.size ?? 11} Tf ${piece.x} ${piece.y} Td (${pdfString(piece.text)}) Tj ET`;
}

/** A PDF literal string's body: Latin-1 only, anything else shown as '?'. */
function pdfString(text: string): string {
  return text.replace(/[^\x20-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}
