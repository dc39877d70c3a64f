import { makeTinyEpub, makeTinyMarkdown } from '@booktranslate/testkit';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { applyTranslation } from '../apply-translation';
import type { Book } from '../model';
import { plainText } from '../placeholders';
import { readBook } from '../read-book';
import { changeTexts, translateAll } from '../testing/translate-all';
import { writeBook } from '../write-book';
import { parseMarkdown } from './parse-markdown';
import { writeMarkdown } from './write-markdown';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const blocksOf = (book: Book) => book.chapters.flatMap((chapter) => chapter.blocks);
const tiny = () => parseMarkdown(makeTinyMarkdown(), { filename: 'tiny.md' });
// Every word changed, with characters Markdown would read as markup.
const mark = (text: string) => text.replace(/\p{L}+/gu, (word) => `${word.toUpperCase()}*[_]`);
const CODE_BLOCK = '```python\ndef greet(name):\n    return f"Hello, {name}! *not emphasis*"\n```';

describe('writeMarkdown', () => {
  it('writes an untranslated book back byte for byte', async () => {
    expect(await writeMarkdown(await tiny())).toEqual(makeTinyMarkdown());
  });

  it('round-trips a translation: every block translated, code and link targets untouched', async () => {
    const translated = translateAll(await tiny(), mark, 'de');
    const written = decode(await writeMarkdown(translated));
    expect(written).toContain(CODE_BLOCK);
    expect(written).toContain('`make letter --all`');
    expect(written).toContain('](https://example.org/paris "Paris")');
    // The heading's GitHub anchor follows its translated words, and so does the link to it.
    expect(written).toContain('](#chapter_-2-the_-journey_)');
    expect(written).toMatch(/^---\ntitle: A Tiny Book\nauthor: Test Author\nlang: "de"\n---\n/);
    const again = await parseMarkdown(new TextEncoder().encode(written));
    const texts = (book: Book) => blocksOf(book).map((b) => [b.id, b.kind, b.text]);
    expect(texts(again)).toEqual(texts(translated));
    for (const block of blocksOf(again))
      if (block.kind !== 'preformatted') expect(plainText(block.text)).toMatch(/\*\[_\]/);
    const hrefs = (book: Book) =>
      blocksOf(book).flatMap((b) => b.inlines.map((t) => (t.href ?? '').replace(/^(c\d+)#.*/, '$1')));
    expect(hrefs(again)).toEqual(hrefs(translated));
  });

  it('escapes translated text that would read as Markdown', async () => {
    const book = await parseMarkdown(new TextEncoder().encode('Plain words here.\n\nMore plain words.\n'));
    const tricky = [
      '# not a heading *but* [text] `tick` <b>x</b> &amp; _u_ ~s~ \\',
      '1. not a list | - nor - this',
    ];
    const translated = applyTranslation(
      book,
      new Map(blocksOf(book).map((b, i) => [b.id, tricky[i] as string])),
      { targetLanguage: 'de' },
    );
    const again = await parseMarkdown(await writeMarkdown(translated));
    expect(blocksOf(again).map((b) => [b.kind, b.text])).toEqual(tricky.map((t) => ['paragraph', t]));
  });

  it('bilingual: each paragraph then its original, list items and headings keep their count', async () => {
    const book = await tiny();
    const translated = translateAll(book, mark, 'de');
    const written = decode(
      await writeMarkdown(translated, { layout: 'bilingual', notice: 'Partly translated.' }),
    );
    expect(written).toContain('lang: "de"\n---\n\nPartly translated.\n\n');
    const again = await parseMarkdown(new TextEncoder().encode(written));
    const count = (b: Book, kind: string) => blocksOf(b).filter((x) => x.kind === kind).length;
    expect(count(again, 'heading')).toBe(count(book, 'heading'));
    expect(count(again, 'list-item')).toBe(count(book, 'list-item'));
    expect(count(again, 'paragraph')).toBe(2 * count(book, 'paragraph') + count(book, 'heading') + 1);
    const item = blocksOf(again).find((b) => b.kind === 'list-item');
    expect(plainText(item?.text ?? '')).toBe('BREAD*[_] AND*[_] SALT*[_]Bread and salt');
    expect(written).toContain('> “READ\\*\\[\\_\\]');
    expect(written).toContain('>\n> “Read it to me,” said Ivan,  \n> and Anna opened it slowly.');
    expect(written.indexOf('Anna Petrovna lived')).toBeGreaterThan(written.indexOf('ANNA\\*'));
    const reverse = decode(await writeMarkdown(translated, { layout: 'bilingual-reverse' }));
    expect(reverse.indexOf('Anna Petrovna lived')).toBeLessThan(reverse.indexOf('ANNA\\*'));
    expect(reverse).toContain('## Chapter 1. The Letter\n\nCHAPTER\\*');
  });

  it('writes a translated title into the front matter and refuses a book of another format', async () => {
    const book = await tiny();
    const translated = applyTranslation(book, changeTexts(book, mark), {
      targetLanguage: 'fr',
      title: 'Un "petit" livre',
    });
    expect(decode(await writeMarkdown(translated))).toContain('title: "Un \\"petit\\" livre"\n');
    const epub = await readBook(makeTinyEpub());
    await expect(writeMarkdown(epub)).rejects.toMatchObject({ code: 'wrong-format' });
  });

  it('a Markdown book written as FB2 and TXT shows its code untranslated', async () => {
    const translated = translateAll(await tiny(), mark, 'de');
    for (const format of ['fb2', 'txt'] as const) {
      const text = decode(await writeBook(translated, format));
      expect(text, format).toContain('make letter --all');
      expect(text, format).toContain('def greet(name):');
      expect(text, format).toContain('MOSCOW*[_]');
    }
  });

  // A standalone code placeholder's `alt` (the code) is written inside its <code>, as FB2 and TXT show it.
  it('a Markdown book written as EPUB shows its code untranslated', async () => {
    const translated = translateAll(await tiny(), mark, 'de');
    const epub = unzipSync(await writeBook(translated, 'epub'));
    const xhtml = Object.entries(epub)
      .filter(([name]) => name.endsWith('.xhtml'))
      .map(([, data]) => strFromU8(data))
      .join('\n');
    expect(xhtml).toContain('MOSCOW*[_]');
    expect(xhtml).toContain('make letter --all');
    expect(xhtml).toContain('def greet(name):');
  });
});
