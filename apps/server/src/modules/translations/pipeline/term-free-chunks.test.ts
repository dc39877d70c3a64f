import { readBook } from '@booktranslate/ebook';
import { describe, expect, it } from 'vitest';
import type { PlannedChunk } from '../translation-memory.repository';
import { termFreeChunks } from './term-free-chunks';

const chunk = (seq: number, ...texts: string[]): PlannedChunk => ({
  seq,
  chapter: null,
  previous: null,
  words: texts.join(' ').split(' ').length,
  blocks: texts.map((text, i) => ({
    id: `c${seq}.b${i}`,
    blockId: `c${seq}.b${i}`,
    chapterId: `c${seq}`,
    text,
    tokens: 10,
    words: 5,
    hash: 'h',
  })),
});

describe('termFreeChunks', () => {
  it('keeps only chunks where no whole-book term occurs, largest first', async () => {
    const text = [
      'The river ran high, and later Mara walked to the mill.',
      'The bells rang, and then Mara came home across the fields.',
      'Nobody could remember a spring as cold as this one.',
      'Smoke rose from every chimney and hung low over the roofs all day long.',
    ].join('\n\n');
    const book = await readBook(new TextEncoder().encode(text), { filename: 'b.txt' });
    const chunks = [
      chunk(0, 'The river ran high, and later Mara walked to the mill.'),
      chunk(1, 'Nobody could remember a spring as cold as this one.'),
      chunk(2, 'Smoke rose from every chimney and hung low over the roofs all day long.'),
      chunk(3, 'The bells rang, and then Mara came home across the fields.'),
    ];
    expect(termFreeChunks(chunks, book).map((c) => c.seq)).toEqual([2, 1]);
  });
});
