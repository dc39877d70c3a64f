import type { Book } from '@booktranslate/ebook';
import { describe, expect, it } from 'vitest';
import { createDemoEngine } from './engines/demo-engine';
import { translateBook } from './translate-book';

const RUSSIAN =
  'Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему. Всё смешалось в доме Облонских. Жена узнала, что муж был в связи с бывшею в их доме француженкою-гувернанткой, и объявила мужу, что не может жить с ним в одном доме.';

const book: Book = {
  format: 'epub',
  metadata: { title: 'T', authors: [], language: 'en', identifiers: [] },
  chapters: [
    {
      id: 'c1',
      blocks: Array.from({ length: 40 }, (_, i) => ({
        id: `c1.b${i + 1}`,
        kind: 'paragraph' as const,
        text: RUSSIAN,
        inlines: [],
      })),
    },
  ],
  toc: [],
  resources: [],
};

describe('the source language against the pairs an engine serves', () => {
  it('keeps the declared language when the engine has no pair from the detected one', async () => {
    // An engine like Apertium with only English to Spanish installed.
    const engine = {
      ...createDemoEngine(),
      serves: async (from: string, to: string) => from === 'en' && to === 'es',
    };
    const { report } = await translateBook(book, { engine, to: 'es', analyze: false });
    expect(report.from).toBe('en');
    expect(report.fromReason).toMatch(/no engine pair from ru/);
  });

  it('takes the detected language when the engine serves it', async () => {
    const engine = { ...createDemoEngine(), serves: async () => true };
    const { report } = await translateBook(book, { engine, to: 'es', analyze: false });
    expect(report.from).toBe('ru');
  });
});
