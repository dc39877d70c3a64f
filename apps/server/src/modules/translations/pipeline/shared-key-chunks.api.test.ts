import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translations } from '../../../db/schema/translations';
import { type PipelineHarness, startPipelineHarness } from '../../../testing/pipeline-test-kit';
import { translateValley } from '../../../testing/valley-book';

describe('chunk size on a provider key shared with other books', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ concurrency: 4 });
  }, 120_000);
  afterAll(() => h?.close());

  /** Translates a book of `paragraphs` for a new user; its chunks and the largest one's tokens. */
  const translate = async (paragraphs = 300, named = false) => {
    const { id, rows } = await translateValley(h, paragraphs, named);
    return {
      id,
      chunks: rows.length,
      largest: Math.max(...rows.map((row) => row.blocks.reduce((sum, b) => sum + b.tokens, 0))),
    };
  };
  const setStatus = (id: string, status: string) =>
    h.handle.db.update(translations).set({ status }).where(eq(translations.id, id));

  it('cuts a book alone on the key into chunks over the budget, and one beside another owner’s book within it', async () => {
    const budget = 2400;
    // Alone: one wave of four chunks up to twice the budget.
    const alone = await translate();
    expect(alone.largest).toBeGreaterThan(budget);
    // A short book alone: as many chunks of at least half the budget as the slots hold (decision
    // 313): one for 50 paragraphs (1,700 tokens), three for 120 (4,080), where the fewest were two.
    expect((await translate(50)).chunks).toBe(1);
    expect((await translate(120)).chunks).toBe(3);
    // Another owner's translation under way: chunks within the budget, so its slots free sooner,
    // and a short book in chunks of at least 0.3 of the budget, which end soon after they start.
    await setStatus(alone.id, 'translating');
    try {
      expect((await translate()).largest).toBeLessThanOrEqual(budget);
      expect((await translate(50)).chunks).toBe(2);
    } finally {
      await setStatus(alone.id, 'completed');
    }
    // A translation waiting for its glossary review holds no slot.
    await setStatus(alone.id, 'reviewing');
    try {
      expect((await translate()).largest).toBeGreaterThan(budget);
    } finally {
      await setStatus(alone.id, 'completed');
    }
  }, 120_000);

  it('cuts a book planned alone within the budget after all when another book arrived during its analysis', async () => {
    const budget = 2400;
    const other = await translate(50);
    // The plan is made as the analysis goes out; the other book is under way a quarter of a second
    // later, long before the analysis is answered.
    let arrived: Promise<unknown> = Promise.resolve();
    const stop = h.llm.onRequest((messages) => {
      if (messages.some((m) => typeof m.content === 'string' && m.content.startsWith('SAMPLE:')))
        arrived = new Promise((resolve) => setTimeout(resolve, 250)).then(() =>
          setStatus(other.id, 'translating'),
        );
    });
    h.llm.configure({ latencyMs: 1500 });
    try {
      const named = await translate(300, true);
      await arrived;
      expect(named.largest).toBeLessThanOrEqual(budget);
    } finally {
      stop();
      h.llm.configure({ latencyMs: 0 });
      await setStatus(other.id, 'completed');
    }
    // Without the late arrival the same book is one wave over the budget.
    expect((await translate(300, true)).largest).toBeGreaterThan(budget);
  }, 120_000);
});
