import { describe, expect, it } from 'vitest';
import type { Book } from './model';
import { parseFb2 } from './parse-fb2';
import { SAMPLE_PNG as PNG, sampleFb2 } from './sample-fb2';
import { encodeLegacy, encodeUtf16 } from './test-encode';
import { writeZip } from './write-zip';

const blocks = (book: Book) => book.chapters.flatMap((c) => c.blocks);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('parseFb2', () => {
  it('reads description, sections, epigraphs, poems, cites, tables, notes and binaries', async () => {
    const book = await parseFb2(utf8(sampleFb2()));
    expect(book.metadata).toMatchObject({
      title: 'Проба',
      authors: ['Лев Толстой'],
      language: 'ru',
      description: 'Короткая книга.',
    });
    expect(book.cover).toMatchObject({ href: 'cover.png', mediaType: 'image/png' });
    expect(book.cover?.data).toEqual(PNG);
    expect(book.chapters.map((c) => [c.role, c.title])).toEqual([
      ['body', undefined],
      ['body', 'Глава первая'],
      ['notes', 'Примечания'],
    ]);
    const kinds = blocks(book).map((b) => `${b.kind}${b.level ?? ''}:${b.text}`);
    expect(kinds).toEqual([
      'heading1:Проба',
      'heading1:Глава первая',
      'epigraph:Всё смешалось.',
      'epigraph:Автор',
      'paragraph:Первый <g1>абзац</g1> со сноской<g2>1</g2>.',
      'poem-line:Стих',
      'poem-line:Строка один',
      'poem-line:Строка два',
      'poem-line:Строка три',
      'blockquote:Цитата.',
      'blockquote:Кто-то',
      'heading6:Подзаголовок',
      'table-cell:Имя',
      'table-cell:Год',
      'table-cell:Анна',
      'table-cell:1877',
      'paragraph:<x1/>',
      'heading2:Часть 1.1',
      'paragraph:Вложенный <g1>текст</g1> и <g2>ссылка</g2>.',
      'note:Текст сноски.',
    ]);
    const noteref = blocks(book)[4]?.inlines.find((t) => t.kind === 'noteref');
    expect(noteref).toMatchObject({ href: 'c3#n1', tag: 'a' });
    expect(blocks(book).at(-1)).toMatchObject({ noteId: 'n1', anchor: 'n1' });
    expect(blocks(book)[18]?.inlines[1]).toMatchObject({ kind: 'link', href: 'c2#ch1' });
    expect(book.toc).toEqual([
      {
        title: 'Глава первая',
        chapterId: 'c2',
        anchor: 'ch1',
        children: [{ title: 'Часть 1.1', chapterId: 'c2', anchor: expect.any(String), children: [] }],
      },
    ]);
  });

  it.each(['windows-1251', 'koi8-r'])('honours encoding="%s" in the XML declaration', async (encoding) => {
    const xml = sampleFb2(`<?xml version="1.0" encoding="${encoding.toUpperCase()}"?>`).replace(
      /<binary[\s\S]*<\/binary>/,
      '',
    );
    const book = await parseFb2(encodeLegacy(xml, encoding));
    expect(book.encoding).toBe(encoding);
    expect(book.metadata.title).toBe('Проба');
  });

  it('reads UTF-16 with a byte-order mark and detects an undeclared legacy encoding', async () => {
    const utf16 = await parseFb2(encodeUtf16(sampleFb2('<?xml version="1.0" encoding="UTF-16"?>'), 'le'));
    expect(utf16).toMatchObject({ encoding: 'utf-16le', metadata: { title: 'Проба' } });
    const undeclared = sampleFb2('<?xml version="1.0"?>').replace(/<binary[\s\S]*<\/binary>/, '');
    const cp1251 = await parseFb2(encodeLegacy(undeclared, 'windows-1251'));
    expect(cp1251.encoding).toBe('windows-1251');
    expect(blocks(cp1251)[1]?.text).toBe('Глава первая');
  });

  it('accepts a .fb2.zip holding one book and refuses one holding two', async () => {
    const fb2 = utf8(sampleFb2());
    const zipped = await parseFb2(writeZip([{ name: 'book.fb2', data: fb2 }]), { filename: 'book.fb2.zip' });
    expect(zipped.metadata.title).toBe('Проба');
    const two = writeZip([
      { name: 'a.fb2', data: fb2 },
      { name: 'b.fb2', data: fb2 },
    ]);
    await expect(parseFb2(two)).rejects.toMatchObject({ code: 'wrong-format' });
  });

  it('refuses DOCTYPE entity declarations unexpanded and keeps undeclared entities as text', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><FictionBook><body><section><p>&lol2;</p></section></body></FictionBook>';
    await expect(parseFb2(utf8(bomb))).rejects.toMatchObject({ code: 'doctype' });
    const xxe =
      '<!DOCTYPE FictionBook [<!ENTITY x SYSTEM "file:///etc/passwd">]><FictionBook><body><section><p>&x;</p></section></body></FictionBook>';
    await expect(parseFb2(utf8(xxe))).rejects.toMatchObject({ code: 'doctype' });
    const undeclared =
      '<FictionBook><body><section><p>Version &Version; here</p></section></body></FictionBook>';
    expect(blocks(await parseFb2(utf8(undeclared)))[0]?.text).toBe('Version &Version; here');
  });

  it('recovers crossed inline tags and refuses XML whose skeleton is lost', async () => {
    const crossed =
      '<FictionBook><body><section><p><strong>a <emphasis>b</strong> c</emphasis></p><p>next</p></section></body></FictionBook>';
    expect(blocks(await parseFb2(utf8(crossed))).map((b) => b.text)).toEqual([
      '<g1>a <g2>b</g2></g1> c',
      'next',
    ]);
    const truncated = '<FictionBook><description><title-info><book-title>T</book-title></title-info>';
    await expect(parseFb2(utf8(truncated))).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('refuses empty books and other XML with typed errors', async () => {
    const empty = '<FictionBook><body><section><p> </p><empty-line/></section></body></FictionBook>';
    await expect(parseFb2(utf8(empty))).rejects.toMatchObject({ code: 'no-text' });
    await expect(parseFb2(utf8('<html><body/></html>'))).rejects.toMatchObject({ code: 'wrong-format' });
  });
});
