import { configureSandbox, sandboxSettings } from '@booktranslate/ebook/sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../../db/schema/books';
import { translations } from '../../../db/schema/translations';
import { creditBalance } from '../../../testing/credit-balance';
import {
  type PipelineHarness,
  startPipelineHarness,
  twoChapterStory,
} from '../../../testing/pipeline-test-kit';

const defaults = { ...sandboxSettings() };

describe('a translation whose book fails in merging', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    // A slow model keeps the run translating while the test narrows the sandbox.
    h = await startPipelineHarness({ llm: { latencyMs: 1500 } });
  }, 120_000);
  afterAll(() => h?.close());
  afterEach(() => configureSandbox(defaults));

  it("fails as the book's failure with its credit back, and a retry answers 422 with the reason", async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    const balance = () => creditBalance(h.handle.db, user.userId);
    const { translation } = (await user.upload('story.txt', twoChapterStory)).json().data;
    const status = async () => (await user.client.get(`/translations/${translation.id}/`)).json().status;
    for (let i = 0; i < 600 && (await status()) !== 'translating'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await status()).toBe('translating');
    // The child that writes the outputs is killed at its deadline: merging meets the child's death.
    configureSandbox({ seconds: 0.001 });
    expect((await h.followStatuses(user, translation.id)).at(-1)).toBe('failed');
    configureSandbox(defaults);

    const failed = (await user.client.get(`/translations/${translation.id}/`)).json();
    expect(failed.failure_reason).toMatch(
      /^Reading the book needed more memory or time than a book may take/,
    );
    const [row] = await h.handle.db
      .select({ kind: translations.failureKind })
      .from(translations)
      .where(eq(translations.id, translation.id));
    expect(row?.kind).toBe('book');
    expect(failed.failure_kind).toBe('book');
    expect(await balance()).toBe(1);
    // No retry can use the original: it is deleted at once, not kept for the retry window.
    // (The step deletes it right after recording the failure, which the status may show first.)
    const original = async () =>
      (
        await h.handle.db
          .select({ key: books.originalKey, deletedAt: books.originalDeletedAt })
          .from(books)
          .where(eq(books.id, failed.book_id))
      )[0];
    for (let i = 0; i < 100 && !(await original())?.deletedAt; i++)
      await new Promise((r) => setTimeout(r, 50));
    const book = await original();
    expect(book?.deletedAt).toBeInstanceOf(Date);
    await expect(h.storage.stat(book?.key ?? '')).resolves.toBeNull();

    const retry = await user.client.request('POST', `/translations/${translation.id}/retry/`);
    expect(retry.statusCode).toBe(422);
    expect(retry.json().error).toEqual({
      code: 'UNPROCESSABLE',
      message: failed.failure_reason,
      details: { reason: 'book' },
    });
    expect(await status()).toBe('failed');
    expect(await balance()).toBe(1);
  }, 120_000);
});
