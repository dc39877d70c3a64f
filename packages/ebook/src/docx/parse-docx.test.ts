import { makeTinyDocx } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import type { Block, Book } from '../model';
import { parseDocx } from './parse-docx';

const allBlocks = (book: Book): Block[] => book.chapters.flatMap((chapter) => chapter.blocks);
const find = (book: Book, words: string) => {
  const block = allBlocks(book).find((b) => b.text.includes(words));
  if (!block) throw new Error(`no block with "${words}"`);
  return block;
};
const para = (runs: string, pPr = '') => `<w:p>${pPr && `<w:pPr>${pPr}</w:pPr>`}${runs}</w:p>`;
const run = (text: string, rPr = '') =>
  `<w:r>${rPr && `<w:rPr>${rPr}</w:rPr>`}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const styled = (style: string, text: string) => para(run(text), `<w:pStyle w:val="${style}"/>`);

describe('parseDocx', () => {
  it('reads the tiny book: metadata, chapters at Heading 1, a nested TOC, lists, a table, an image', async () => {
    const book = await parseDocx(makeTinyDocx(), { filename: 'tiny.docx' });
    expect(book.format).toBe('docx');
    expect(book.metadata).toMatchObject({ title: 'A Tiny Book', authors: ['Test Author'], language: 'en' });
    const body = book.chapters.filter((c) => c.role === 'body');
    expect(body.map((c) => c.title)).toEqual(['Chapter 1. The Letter', 'Chapter 2. The Journey']);
    expect(body[0]?.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'heading',
      'paragraph',
      'paragraph',
      'heading',
      'paragraph',
      'list-item',
      'list-item',
      'table-cell',
      'table-cell',
      'table-cell',
      'table-cell',
    ]);
    expect(book.toc.map((e) => e.title)).toEqual(['Chapter 1. The Letter', 'Chapter 2. The Journey']);
    expect(book.toc[0]?.children.map((e) => e.title)).toEqual(['The Reply']);
    expect(find(book, 'The Reply')).toMatchObject({ kind: 'heading', level: 2 });
    const cells = allBlocks(book).filter((b) => b.kind === 'table-cell');
    expect(cells.map((b) => [b.text, (b as { layout?: { row?: number } }).layout?.row])).toEqual([
      ['Moscow', 0],
      ['Paris', 0],
      ['Three days', 1],
      ['By train', 1],
    ]);
    const image = allBlocks(book).find((b) => b.inlines.some((tag) => tag.kind === 'image'));
    expect(image?.inlines[0]).toMatchObject({
      kind: 'image',
      href: 'word/media/dot.png',
      attrs: { alt: 'A dot' },
    });
    expect(book.resources.map((r) => [r.href, r.mediaType, r.data.length > 0])).toEqual([
      ['word/media/dot.png', 'image/png', true],
    ]);
  });

  it('reads bold and italic runs as inlines, and a link to its URL', async () => {
    const book = await parseDocx(makeTinyDocx());
    const letter = find(book, 'One morning');
    expect(letter.text).toBe('One morning a <g1>letter</g1> arrived from <g2>Paris</g2>.');
    expect(letter.inlines.map((tag) => tag.kind)).toEqual(['emphasis', 'strong']);
    const reply = find(book, 'She wrote back');
    const link = reply.inlines.find((tag) => tag.kind === 'link');
    expect(link?.href).toBe('https://example.com/post?a=1&b=2');
    // The hyperlink style underlines its runs: an underline inside the link.
    expect(reply.text).toMatch(/as the <g\d+><g\d+>post office<\/g\d+><\/g\d+> advised\.$/);
  });

  it('reads footnotes and endnotes as notes that their references point at', async () => {
    const endnote = `<w:endnote w:id="7"><w:p><w:r><w:endnoteRef/></w:r>${run(' An endnote with ')}${run('weight', '<w:b/>')}</w:p><w:p>${run('Its second paragraph.')}</w:p></w:endnote>`;
    const body = `${styled('Heading1', 'One')}${para(`${run('Text')}<w:r><w:footnoteReference w:id="1"/></w:r>${run(' more')}<w:r><w:endnoteReference w:id="7"/></w:r>`)}`;
    const book = await parseDocx(makeTinyDocx({ body, endnotes: endnote }));
    const text = find(book, 'Text');
    expect(text.text).toBe('Text<g1>1</g1> more<g2>1</g2>');
    const notes = book.chapters.filter((c) => c.role === 'notes');
    expect(notes).toHaveLength(2);
    for (const tag of text.inlines) {
      expect(tag.kind).toBe('noteref');
      const [chapterId, anchor] = (tag.href ?? '').split('#');
      const note = book.chapters.find((c) => c.id === chapterId)?.blocks.find((b) => b.anchor === anchor);
      expect(note?.kind).toBe('note');
      expect(note?.noteId).toBe(anchor);
    }
    expect(find(book, 'night train').text).toBe('The letter went by the night train.');
    expect(find(book, 'An endnote').text).toBe('An endnote with <g1>weight</g1>');
    expect(find(book, 'second paragraph')).toMatchObject({ kind: 'note' });
    expect(find(book, 'second paragraph').noteId).toBeUndefined();
  });

  it('finds headings through basedOn, outline levels and style names, and splits at the top level used', async () => {
    const styles = `<w:style w:type="paragraph" w:styleId="ChapterTitle"><w:name w:val="Chapter Title"/><w:basedOn w:val="Heading1"/></w:style>
<w:style w:type="paragraph" w:styleId="Scene"><w:name w:val="Scene"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Loop1"><w:name w:val="Loop1"/><w:basedOn w:val="Loop2"/></w:style>
<w:style w:type="paragraph" w:styleId="Loop2"><w:name w:val="Loop2"/><w:basedOn w:val="Loop1"/></w:style>`;
    const body = [
      styled('ChapterTitle', 'First'),
      styled('Scene', 'A scene'),
      styled('Loop1', 'Plain words in a style that loops.'),
      styled('ChapterTitle', 'Second'),
      styled('Normal', 'More words.'),
      styled('ChapterTitle', 'Third'),
      styled('Normal', 'Last words.'),
    ].join('');
    const book = await parseDocx(makeTinyDocx({ body, styles }));
    const chapters = book.chapters.filter((c) => c.role === 'body');
    expect(chapters.map((c) => c.title)).toEqual(['First', 'Second', 'Third']);
    expect(find(book, 'A scene')).toMatchObject({ kind: 'heading', level: 3 });
    expect(find(book, 'loops')).toMatchObject({ kind: 'paragraph' });
    expect(book.toc[0]?.children.map((e) => e.title)).toEqual(['A scene']);
  });

  it('leaves out deleted text and field instructions, keeps insertions, content controls, tabs and breaks', async () => {
    const body = para(
      [
        run('Kept'),
        `<w:del w:id="1" w:author="x"><w:r><w:delText>GONE</w:delText></w:r></w:del>`,
        `<w:ins w:id="2" w:author="x">${run(' inserted')}</w:ins>`,
        `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE \\* MERGEFORMAT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run(' 12')}<w:r><w:fldChar w:fldCharType="end"/></w:r>`,
        `<w:sdt><w:sdtPr/><w:sdtContent>${run(' inside')}</w:sdtContent></w:sdt>`,
        `<w:r><w:tab/><w:t>tabbed</w:t><w:br/><w:t>next line</w:t></w:r>`,
      ].join(''),
    );
    const book = await parseDocx(
      makeTinyDocx({
        body: `${body}<w:sdt><w:sdtContent>${para(run('Block control.'))}</w:sdtContent></w:sdt>`,
      }),
    );
    const block = find(book, 'Kept');
    expect(block.text).toBe('Kept inserted 12 inside tabbed<x1/>next line');
    expect(block.inlines[0]).toMatchObject({ kind: 'linebreak', empty: true });
    expect(find(book, 'Block control.').kind).toBe('paragraph');
  });

  it('links to a bookmark in another chapter as chapterId#bookmark', async () => {
    const body = [
      styled('Heading1', 'One'),
      para(`<w:hyperlink w:anchor="target">${run('see two')}</w:hyperlink>`),
      styled('Heading1', 'Two'),
      `<w:bookmarkStart w:id="5" w:name="target"/>`,
      para(run('The target.')),
      `<w:bookmarkEnd w:id="5"/>`,
      styled('Heading1', 'Three'),
      para(run('End.')),
    ].join('');
    const book = await parseDocx(makeTinyDocx({ body }));
    const target = find(book, 'The target.');
    const chapter = book.chapters.find((c) => c.blocks.includes(target));
    expect(find(book, 'see two').inlines[0]?.href).toBe(`${chapter?.id}#target`);
    expect(target.anchor).toBe('target');
  });

  it('gives the same block ids on every read', async () => {
    const bytes = makeTinyDocx();
    const ids = async () => allBlocks(await parseDocx(bytes)).map((b) => `${b.id}:${b.text}`);
    expect(await ids()).toEqual(await ids());
  });

  it('falls back to the default run language of styles.xml', async () => {
    const book = await parseDocx(makeTinyDocx({ language: null }));
    expect(book.metadata.language).toBe('en-US');
  });
});
