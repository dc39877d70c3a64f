import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translationBlocks } from '../../db/schema/translation-blocks';
import { type PipelineHarness, startPipelineHarness, type TestUser } from '../../testing/pipeline-test-kit';
import { longTxtBook, readerTestFb2 } from '../../testing/reader-books';
import { creditsRepository } from '../credits/credits.repository';

interface WirePassage {
  block_id: string;
  target_text: string | null;
  beyond_preview: boolean;
}

describe('POST /translations/{id}/complete/: the rest of a Free preview on a paid credit', () => {
  let h: PipelineHarness;
  let owner: TestUser;
  let id: string;
  let bookWords: number;
  const balances = () => creditsRepository.balances(h.handle.db, owner.userId);
  const passages = async (chapter: number): Promise<WirePassage[]> => {
    const response = await owner.client.get(`/translations/${id}/passages/?chapter=${chapter}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().passages;
  };
  const complete = (user: TestUser) => user.client.post(`/translations/${id}/complete/`);

  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
    // Only the sign-up's Free credits: the upload is a preview.
    owner = await h.newUser();
    const upload = await owner.upload('valley.txt', longTxtBook());
    expect(upload.statusCode, upload.body).toBe(201);
    id = upload.json().data.translation.id;
    bookWords = upload.json().data.book.word_count;
    expect(bookWords).toBeGreaterThan(5000);
    expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');
  }, 120_000);
  afterAll(() => h?.close());

  it('a completed Free translation of a longer book says it is a preview, in its report and its passages', async () => {
    const t = (await owner.client.get(`/translations/${id}/`)).json();
    expect(t).toMatchObject({ status: 'completed', credit_tier: 'FREE', word_limit: 5000 });
    expect(t.preview).toEqual({ word_limit: 5000, words_translated: t.words_total, words_total: bookWords });
    expect(t.words_total).toBeLessThanOrEqual(5000);

    const report = (await owner.client.get(`/translations/${id}/report/`)).json();
    expect(report.summary).toContain(
      `a Free preview: the first 5,000 of ${bookWords.toLocaleString('en-US')} words`,
    );

    const first = await passages(1);
    expect(first.every((p) => !p.beyond_preview)).toBe(true);
    const last = await passages(8);
    expect(last.length).toBeGreaterThan(0);
    expect(last.every((p) => p.beyond_preview && p.target_text === null)).toBe(true);
  });

  it('answers 402 with the no-credits sentence while only Free credits are left, and spends nothing', async () => {
    const before = await balances();
    expect(before).toMatchObject({ FREE: 1, READER: 0, BOOKWORM: 0 });
    const response = await complete(owner);
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe(
      'No translation credits left. Upgrade your plan to get credits.',
    );
    expect(await balances()).toEqual(before);
    expect((await owner.client.get(`/translations/${id}/`)).json()).toMatchObject({
      status: 'completed',
      word_limit: 5000,
    });
  });

  it("answers 404 for another user's translation", async () => {
    const stranger = await h.newUser({ BOOKWORM: 1 });
    const response = await complete(stranger);
    expect(response.statusCode).toBe(404);
    expect(await creditsRepository.balances(h.handle.db, stranger.userId)).toMatchObject({ BOOKWORM: 1 });
  });

  it('translates the rest on one paid credit, keeping the passages the preview translated', async () => {
    // A preview block's saved translation is marked (in the fake's reversed words, so the QA step
    // finds nothing to refine): were it translated again, the mark would go.
    const kept = (await passages(1))[1]!;
    const marked = `${kept.target_text} tpek`;
    await h.handle.db
      .update(translationBlocks)
      .set({ text: marked })
      .where(and(eq(translationBlocks.translationId, id), eq(translationBlocks.blockId, kept.block_id)));
    await creditsRepository.record(h.handle.db, {
      userId: owner.userId,
      tier: 'READER',
      amount: 1,
      reason: 'test',
      sourceId: `test:${owner.userId}:reader-for-rest`,
    });

    const response = await complete(owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'pending', credit_tier: 'READER', word_limit: null });
    expect(response.json().preview).toBeNull();
    expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');

    const done = (await owner.client.get(`/translations/${id}/`)).json();
    expect(done).toMatchObject({ status: 'completed', preview: null, credit_tier: 'READER' });
    expect(done.words_total).toBeGreaterThan(5000);
    // Charged once: the READER credit, the second Free credit untouched.
    expect(await balances()).toEqual({ FREE: 1, READER: 0, BOOKWORM: 0 });
    expect((await passages(1)).find((p) => p.block_id === kept.block_id)?.target_text).toBe(marked);
    const last = await passages(8);
    expect(last.every((p) => !p.beyond_preview && p.target_text !== null)).toBe(true);
    const report = (await owner.client.get(`/translations/${id}/report/`)).json();
    expect(report.summary).not.toContain('Free preview');
  }, 120_000);

  it('answers 409 for a translation that is not a completed preview: the whole book, or a short book', async () => {
    const whole = await complete(owner);
    expect(whole.statusCode).toBe(409);
    expect(await balances()).toEqual({ FREE: 1, READER: 0, BOOKWORM: 0 });

    // A book within 5,000 words is translated whole on a Free credit: nothing lies beyond.
    const short = await owner.upload('mill.fb2', readerTestFb2());
    expect(short.statusCode, short.body).toBe(201);
    const shortId: string = short.json().data.translation.id;
    expect((await h.followStatuses(owner, shortId)).at(-1)).toBe('completed');
    const t = (await owner.client.get(`/translations/${shortId}/`)).json();
    expect(t).toMatchObject({ credit_tier: 'FREE', word_limit: 5000, preview: null });
    await creditsRepository.record(h.handle.db, {
      userId: owner.userId,
      tier: 'BOOKWORM',
      amount: 1,
      reason: 'test',
      sourceId: `test:${owner.userId}:bookworm`,
    });
    const response = await owner.client.post(`/translations/${shortId}/complete/`);
    expect(response.statusCode).toBe(409);
    expect(await balances()).toEqual({ FREE: 0, READER: 0, BOOKWORM: 1 });
  }, 120_000);
});
