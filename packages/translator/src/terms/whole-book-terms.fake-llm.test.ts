import { startFakeLlm } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { analyzeBook } from '../analyze-book';
import { createEngine } from '../create-engine';
import { qaBook } from '../qa/qa-books';
import { collectTermCandidates } from './collect-term-candidates';

describe('whole-book terminology', () => {
  it('counts capitalised names not at a sentence start, in every chapter, and skips ordinary words', async () => {
    const book = await qaBook({ chapters: 3, paragraphs: 3, name: 'Mara', lastChapterName: 'Zebedee' });
    const terms = collectTermCandidates(book);
    expect(terms.find((t) => t.term === 'Mara')).toMatchObject({
      count: 9,
      firstChapter: book.chapters[0]?.id,
    });
    const zebedee = terms.find((t) => t.term === 'Zebedee');
    expect(zebedee).toMatchObject({ count: 2, firstChapter: book.chapters.at(-1)?.id });
    expect(zebedee?.context).toMatch(/stranger called Zebedee/);
    expect(terms.map((t) => t.term)).not.toContain('Later');
    expect(terms.map((t) => t.term)).not.toContain('The');
  });

  it('counts possessives as the name', async () => {
    const text = 'Later Holmes’s pipe went out. Then Holmes’ hat fell, and Holmes laughed.';
    const { readBook } = await import('@booktranslate/ebook');
    const book = await readBook(new TextEncoder().encode(text), { filename: 'h.txt' });
    expect(collectTermCandidates(book)).toEqual([expect.objectContaining({ term: 'Holmes', count: 3 })]);
  });

  it('a name first seen in the last chapter, far past the sample, gets a glossary entry with its count; the user wins', async () => {
    const book = await qaBook({ chapters: 12, paragraphs: 8, lastChapterName: 'Zebedee' });
    const llm = await startFakeLlm({ latencyMs: 0 });
    try {
      const engine = createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'k', model: 'fake' });
      const plain = await analyzeBook(book, { engine, to: 'es', from: 'en', sampleChars: 2000 });
      expect(plain.brief?.glossary.find((e) => e.source === 'Zebedee')).toMatchObject({
        target: 'eedebeZ',
        count: 2,
      });
      const requests = llm.stats().requests;
      expect(requests).toBe(2); // the sample's brief and one batch of terms, sent together
      const edited = await analyzeBook(book, {
        engine,
        to: 'es',
        from: 'en',
        sampleChars: 2000,
        userGlossary: [{ source: 'Zebedee', target: 'Zebedeo', kind: 'character' }],
      });
      const entries = edited.brief?.glossary.filter((e) => e.source === 'Zebedee');
      expect(entries).toEqual([{ source: 'Zebedee', target: 'Zebedeo', kind: 'character', count: 2 }]);
      const without = await analyzeBook(book, {
        engine,
        to: 'es',
        from: 'en',
        sampleChars: 2000,
        wholeBookTerms: false,
      });
      expect(without.brief?.glossary.find((e) => e.source === 'Zebedee')).toBeUndefined();
    } finally {
      await llm.close();
    }
  });

  it('renders a Russian name once, with its case forms and their total count, and no common word', async () => {
    const text = [
      'Атос встал. Д’Артаньян смотрел на Атоса.',
      '— Нет, — сказал Атос. — Да, я пойду с Атосом.',
      '— Ну что ж, — ответил Портос, — итак, мы идём к Атосу. Ну, Портос, Итак.',
    ].join('\n\n');
    const { readBook } = await import('@booktranslate/ebook');
    const book = await readBook(new TextEncoder().encode(text), { filename: 'r.txt' });
    const llm = await startFakeLlm({ latencyMs: 0 });
    try {
      const engine = createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'k', model: 'fake' });
      const { brief } = await analyzeBook(book, { engine, to: 'en', from: 'ru', sampleChars: 2000 });
      const athos = brief?.glossary.filter((e) => e.source.startsWith('Атос'));
      expect(athos).toEqual([
        expect.objectContaining({
          source: 'Атос',
          count: 5,
          forms: expect.arrayContaining(['Атоса', 'Атосом', 'Атосу']),
        }),
      ]);
      const sources = brief?.glossary.map((e) => e.source);
      for (const word of ['Нет', 'Да', 'Ну', 'Итак']) expect(sources).not.toContain(word);
    } finally {
      await llm.close();
    }
  });
});
