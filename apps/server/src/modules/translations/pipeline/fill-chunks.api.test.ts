import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translations } from '../../../db/schema/translations';
import { type PipelineHarness, startPipelineHarness } from '../../../testing/pipeline-test-kit';
import { translateValley } from '../../../testing/valley-book';

describe('a lone book’s wave and the slot the key keeps (decision 314)', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    // 16 slots: 15 for chunks, one kept for other books' first requests.
    h = await startPipelineHarness({ concurrency: 16 });
  }, 120_000);
  afterAll(() => h?.close());

  const translate = async () => {
    const { id, user, rows } = await translateValley(h, 600);
    const text = (await user.client.get(`/translations/${id}/download-file/?file_format=txt`)).body;
    return { id, rows, text };
  };

  it('leaves the end of a lone book to short fill chunks, and none beside another owner’s book', async () => {
    const alone = await translate();
    const fill = alone.rows.filter((r) => r.fill);
    const wave = alone.rows.filter((r) => !r.fill);
    expect(wave).toHaveLength(15);
    expect(fill.length).toBeGreaterThan(0);
    // At the end of the book, each a few paragraphs where a wave chunk holds dozens.
    expect(alone.rows.slice(15).every((r) => r.fill)).toBe(true);
    expect(fill.at(-1)?.blocks.at(-1)?.text).toContain('Paragraph 599 ');
    for (const r of fill) expect(r.blocks.length).toBeLessThan(wave[0]?.blocks.length ?? 0);
    // Every paragraph translated (the fake model reverses each word, numbers too).
    for (const n of ['0', '003', '995']) expect(alone.text).toContain(`hpargaraP ${n} `);
    expect(alone.text.match(/hpargaraP \d+ /g)).toHaveLength(600);

    // Another owner's translation under way: the book is cut within the budget, no fill.
    await h.handle.db
      .update(translations)
      .set({ status: 'translating' })
      .where(eq(translations.id, alone.id));
    try {
      const beside = await translate();
      expect(beside.rows.some((r) => r.fill)).toBe(false);
    } finally {
      await h.handle.db
        .update(translations)
        .set({ status: 'completed' })
        .where(eq(translations.id, alone.id));
    }
  }, 120_000);
});
