import { makeTinyMobi } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import type { Book } from '../model';
import { readBook } from '../read-book';
import { sniffFormat } from '../sniff-format';
import { parseKindle } from './parse-kindle';

const longChapters = [
  {
    title: 'Chapter 1. The Letter',
    // About 12 KiB of text: several text records, back-references within each.
    paragraphs: Array.from(
      { length: 120 },
      (_, i) => `Paragraph ${i + 1}: Anna read the letter again, slowly.`,
    ),
  },
  { title: 'Chapter 2. The Journey', paragraphs: ['Три дня спустя Анна уехала в Париж.'] },
];

const blocks = (book: Book) => book.chapters.map((c) => c.blocks.map((b) => [b.kind, b.text, b.anchor]));

describe('parseKindle on a MOBI 6 book', () => {
  it('splits chapters at page breaks, keeps headings, paragraphs and emphasis', async () => {
    const book = await parseKindle(makeTinyMobi(), { filename: 'book.mobi' });
    expect(book.format).toBe('mobi');
    expect(book.chapters.map((c) => c.title)).toEqual(['Chapter 1. The Letter', 'Chapter 2. The Journey']);
    const [first, second] = book.chapters;
    expect(first?.blocks[0]).toMatchObject({
      id: 'c1.b1',
      kind: 'heading',
      level: 2,
      text: 'Chapter 1. The Letter',
    });
    expect(first?.blocks[2]?.text).toBe('One morning a <g1>letter</g1> arrived from <g2>Paris</g2>.');
    expect(first?.blocks[2]?.inlines.map((t) => t.kind)).toEqual(['emphasis', 'strong']);
    expect(second?.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'paragraph']);
    expect(book.toc.map((e) => [e.title, e.chapterId])).toEqual([
      ['Chapter 1. The Letter', 'c1'],
      ['Chapter 2. The Journey', 'c2'],
    ]);
  });

  it('resolves a filepos link to the chapter and block it points at', async () => {
    const book = await parseKindle(makeTinyMobi(), { filename: 'book.mobi' });
    const link = book.chapters[0]?.blocks.at(-1)?.inlines.find((t) => t.kind === 'link');
    const [chapterId, anchor] = (link?.href ?? '').split('#');
    expect(chapterId).toBe('c2');
    expect(book.chapters[1]?.blocks[0]?.anchor).toBe(anchor);
  });

  it('takes the metadata from EXTH and the cover from EXTH 201', async () => {
    const book = await parseKindle(
      makeTinyMobi({ title: 'Бесы', author: 'Фёдор Достоевский', language: 'ru', cover: true }),
    );
    expect(book.metadata).toMatchObject({
      title: 'Бесы',
      authors: ['Фёдор Достоевский'],
      language: 'ru',
      publisher: 'Tiny Press',
      date: '2020-01-01',
      identifiers: [{ scheme: 'ISBN', value: '9780000000002' }],
    });
    expect(book.cover?.mediaType).toBe('image/png');
    expect(book.resources).toContain(book.cover);
  });

  it('reads PalmDOC-compressed records as it reads uncompressed ones', async () => {
    const plain = await parseKindle(makeTinyMobi({ chapters: longChapters }));
    const packed = makeTinyMobi({ chapters: longChapters, compression: 'palmdoc' });
    expect(packed.length).toBeLessThan(makeTinyMobi({ chapters: longChapters }).length * 0.6);
    const book = await parseKindle(packed);
    expect(blocks(book)).toEqual(blocks(plain));
    expect(book.chapters[0]?.blocks).toHaveLength(122);
    // Text records were cut and their trailing entries stripped without a byte lost or left over.
    for (const [i, block] of (book.chapters[0]?.blocks.slice(1, 121) ?? []).entries())
      expect(block.text).toBe(`Paragraph ${i + 1}: Anna read the letter again, slowly.`);
    expect(book.chapters[1]?.blocks[1]?.text).toBe('Три дня спустя Анна уехала в Париж.');
  });

  it('names the format from the file name, as the sniffer does', async () => {
    const bytes = makeTinyMobi();
    expect(sniffFormat(bytes, 'book.azw3')).toBe('azw3');
    expect((await readBook(bytes, { filename: 'book.azw3' })).format).toBe('azw3');
    expect((await readBook(bytes, { filename: 'book.prc' })).format).toBe('mobi');
  });
});

describe('parseKindle refuses what it cannot read', () => {
  it('refuses a DRM-protected book with what to use instead', async () => {
    await expect(parseKindle(makeTinyMobi({ encryption: 2 }))).rejects.toMatchObject({
      code: 'drm',
      message: expect.stringMatching(/protected by DRM.*DRM-free files/),
    });
  });

  it('refuses KFX, its DRM wrapper and Topaz, even named .azw3', async () => {
    const kfx = Uint8Array.from(
      [...'CONT\x02\x00\x12\x00\x00\x00\xe0\x01\x00\xea'].map((c) => c.charCodeAt(0)),
    );
    const drmion = Uint8Array.from([...'\xeaDRMION\xee\x00\x00\x00'].map((c) => c.charCodeAt(0)));
    const topaz = Uint8Array.from([...'TPZ0\x00\x01\x02\x03'].map((c) => c.charCodeAt(0)));
    for (const [bytes, name] of [
      [kfx, 'book.kfx'],
      [drmion, 'book.azw3'],
      [topaz, 'book.azw'],
    ] as const)
      await expect(readBook(bytes, { filename: name }), name).rejects.toMatchObject({
        code: 'unsupported',
        message: expect.stringContaining('KFX/Topaz'),
      });
  });

  it('calls a file cut short corrupt at every length, without hanging', async () => {
    const bytes = makeTinyMobi({ chapters: longChapters, compression: 'palmdoc', cover: true });
    // Past the start of the last record (the end marker) only that marker would be cut.
    const view = new DataView(bytes.buffer);
    const last = view.getUint32(78 + (view.getUint16(76) - 1) * 8);
    for (let length = 0; length < last; length += 97)
      await expect(parseKindle(bytes.slice(0, length)), `cut at ${length}`).rejects.toMatchObject({
        code: 'corrupt',
      });
  });

  it('calls a lying record table or record count corrupt', async () => {
    const lie = (change: (view: DataView) => void) => {
      const bytes = makeTinyMobi({ chapters: longChapters });
      change(new DataView(bytes.buffer));
      return parseKindle(bytes);
    };
    const firstRecord = (view: DataView) => view.getUint32(78);
    await expect(lie((v) => v.setUint16(76, 60_000))).rejects.toMatchObject({ code: 'corrupt' });
    await expect(lie((v) => v.setUint32(78 + 16, v.getUint32(78 + 8) - 1))).rejects.toMatchObject({
      code: 'corrupt',
    });
    await expect(lie((v) => v.setUint32(78 + 8, 0xfffffff0))).rejects.toMatchObject({ code: 'corrupt' });
    // The PalmDOC header promises more text records than the file has.
    await expect(lie((v) => v.setUint16(firstRecord(v) + 8, 900))).rejects.toMatchObject({ code: 'corrupt' });
    // A PalmDOC record whose back-reference points before its text.
    await expect(
      lie((v) => {
        v.setUint16(firstRecord(v), 2);
        v.setUint16(v.getUint32(78 + 8), 0x80ff);
      }),
    ).rejects.toMatchObject({ code: 'corrupt' });
  });
});
