import { startFakeLlm } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { analyzeBook } from '../analyze-book';
import { createEngine } from '../create-engine';
import { qaBook } from '../qa/qa-books';
import { collectTermCandidates } from './collect-term-candidates';
import { MIN_TERMS_PER_REQUEST, termsPerRequest } from './render-terms';

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
      expect(requests).toBe(3); // the sample’s brief, one batch of terms, sent together, and the summary
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

  it('sends the brief before the term requests, says when they are out, and spreads the terms over free slots', async () => {
    // 64 names, each written twice after a word of its sentence: 64 candidates.
    const syllables = ['Ka', 'Lo', 'Mi', 'Ra', 'Su', 'Te', 'Vo', 'Ne'];
    const names = syllables.flatMap((a) => syllables.map((b) => `${a}${b.toLowerCase()}x`));
    const text = names
      .map((name) => `Later we saw ${name} by the river, and then ${name} left.`)
      .join('\n\n');
    const { readBook } = await import('@booktranslate/ebook');
    const book = await readBook(new TextEncoder().encode(text), { filename: 'names.txt' });
    expect(collectTermCandidates(book, { language: 'en' })).toHaveLength(64);
    const llm = await startFakeLlm({ latencyMs: 1000 });
    try {
      const engine = createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'k', model: 'fake' });
      const arrived: string[] = [];
      llm.onRequest((messages) => arrived.push(String(messages.at(-1)?.content).split('\n')[0] ?? ''));
      let sentAt: number | undefined;
      const started = performance.now();
      const spread = await analyzeBook(book, {
        engine,
        to: 'es',
        from: 'en',
        termRequests: 30,
        onSent: () => {
          sentAt = performance.now() - started;
        },
      });
      // Said once the requests had their time to go out, well before the replies (1 s of latency).
      expect(sentAt).toBeGreaterThan(0);
      expect(sentAt).toBeLessThan(performance.now() - started - 500);
      expect(arrived[0]).toBe('SAMPLE:');
      // 64 terms over 30 free slots: batches of 15, not 30.
      expect(arrived.filter((line) => line === 'TERMS:')).toHaveLength(5);
      arrived.length = 0;
      const plain = await analyzeBook(book, { engine, to: 'es', from: 'en' });
      expect(arrived.filter((line) => line === 'TERMS:')).toHaveLength(3);
      // The same glossary however the terms were cut.
      expect(spread.brief?.glossary).toEqual(plain.brief?.glossary);
      expect(spread.brief?.glossary.filter((e) => names.includes(e.source))).toHaveLength(64);
    } finally {
      await llm.close();
    }
  });

  it('cuts the terms into as many requests as slots are free, each of 15 to 30 terms', () => {
    expect(termsPerRequest(280)).toBe(30);
    expect(termsPerRequest(280, 0)).toBe(30);
    expect(termsPerRequest(280, 28)).toBe(MIN_TERMS_PER_REQUEST);
    expect(termsPerRequest(280, 12)).toBe(24);
    expect(termsPerRequest(400, 2)).toBe(30);
    expect(termsPerRequest(10, 30)).toBe(MIN_TERMS_PER_REQUEST);
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
