import type { Block, Book } from '@booktranslate/ebook';
import { describe, expect, it } from 'vitest';
import { type Chunk, planChunks } from './plan-chunks';

function bookOf(paragraphs: string[]): Book {
  return {
    format: 'txt',
    metadata: { title: 'T', authors: [], language: 'en', identifiers: [] },
    chapters: [
      {
        id: 'c0',
        blocks: paragraphs.map(
          (text, b): Block => ({ id: `c0.b${b}`, kind: 'paragraph', text, inlines: [] }),
        ),
      },
    ],
    toc: [],
    resources: [],
  };
}

/** Paragraphs of 20 to 80 tokens, like a novel's. */
const paragraph = (n: number) =>
  `Paragraph ${n} tells how the travellers crossed the valley before the rain came down${', and how the river rose behind them'.repeat(1 + (n % 5))}.`;

const book = (count: number) => bookOf(Array.from({ length: count }, (_, i) => paragraph(i)));
const ids = (chunks: Chunk[]) => chunks.flatMap((c) => c.items.map((i) => i.blockId));
const options = { maxTokens: 2400, stretchTokens: 4800, from: 'en', concurrency: 30, evenWave: true };

describe('a full wave beside kept slots (decision 314)', () => {
  it('leaves the end of the text to short fill chunks the kept slots take while the wave runs', () => {
    const text = book(3000);
    const chunks = planChunks(text, { ...options, fill: { slots: 2, tokens: 300 } });
    const wave = chunks.filter((c) => !c.fill);
    const fill = chunks.filter((c) => c.fill);
    expect(wave).toHaveLength(30);
    expect(fill.length).toBeGreaterThan(0);
    // Every block once, in reading order: the wave first, the fill at the end of the book.
    expect(ids(chunks)).toEqual(text.chapters[0]?.blocks.map((b) => b.id));
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    expect(chunks.slice(30).every((c) => c.fill)).toBe(true);
    // Short: each within the fill size or one paragraph.
    for (const c of fill) expect(c.tokens <= 300 || c.items.length === 1).toBe(true);
    // Two slots of requests one after another end within the wave's longest chunk, with 200 tokens'
    // worth of waiting per request, and do most of what they could.
    const longest = Math.max(...wave.map((c) => c.tokens));
    const fillTime = fill.reduce((sum, c) => sum + 200 + c.tokens, 0);
    expect(fillTime).toBeLessThanOrEqual(2 * (200 + longest));
    expect(fillTime).toBeGreaterThan(0.8 * 2 * (200 + longest));
    // The fill's text came off the wave: its chunks are smaller than without a fill.
    const plain = planChunks(text, options);
    expect(plain.some((c) => c.fill)).toBe(false);
    expect(longest).toBeLessThan(Math.max(...plain.map((c) => c.tokens)));
    // Context runs across the wave's end into the fill.
    expect(fill[0]?.previousSource).toBe(wave.at(-1)?.items.at(-1)?.text);
  });

  it('plans no fill for a text that does not fill a wave, or without kept slots', () => {
    const short = planChunks(book(300), { ...options, minTokens: 1200, fill: { slots: 2, tokens: 300 } });
    expect(short.length).toBeLessThan(30);
    expect(short.some((c) => c.fill)).toBe(false);
    const none = planChunks(book(3000), { ...options, fill: { slots: 0, tokens: 300 } });
    expect(none.some((c) => c.fill)).toBe(false);
    // Two waves: the chunks after the first take the slots as they free, no fill.
    const long = planChunks(book(12000), { ...options, fill: { slots: 2, tokens: 300 } });
    expect(long.length).toBeGreaterThan(30);
    expect(long.some((c) => c.fill)).toBe(false);
  });
});
