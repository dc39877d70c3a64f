import type { Book } from '@booktranslate/ebook';
import { reverseWords } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import type { Engine } from './engine';
import { TranslatorError } from './errors';
import { planChunks } from './plan-chunks';
import { withFakeLlm } from './testing/with-fake-llm';
import { translateChunk } from './translate-chunk';
import { InMemoryTranslationMemory } from './translation-memory';

const sentence = 'Alice walked along the river bank and thought about the long afternoon. ';
const book: Book = {
  format: 'txt',
  metadata: { title: 'T', authors: [], language: 'en', identifiers: [] },
  chapters: [
    {
      id: 'c1',
      blocks: [1, 2, 3, 4].map((n) => ({
        id: `c1.b${n}`,
        kind: 'paragraph' as const,
        text: sentence.repeat(4).trim(),
        inlines: [],
      })),
    },
  ],
  toc: [],
  resources: [],
};
const fast = { retries: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1000 };

describe('translateChunk fallbacks against the fake model', () => {
  it('splits a chunk the model cannot take in one request', async () => {
    await withFakeLlm({ maxContextTokens: 250 }, async (engine) => {
      const [chunk] = planChunks(book, { maxTokens: 2000, from: 'en' });
      const result = await translateChunk(chunk!, { engine, from: 'en', to: 'es', retry: fast });
      expect(result.failures).toEqual([]);
      expect(result.items).toHaveLength(4);
      for (const item of result.items) expect(reverseWords(item.text)).toBe(sentence.repeat(4).trim());
      expect(result.retries).toBeGreaterThan(0);
    });
  });

  it('reports blocks the model always refuses instead of keeping them silently', async () => {
    await withFakeLlm({ refusalRate: 1, seed: 3 }, async (engine) => {
      const [chunk] = planChunks(book, { maxTokens: 2000, from: 'en' });
      const result = await translateChunk(chunk!, { engine, from: 'en', to: 'es', retry: fast });
      expect(result.items).toEqual([]);
      expect(result.failures.map((f) => f.blockId).sort()).toEqual(['c1.b1', 'c1.b2', 'c1.b3', 'c1.b4']);
      expect(new Set(result.failures.map((f) => f.code))).toEqual(new Set(['refused']));
    });
  });

  it('never pays twice for a block found in the translation memory', async () => {
    await withFakeLlm({}, async (engine, llm) => {
      const memory = new InMemoryTranslationMemory();
      const [chunk] = planChunks(book, { maxTokens: 2000, from: 'en' });
      await translateChunk(chunk!, { engine, from: 'en', to: 'es', memory });
      const again = await translateChunk(chunk!, { engine, from: 'en', to: 'es', memory });
      expect(llm.stats().requests).toBe(1);
      expect(again.items.every((item) => item.fromMemory)).toBe(true);
      expect(again.usage.requests).toBe(0);
    });
  });
});

describe('translateChunk with a block left alone', () => {
  it('gives the last block of a batch its own attempts before reporting it', async () => {
    // The batch reply has block 2 still in English; then the model refuses twice and drops the block
    // once, which used up the batch's three attempts before; the lone block's own attempts mend it.
    // One sentence each: nothing smaller to split a failing block into.
    const short: Book = {
      ...book,
      chapters: [
        { id: 'c1', blocks: book.chapters[0]!.blocks.map((b) => ({ ...b, text: sentence.trim() })) },
      ],
    };
    const [chunk] = planChunks(short, { maxTokens: 2000, from: 'en' });
    const replies: Array<(blocks: Record<string, string>) => Record<string, string>> = [
      (blocks) => ({
        ...Object.fromEntries(Object.entries(blocks).map(([k, v]) => [k, reverseWords(v)])),
        '2': '',
      }),
      () => {
        throw new TranslatorError('refused', 'the model refused');
      },
      () => ({}),
      () => {
        throw new TranslatorError('refused', 'the model refused');
      },
    ];
    let calls = 0;
    const engine: Engine = {
      name: 'openai',
      model: 'scripted',
      chunkTokens: 1000,
      understandsBrief: true,
      followsGlossary: true,
      async translate(batch) {
        const answer = replies[calls++];
        return answer
          ? answer(batch.blocks)
          : Object.fromEntries(Object.entries(batch.blocks).map(([k, v]) => [k, reverseWords(v)]));
      },
    };
    const result = await translateChunk(chunk!, { engine, from: 'en', to: 'es', retry: fast });
    expect(result.failures).toEqual([]);
    expect(result.items.map((item) => item.blockId).sort()).toEqual(['c1.b1', 'c1.b2', 'c1.b3', 'c1.b4']);
    expect(calls).toBe(5);
  });
});
