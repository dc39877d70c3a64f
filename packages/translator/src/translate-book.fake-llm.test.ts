import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Book, readBook } from '@booktranslate/ebook';
import { corpusFiles, corpusMissingReason, reverseWords, startFakeLlm } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine';
import { needsTranslation } from './plan-chunks';
import { translateBook } from './translate-book';

const missing = corpusMissingReason();
if (missing) console.warn(missing);

async function readable(file: string): Promise<Book | string> {
  try {
    return await readBook(new Uint8Array(await readFile(file)), { filename: path.basename(file) });
  } catch (error) {
    return `${path.basename(file)} is not readable (${(error as Error).message}): nothing to translate`;
  }
}

// 20% combined faults, one in five requests: 500s, hangs, refusals, dropped blocks, chatter; plus
// 429s with Retry-After because the fake serves fewer requests at once than the engine sends.
const FAULTS = { failRate: 0.04, timeoutRate: 0.04, refusalRate: 0.04, dropRate: 0.04, chatterRate: 0.04 };

describe.skipIf(missing)('every corpus book through the fake model with 20% faults', () => {
  for (const file of corpusFiles()) {
    it(path.basename(file), { timeout: 120_000 }, async (context) => {
      const book = await readable(file);
      if (typeof book === 'string') {
        console.warn(`skipped: ${book}`);
        context.skip();
        return;
      }
      const llm = await startFakeLlm({
        latencyMs: 0,
        maxConcurrency: 6,
        retryAfterSeconds: 0.02,
        seed: 11,
        ...FAULTS,
      });
      try {
        const engine = createEngine({
          engine: 'openai',
          baseUrl: llm.baseURL,
          apiKey: 'k',
          model: 'fake',
          timeoutMs: 1_500,
        });
        const { book: out, report } = await translateBook(book, {
          engine,
          to: 'es',
          concurrency: 8,
          retry: { retries: 10, baseDelayMs: 10, maxDelayMs: 200, maxRetryAfterMs: 5_000 },
        });
        expect(report.failedBlocks).toEqual([]);
        const source = new Map(book.chapters.flatMap((c) => c.blocks).map((b) => [b.id, b.text]));
        const blocks = out.chapters.flatMap((c) => c.blocks);
        expect(blocks.length).toBe(source.size);
        for (const block of blocks) {
          const original = source.get(block.id) as string;
          if (!needsTranslation(original)) continue;
          expect(reverseWords(block.text), block.id).toBe(original);
        }
        // Every request the fake answered is counted; one the engine gave up on (its time-out) while
        // this process was too busy to accept it never reached the fake: at most 2% on a loaded machine.
        const stats = llm.stats();
        expect(stats.requests).toBeLessThanOrEqual(report.usage.requests);
        expect(stats.requests).toBeGreaterThanOrEqual(Math.floor(report.usage.requests * 0.98));
      } finally {
        await llm.close();
      }
    });
  }
});
