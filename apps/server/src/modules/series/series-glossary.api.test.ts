import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness, type TestUser } from '../../testing/pipeline-test-kit';

/** A volume of "The Mill Stories" (FB2 <sequence>) in which Mara and Tobin walk to the mill. */
function volume(number: number, title: string, line: string): Uint8Array {
  return new TextEncoder().encode(`<?xml version="1.0" encoding="utf-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"><description><title-info>
<genre>prose</genre><author><first-name>Test</first-name><last-name>Author</last-name></author>
<book-title>${title}</book-title><lang>en</lang><sequence name="The Mill Stories" number="${number}"/></title-info>
<document-info><id>mill-${number}</id></document-info></description>
<body><section><title><p>${title}</p></title>
<p>In the morning Mara walked to the mill with Tobin and ${line}.</p>
<p>Later that day Mara saw Tobin again by the river near the mill.</p>
<p>The wheel turned and Mara laughed while Tobin carried the flour home.</p>
</section></body></FictionBook>`);
}

describe('series: volume 2 starts from the glossary of volume 1', () => {
  let h: PipelineHarness;
  let owner: TestUser;

  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
    owner = await h.newUser({ READER: 2 });
  }, 60_000);
  afterAll(() => h?.close());

  it('suggests the series from the books, keeps a chosen name for it and uses it in the next volume', async () => {
    const first = await owner.upload('mill-1.fb2', volume(1, 'The First Mill', 'the dog'));
    expect(first.statusCode, first.body).toBe(201);
    const firstId: string = first.json().data.translation.id;
    expect((await h.followStatuses(owner, firstId)).at(-1)).toBe('completed');

    // Suggested from the FB2 <sequence>; the finished volume's glossary filled the series'.
    const listed = (await owner.client.get('/series/')).json().items;
    expect(listed).toHaveLength(1);
    const series = listed[0];
    expect(series).toMatchObject({
      name: 'The Mill Stories',
      books: [{ title: 'The First Mill', volume: 1 }],
    });
    expect(series.glossaries.es.map((e: { source: string }) => e.source)).toContain('Mara');

    // The user settles Mara's name for the whole series.
    const glossary = series.glossaries.es.map((e: { source: string; target: string }) =>
      e.source === 'Mara' ? { ...e, target: 'Marianne' } : e,
    );
    const put = await owner.client.request('PUT', `/series/${series.id}/glossary/`, {
      body: { target_language: 'es', entries: glossary },
    });
    expect(put.statusCode, put.body).toBe(200);

    const before = h.llm.received().length;
    const second = await owner.upload('mill-2.fb2', volume(2, 'The Second Mill', 'the cat'));
    expect(second.statusCode, second.body).toBe(201);
    const secondId: string = second.json().data.translation.id;
    expect((await h.followStatuses(owner, secondId)).at(-1)).toBe('completed');

    const brief = (await owner.client.get(`/translations/${secondId}/brief/`)).json();
    expect(brief.brief.glossary.find((e: { source: string }) => e.source === 'Mara')?.target).toBe(
      'Marianne',
    );
    // The passages with Mara went to the model with the series' rendering.
    const asked = h.llm
      .received()
      .slice(before)
      .map((m) => String(m.at(-1)?.content ?? '') + String(m[0]?.content ?? ''))
      .filter((c) => c.includes('BLOCKS:') && c.includes('Mara'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((c) => c.includes('Marianne'))).toBe(true);

    const after = (await owner.client.get('/series/')).json().items[0];
    expect(after.books.map((b: { volume: number }) => b.volume)).toEqual([1, 2]);
  }, 120_000);

  it('lets the user rename a book’s series or take the book out, and hides another user’s series', async () => {
    const books = (await owner.client.get('/books/?page=1&limit=10')).json();
    const list = books.items ?? books.books ?? books.results;
    const book = list.find((b: { title: string }) => b.title === 'The Second Mill');
    const moved = await owner.client.request('PUT', `/books/${book.id}/series/`, {
      body: { name: 'Mill Tales', volume: 2 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().series).toMatchObject({ name: 'Mill Tales', books: [{ volume: 2 }] });
    const out = await owner.client.request('PUT', `/books/${book.id}/series/`, { body: { name: '' } });
    expect(out.json().series).toBeNull();
    expect((await owner.client.get('/series/')).json().items.map((s: { name: string }) => s.name)).toEqual([
      'The Mill Stories',
    ]);

    const stranger = await h.newUser();
    const id = (await owner.client.get('/series/')).json().items[0].id;
    expect((await stranger.client.get(`/series/${id}/`)).statusCode).toBe(404);
    expect((await stranger.client.get('/series/')).json().items).toEqual([]);
    const taken = await stranger.client.request('PUT', `/books/${book.id}/series/`, {
      body: { name: 'Mine' },
    });
    expect(taken.statusCode).toBe(404);
  }, 60_000);
});
