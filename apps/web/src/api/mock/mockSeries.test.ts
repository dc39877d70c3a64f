import type { Passage, Series, TranslationQuote } from '@booktranslate/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockRequest } from './mockApi';
import { MOCK_SERIES_NAME } from './mockSeries';

type Created = { data: { book: { id: string }; translation: { id: string } } };
const upload = async (filename: string) =>
  ((await mockRequest('POST', '/books/', { filename, target_language: 'es' })) as Created).data;
const listSeries = async () => ((await mockRequest('GET', '/series/')) as { items: Series[] }).items;

describe('mock API: series and memory', () => {
  beforeEach(async () => {
    localStorage.clear();
    vi.useRealTimers();
    await mockRequest('POST', '/auth/login/', { email: 'sue@example.com' });
  });

  it('puts two uploads in one series, fills its glossary when a volume finishes, and edits it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await upload('keeper-one.epub');
    const second = await upload('keeper-two.epub');
    let [series] = await listSeries();
    expect(series).toMatchObject({
      name: MOCK_SERIES_NAME,
      books: [
        { book_id: first.book.id, title: 'keeper one', volume: 1 },
        { book_id: second.book.id, title: 'keeper two', volume: 2 },
      ],
      glossaries: {},
    });
    vi.setSystemTime(Date.now() + 5000);
    [series] = await listSeries();
    expect(series?.glossaries.es?.map((e) => e.source)).toEqual(['Атос', 'Vasquez-Orlova', 'New York']);

    const id = series?.id ?? '';
    const entries = [{ source: 'Атос', target: 'Atos', kind: 'character' }];
    expect(
      await mockRequest('PUT', `/series/${id}/glossary/`, { target_language: 'es', entries }),
    ).toMatchObject({ glossaries: { es: entries } });
    // The translation's glossary, kept for the series, wins.
    const kept = (await mockRequest(
      'POST',
      `/translations/${first.translation.id}/glossary/keep-for-series/`,
    )) as Series;
    expect(kept.glossaries.es?.find((e) => e.source === 'Атос')?.target).toBe('Athos');

    expect(await mockRequest('PUT', `/books/${second.book.id}/series/`, { name: '', volume: null })).toEqual({
      series: null,
    });
    expect((await listSeries())[0]?.books.map((b) => b.book_id)).toEqual([first.book.id]);
    await expect(
      mockRequest('POST', `/translations/${second.translation.id}/glossary/keep-for-series/`),
    ).rejects.toMatchObject({ code: 409 });
    expect(
      await mockRequest('PUT', `/books/${second.book.id}/series/`, { name: 'Lamps', volume: 4 }),
    ).toMatchObject({
      series: { name: 'Lamps', books: [{ book_id: second.book.id, volume: 4 }] },
    });
    expect(await mockRequest('GET', `/series/${id}/`)).toMatchObject({ name: MOCK_SERIES_NAME });
  });

  it('quotes and translates the same book again from memory, passages of its first chapter marked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const quote = () =>
      mockRequest('POST', '/translations/quote/', {
        filename: 'again.epub',
        target_language: 'es',
      }) as Promise<TranslationQuote>;
    expect(await quote()).toMatchObject({ words_from_memory: 0, memory: null });
    await upload('keeper.epub');
    vi.setSystemTime(Date.now() + 5000);
    expect(await quote()).toMatchObject({
      words_from_memory: 1850,
      memory: '1,850 of 5,000 words from your earlier translations',
    });
    const again = await upload('keeper-again.epub');
    vi.setSystemTime(Date.now() + 5000);
    expect(await mockRequest('GET', `/translations/${again.translation.id}/`)).toMatchObject({
      status: 'completed',
      words_from_memory: 1850,
    });
    const page = (chapter: number) =>
      mockRequest('GET', `/translations/${again.translation.id}/passages/`, { chapter }) as Promise<{
        passages: Passage[];
      }>;
    expect((await page(0)).passages.every((p) => p.from_memory)).toBe(true);
    expect((await page(1)).passages.some((p) => p.from_memory)).toBe(false);
  });
});
