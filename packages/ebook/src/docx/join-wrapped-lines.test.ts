import { makeTinyDocx } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import type { Book } from '../model';
import { openZip } from '../read-zip';
import { translateAll } from '../testing/translate-all';
import { parseDocx } from './parse-docx';
import { writeDocx } from './write-docx';

const line = (text: string) =>
  `<w:p><w:pPr><w:pStyle w:val="Normal"/></w:pPr><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const WORDS = 'the doctor rode through snow and mud to the hospital where nobody waited for him at all'.split(
  ' ',
);

// A text wrapped at 70 characters, one DOCX paragraph per line; each paragraph starts indented.
function wrappedBook(paragraphs: number): { body: string; texts: string[] } {
  const lines: string[] = [];
  const texts: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    const words = Array.from({ length: 40 }, (_, i) => WORDS[(i + p) % WORDS.length]);
    const text = `${words.join(' ')}.`;
    texts.push(text);
    let current = '     ';
    for (const word of text.split(' ')) {
      const next = current.trim() === '' ? current + word : `${current} ${word}`;
      if (next.length > 70) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    lines.push(current);
  }
  return { body: lines.map(line).join(''), texts };
}

const texts = (book: Book) =>
  book.chapters.filter((c) => c.role === 'body').flatMap((c) => c.blocks.map((b) => b.text));

describe('wrapped lines', () => {
  it('joins the lines of a wrapped text into its paragraphs, and the writer removes the joined lines', async () => {
    const { body, texts: paragraphs } = wrappedBook(20);
    const book = await parseDocx(makeTinyDocx({ body, footnotes: '' }));
    expect(texts(book)).toEqual(paragraphs);
    const written = await writeDocx(translateAll(book, (text) => text.toUpperCase(), 'de'));
    const xml = new TextDecoder().decode(openZip(written).read(openZip(written).get('word/document.xml')!));
    expect(xml.match(/<w:p>/g)).toHaveLength(20);
    expect(texts(await parseDocx(written))).toEqual(paragraphs.map((text) => text.toUpperCase()));
  });

  it('leaves a document of real paragraphs as it is', async () => {
    const body = Array.from({ length: 60 }, (_, i) => line(`Line ${i} is short.`)).join('');
    const book = await parseDocx(makeTinyDocx({ body, footnotes: '' }));
    expect(texts(book)).toHaveLength(60);
  });
});
