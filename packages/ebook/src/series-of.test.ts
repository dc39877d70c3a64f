import { describe, expect, it } from 'vitest';
import { readBook } from './read-book';

const fb2 = (sequence: string) =>
  new TextEncoder().encode(`<?xml version="1.0" encoding="utf-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"><description><title-info>
<book-title>Volume Two</book-title><lang>en</lang>${sequence}</title-info></description>
<body><section><p>Ann met Bob.</p></section></body></FictionBook>`);

describe('the series a book declares', () => {
  it('reads an FB2 <sequence> with its number', async () => {
    const book = await readBook(fb2('<sequence name="The  Mill Stories" number="2"/>'), {
      filename: 'b.fb2',
    });
    expect(book.metadata.series).toEqual({ name: 'The Mill Stories', index: 2 });
  });

  it('leaves it out when the book declares none, or a nameless one', async () => {
    expect((await readBook(fb2(''), { filename: 'b.fb2' })).metadata.series).toBeUndefined();
    expect(
      (await readBook(fb2('<sequence number="3"/>'), { filename: 'b.fb2' })).metadata.series,
    ).toBeUndefined();
  });
});
