import { type FakeLlmOptions, startFakeLlm } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import { TranslatorError } from '../errors';
import { translateBook } from '../translate-book';
import { qaBook } from './qa-books';

async function translateWith(faults: FakeLlmOptions, book: Awaited<ReturnType<typeof qaBook>>) {
  const llm = await startFakeLlm({ latencyMs: 0, seed: 5, ...faults });
  try {
    const engine = createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'k', model: 'fake' });
    const { report } = await translateBook(book, {
      engine,
      to: 'es',
      concurrency: 4,
      retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 100 },
    });
    return { qa: report.qa, stats: llm.stats() };
  } finally {
    await llm.close();
  }
}

describe('the QA report on books built to show each flag (fake model)', () => {
  it('a clean run: every passage translated, no problems found', async () => {
    const { qa } = await translateWith({}, await qaBook({ name: 'Mara' }));
    expect(qa.blocks_total).toBeGreaterThan(8);
    expect(qa.untranslated).toEqual([]);
    expect(qa.chatter).toEqual([]);
    expect(qa.glossary.violations).toEqual([]);
    expect(qa.summary).toBe(
      `${qa.blocks_total} of ${qa.blocks_total} passages translated; no problems found`,
    );
  });

  it('leftover chatter inside a block is listed, refined once, and stays flagged when the model repeats it', async () => {
    const { qa, stats } = await translateWith({ blockChatterRate: 1 }, await qaBook({}));
    expect(stats.faults.block_chatter).toBeGreaterThan(0);
    expect(qa.chatter.length).toBeGreaterThan(0);
    expect(qa.chatter[0]?.found).toMatch(/Let me know if/);
    expect(qa.refined.map((r) => r.block_id)).toEqual(
      expect.arrayContaining(qa.chatter.map((c) => c.block_id)),
    );
    expect(qa.refined.every((r) => !r.fixed && /remove the added text/.test(r.finding))).toBe(true);
    expect(qa.summary).toMatch(/passages? with leftover commentary or markup/);
  });

  it('a dropped block is listed as a rejected reply and how it was repaired', async () => {
    // Faults are drawn in order of arrival: this seed drops a block of a chunk's reply, not only of the
    // labels' (sent beside the analysis).
    const { qa, stats } = await translateWith({ dropRate: 0.5, seed: 7 }, await qaBook({}));
    expect(stats.faults.drop).toBeGreaterThan(0);
    expect(qa.repaired.length).toBeGreaterThan(0);
    expect(qa.repaired.some((r) => r.problem === 'the reply dropped the block')).toBe(true);
    expect(qa.untranslated).toEqual([]);
    expect(qa.summary).toMatch(/passages? repaired after a rejected reply$/);
  });

  it('identical replies are untranslated passages with the reason, and the summary counts them', async () => {
    const { qa } = await translateWith({ identicalRate: 1 }, await qaBook({}));
    expect(qa.untranslated.length).toBeGreaterThan(0);
    expect(qa.untranslated.length).toBe(qa.blocks_total - qa.blocks_translated);
    expect(new Set(qa.untranslated.map((u) => u.reason))).toEqual(new Set(['identical']));
    expect(qa.untranslated[0]?.chapter).toMatch(/\S/);
    expect(qa.repaired.some((r) => r.repair.startsWith('accepted with a warning'))).toBe(true);
    expect(qa.summary).toMatch(
      new RegExp(`^${qa.blocks_translated} of ${qa.blocks_total} passages translated`),
    );
  });

  it('a glossary term rendered two ways: violations with what was written, an inconsistent name', async () => {
    const { qa } = await translateWith(
      { twoWayTerms: ['Mara'] },
      await qaBook({ name: 'Mara', paragraphs: 6 }),
    );
    const term = qa.glossary.terms.find((t) => t.term === 'Mara');
    expect(term).toMatchObject({ expected: 'araM' });
    expect(term?.compliant).toBeGreaterThan(0);
    expect(term?.compliant).toBeLessThan(term?.blocks ?? 0);
    expect(qa.glossary.violations.length).toBe((term?.blocks ?? 0) - (term?.compliant ?? 0));
    expect(qa.glossary.violations[0]).toMatchObject({ term: 'Mara', expected: 'araM', found: 'raaM' });
    expect(qa.inconsistent_names).toEqual([
      {
        term: 'Mara',
        renderings: [
          { text: 'araM', blocks: term?.compliant },
          { text: 'raaM', blocks: qa.glossary.violations.length },
        ],
      },
    ]);
    expect(qa.summary).toMatch(/1 glossary term used inconsistently; 1 name rendered more than one way/);
  });

  it('a quota error while refining keeps the finished translation and the first report', async () => {
    const llm = await startFakeLlm({ latencyMs: 0, blockChatterRate: 1 });
    try {
      const engine = createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'k', model: 'fake' });
      const refusing = {
        ...engine,
        translate: (batch: Parameters<typeof engine.translate>[0]) =>
          batch.correction?.includes('remove the added text')
            ? Promise.reject(new TranslatorError('quota_exhausted', 'the account has no quota left'))
            : engine.translate(batch),
      };
      const { book, report } = await translateBook(await qaBook({}), { engine: refusing, to: 'es' });
      expect(book.chapters.length).toBeGreaterThan(0);
      expect(report.failedBlocks).toEqual([]);
      expect(report.qa.chatter.length).toBeGreaterThan(0);
      // The refining request (its correction names the added text) was refused: nothing refined.
      expect(report.qa.refined).toEqual([]);
      // The first report stands: every passage translated (the added text is listed, not refined).
      expect(report.qa.blocks_translated).toBe(report.qa.blocks_total);
    } finally {
      await llm.close();
    }
  });
});
