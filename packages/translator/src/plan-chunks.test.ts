import type { Block, Book } from '@booktranslate/ebook';
import { reverseWords } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { countTokens } from './count-tokens';
import { joinTranslatedItems } from './join-translated-items';
import { type Chunk, needsTranslation, planChunks } from './plan-chunks';

function bookOf(texts: string[][]): Book {
  return {
    format: 'txt',
    metadata: { title: 'T', authors: [], language: 'en', identifiers: [] },
    chapters: texts.map((blocks, c) => ({
      id: `c${c}`,
      blocks: blocks.map((text, b): Block => ({ id: `c${c}.b${b}`, kind: 'paragraph', text, inlines: [] })),
    })),
    toc: [],
    resources: [],
  };
}

const paragraph = (n: number) =>
  `Paragraph ${n} tells how the travellers crossed the valley before the rain came down.`;

describe('planChunks', () => {
  it('keeps every block whole and in reading order, within the budget', () => {
    const book = bookOf([
      Array.from({ length: 40 }, (_, i) => paragraph(i)),
      Array.from({ length: 25 }, (_, i) => paragraph(100 + i)),
    ]);
    const chunks = planChunks(book, { maxTokens: 200, from: 'en' });
    const ids = chunks.flatMap((c) => c.items.map((i) => i.blockId));
    expect(ids).toEqual(book.chapters.flatMap((c) => c.blocks.map((b) => b.id)));
    expect(chunks.every((c) => c.items.every((i) => !i.part))).toBe(true);
    expect(Math.max(...chunks.map((c) => c.tokens))).toBeLessThanOrEqual(200);
    expect(
      chunks.every((c) => c.items.map((i) => i.key).join() === c.items.map((_, k) => k + 1).join()),
    ).toBe(true);
  });

  it('cuts a short text for every slot down to minTokens, and into the fewest chunks without it', () => {
    // About 20 tokens a paragraph: 40 paragraphs are some 800 tokens, two chunks of a 400 budget.
    const book = bookOf([Array.from({ length: 40 }, (_, i) => paragraph(i))]);
    const fewest = planChunks(book, { maxTokens: 400, from: 'en', concurrency: 8 });
    expect(fewest.length).toBeLessThanOrEqual(3);
    const small = planChunks(book, { maxTokens: 400, from: 'en', concurrency: 8, minTokens: 100 });
    expect(small.length).toBeGreaterThan(fewest.length);
    expect(small.length).toBeLessThanOrEqual(8);
    expect(small.every((c) => c.tokens >= 60)).toBe(true);
    expect(small.flatMap((c) => c.items.map((i) => i.blockId))).toEqual(
      book.chapters[0]?.blocks.map((b) => b.id),
    );
  });

  it('rounds the chunk count up to a multiple of the concurrency, sizes falling gently around the mean', () => {
    const book = bookOf([Array.from({ length: 300 }, (_, i) => paragraph(i))]);
    const chunks = planChunks(book, { maxTokens: 400, from: 'en', concurrency: 8 });
    expect(chunks.length).toBe(16);
    const sizes = chunks.map((c) => c.tokens);
    const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    for (const size of sizes) expect(Math.abs(size / mean - 1)).toBeLessThanOrEqual(0.2);
    expect(sizes[0]).toBeGreaterThan(sizes.at(-1) as number);
  });

  it('takes one wave fewer when the chunks stay within the largest the engine takes', () => {
    // Some 6,000 tokens: two waves of 8 at a 400 budget, one wave of 8 when chunks may reach 800.
    const book = bookOf([Array.from({ length: 300 }, (_, i) => paragraph(i))]);
    const budget = { maxTokens: 400, from: 'en', concurrency: 8 };
    expect(planChunks(book, budget).length).toBe(16);
    const stretched = planChunks(book, { ...budget, stretchTokens: 800 });
    expect(stretched.length).toBe(8);
    expect(Math.max(...stretched.map((c) => c.tokens))).toBeLessThanOrEqual(800);
    expect(stretched.flatMap((c) => c.items.map((i) => i.blockId))).toEqual(
      book.chapters[0]?.blocks.map((b) => b.id),
    );
    // Only as far as the largest chunk allows: three waves at a 250 budget become two, not one.
    expect(planChunks(book, { ...budget, maxTokens: 250, stretchTokens: 500 }).length).toBe(16);
    // A text too short for a full wave keeps its budget.
    const short = bookOf([Array.from({ length: 60 }, (_, i) => paragraph(i))]);
    expect(planChunks(short, { ...budget, stretchTokens: 800 })).toEqual(planChunks(short, budget));
  });

  it('keeps sizes even when one wave takes every chunk', () => {
    const book = bookOf([Array.from({ length: 60 }, (_, i) => paragraph(i))]);
    const sizes = planChunks(book, { maxTokens: 400, from: 'en', concurrency: 8 }).map((c) => c.tokens);
    expect(sizes.length).toBeLessThanOrEqual(8);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(40);
  });

  it('makes the largest chunk of one wave as small as reading order allows', () => {
    // Paragraphs of very different lengths: cutting at running goals leaves one chunk far larger.
    const lengths = [1, 8, 4, 3, 1, 5, 5, 5, 2, 8, 3, 4, 9, 1, 9, 2, 5, 2, 8, 3, 9, 4, 2, 4];
    const book = bookOf([lengths.map((n, i) => Array.from({ length: n }, () => paragraph(i)).join(' '))]);
    const chunks = planChunks(book, { maxTokens: 600, from: 'en', concurrency: 8, minTokens: 60 });
    const sizes = chunks.flatMap((c) => c.items.map((i) => i.tokens));
    expect(chunks.length).toBeLessThanOrEqual(8);
    expect(Math.max(...chunks.map((c) => c.tokens))).toBe(bestLargest(sizes, 8));
    expect(chunks.flatMap((c) => c.items.map((i) => i.blockId))).toEqual(
      book.chapters[0]?.blocks.map((b) => b.id),
    );
  });

  it('with evenWave, cuts a block between sentences where a chunk reaches its share, and joins it back', () => {
    // The same uneven paragraphs: whole blocks leave the largest chunk well above the mean.
    const lengths = [1, 8, 4, 3, 1, 5, 5, 5, 2, 8, 3, 4, 9, 1, 9, 2, 5, 2, 8, 3, 9, 4, 2, 4];
    const book = bookOf([lengths.map((n, i) => Array.from({ length: n }, () => paragraph(i)).join(' '))]);
    const options = { maxTokens: 600, from: 'en', concurrency: 8, minTokens: 60 };
    const whole = planChunks(book, options);
    const even = planChunks(book, { ...options, evenWave: true });
    const total = even.reduce((sum, c) => sum + c.tokens, 0);
    const mean = total / even.length;
    expect(even.length).toBe(8);
    // Within a sentence (about 17 tokens here) and the slack of the mean, against a fifth above it whole.
    for (const chunk of even) expect(Math.abs(chunk.tokens - mean)).toBeLessThanOrEqual(17 + mean * 0.03);
    expect(Math.max(...whole.map((c) => c.tokens))).toBeGreaterThan(mean * 1.15);
    // Reading order, each cut block's parts numbered in order and joined back to its text.
    const items = even.flatMap((c) => c.items);
    expect([...new Set(items.map((i) => i.blockId))]).toEqual(book.chapters[0]?.blocks.map((b) => b.id));
    const cut = items.filter((i) => i.part);
    expect(cut.length).toBeGreaterThan(0);
    for (const [blockId, text] of book.chapters[0]?.blocks.map((b) => [b.id, b.text] as const) ?? []) {
      const parts = items.filter((i) => i.blockId === blockId);
      expect(parts.map((p) => p.text).join('')).toBe(text);
      if (parts.length > 1)
        expect(parts.map((p) => p.part)).toEqual(parts.map((_, index) => ({ index, count: parts.length })));
    }
    // Each chunk after a cut is told how the passage before it ended.
    const after = even.findIndex((c) => c.items[0]?.part && c.items[0].part.index > 0);
    const context = even[after]?.previousSource?.replace(/^…/, '');
    expect(context?.length).toBeGreaterThan(20);
    expect(even[after - 1]?.items.at(-1)?.text.endsWith(context as string)).toBe(true);
    // A text of one wave whose blocks already fall even is left whole.
    const level = bookOf([Array.from({ length: 64 }, (_, i) => paragraph(i))]);
    const plan = planChunks(level, {
      maxTokens: 400,
      from: 'en',
      concurrency: 8,
      minTokens: 100,
      evenWave: true,
    });
    expect(plan.flatMap((c) => c.items).every((i) => !i.part)).toBe(true);
    expect(plan).toHaveLength(8);
  });

  it('with evenWave, fills exactly one wave when its share is within a sentence or two of the budget', () => {
    // 260 paragraphs of 1-9 sentences (16 tokens each), 20,160 tokens: a share of 672 for 30 slots.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const lengths = Array.from({ length: 260 }, () => 1 + (next() % 9));
    const book = bookOf([lengths.map((n, i) => Array.from({ length: n }, () => paragraph(i)).join(' '))]);
    for (const budget of [695, 700, 720]) {
      const plan = planChunks(book, { maxTokens: budget, from: 'en', concurrency: 30, evenWave: true });
      // Closing each chunk at its share and cutting blocks adds tokens the last chunk cannot hold.
      expect(plan).toHaveLength(30);
      expect(Math.max(...plan.map((c) => c.tokens))).toBeLessThanOrEqual(budget);
      const items = plan.flatMap((c) => c.items);
      for (const [blockId, text] of book.chapters[0]?.blocks.map((b) => [b.id, b.text] as const) ?? [])
        expect(
          items
            .filter((i) => i.blockId === blockId)
            .map((i) => i.text)
            .join(''),
        ).toBe(text);
    }
  });

  it('splits an oversized block at sentence boundaries outside tags and joins it back', () => {
    const long = Array.from(
      { length: 30 },
      (_, i) => `Sentence <g${i + 1}>number ${i}</g${i + 1}> ends here.`,
    ).join(' ');
    const book = bookOf([[paragraph(1), long, paragraph(2)]]);
    const chunks = planChunks(book, { maxTokens: 120, from: 'en' });
    const parts = chunks.flatMap((c) => c.items).filter((i) => i.blockId === 'c0.b1');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts)
      expect(part.text.match(/<g\d+>/g)?.length).toBe(part.text.match(/<\/g\d+>/g)?.length);
    const results = [
      {
        chunkIndex: 0,
        items: parts.map((p) => ({ blockId: p.blockId, part: p.part, text: p.text, fromMemory: false })),
        failures: [],
        warnings: [],
        usage: { requests: 0, inputTokens: 0, outputTokens: 0 },
        retries: 0,
        notes: [],
      },
    ];
    expect(joinTranslatedItems(results).complete.get('c0.b1')).toBe(long);
  });

  it('leaves out blocks with nothing to translate and blocks the caller skips', () => {
    const book = bookOf([['* * *', '1887', paragraph(1), paragraph(2)]]);
    const chunks = planChunks(book, { maxTokens: 500, from: 'en', skip: (id) => id === 'c0.b3' });
    expect(chunks.flatMap((c) => c.items.map((i) => i.blockId))).toEqual(['c0.b2']);
  });

  it('gives each chunk the end of the passage before it as context', () => {
    const book = bookOf([Array.from({ length: 12 }, (_, i) => paragraph(i))]);
    const chunks = planChunks(book, { maxTokens: 60, from: 'en' });
    expect(chunks[0]?.previousSource).toBeUndefined();
    const before = chunks[0]?.items.at(-1);
    expect(chunks[1]?.previousSource).toBe(before?.text);
    expect(chunks[1]?.previousBlockId).toBe(before?.blockId);
  });
});

/** The smallest possible largest part of `sizes` cut in order into at most `parts` parts (brute force). */
function bestLargest(sizes: number[], parts: number): number {
  const memo = new Map<string, number>();
  const best = (from: number, left: number): number => {
    if (from === sizes.length) return 0;
    if (left === 0) return Number.POSITIVE_INFINITY;
    const key = `${from}:${left}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result = Number.POSITIVE_INFINITY;
    let sum = 0;
    for (let end = from; end < sizes.length; end++) {
      sum += sizes[end] as number;
      result = Math.min(result, Math.max(sum, best(end + 1, left - 1)));
    }
    memo.set(key, result);
    return result;
  };
  return best(0, parts);
}

describe('needsTranslation', () => {
  it('sends a block with a letter outside its placeholders, never a code block that is one placeholder', () => {
    expect(needsTranslation('<x1/>')).toBe(false);
    expect(needsTranslation('<g1><x2/></g1> 12 * * *')).toBe(false);
    expect(needsTranslation('<g1>Hello</g1>')).toBe(true);
    expect(needsTranslation('x')).toBe(true);
  });
});

describe('planChunks: a wave whose replies end together', () => {
  // Dialogue (short lines of common words) and description (long paragraphs of long words) in turn:
  // the same source tokens ask for replies of very different lengths.
  const dialogue = (n: number) => `— Is it you, ${n}? she said. — It is, he said.`;
  const description = (n: number) =>
    `Extraordinarily magnificent architectural constructions, ${n}, overshadowed the ` +
    'uncharacteristically melancholic neighbourhood, notwithstanding its indefatigable inhabitants.';
  const parts = Array.from({ length: 8 }, (_, part) =>
    Array.from({ length: part % 2 ? 40 : 240 }, (_, i) => (part % 2 ? description(i) : dialogue(i))),
  );
  const book = bookOf([parts.flat()]);
  /** The reply the fake model writes for a chunk (its text reversed word by word, as JSON), in tokens. */
  const replyTokens = (chunk: Chunk) =>
    countTokens(JSON.stringify(Object.fromEntries(chunk.items.map((i) => [i.key, reverseWords(i.text)]))));

  for (const evenWave of [false, true])
    it(`balances the wave on the reply's length, not the source tokens${evenWave ? ' (evenWave)' : ''}`, () => {
      const plan = planChunks(book, {
        maxTokens: 4000,
        from: 'en',
        concurrency: 8,
        minTokens: 100,
        evenWave,
      });
      expect(plan).toHaveLength(8);
      const replies = plan.map(replyTokens);
      // Within 5% (a reply's JSON costs the fake a little more per item than the plan counts).
      expect(Math.max(...replies) / Math.min(...replies)).toBeLessThan(1.05);
      // The dialogue's chunks carry fewer source tokens for the same reply.
      const tokens = plan.map((c) => c.tokens);
      expect(Math.max(...tokens) / Math.min(...tokens)).toBeGreaterThan(1.1);
      expect(Math.max(...plan.map((c) => c.tokens))).toBeLessThanOrEqual(4000);
    });
});
