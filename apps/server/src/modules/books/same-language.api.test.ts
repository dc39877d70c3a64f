import { randomUUID } from 'node:crypto';
import { makeTinyEpub } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/books';
import { type PipelineHarness, startPipelineHarness, type TestUser } from '../../testing/pipeline-test-kit';

const english = new TextEncoder().encode(
  [
    'Chapter One',
    'It was a bright cold day in April, and the clocks were striking thirteen. Winston Smith slipped',
    'quickly through the glass doors of Victory Mansions, though not quickly enough to prevent a',
    'swirl of gritty dust from entering along with him. The hallway smelt of boiled cabbage and old',
    'rag mats. At one end of it a coloured poster, too large for indoor display, had been tacked to',
    'the wall.',
  ].join('\n\n'),
);

describe('a book is never translated into its own language', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
  }, 120_000);
  afterAll(() => h?.close());

  const credits = async (user: TestUser) =>
    (await user.client.get('/users/profile/')).json().available_credits as number;

  it('refuses English for an undeclared English text at upload, before any credit is taken', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    const refused = await user.upload('story.txt', english, { target_language: 'en' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'target_language', reason: 'same-language' },
    });
    expect(refused.json().error.message).toContain('already in English');
    expect(await credits(user)).toBe(1);
    expect((await user.client.get('/books/')).json().total).toBe(0);
  });

  it('refuses English for a book declared en-GB, by base language', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    const refused = await user.upload('tiny.epub', makeTinyEpub({ language: 'en-GB' }), {
      target_language: 'en',
    });
    expect(refused.statusCode).toBe(400);
    expect(await credits(user)).toBe(1);
  });

  it('stores the detected language on the book and refuses adding it as a translation', async () => {
    const user = await h.newUser({ READER: 2 }, { signupCredits: false });
    const created = await user.upload('story.txt', english, { target_language: 'es' });
    expect(created.statusCode).toBe(201);
    const book = created.json().data.book;
    expect(book.original_language).toBe('en');
    expect(await credits(user)).toBe(1);
    const added = await user.client.post(`/books/${book.id}/add_translation/`, { target_language: 'en' });
    expect(added.statusCode).toBe(400);
    expect(added.json().error.details).toMatchObject({ reason: 'same-language' });
    expect(await credits(user)).toBe(1);
    const other = await user.client.post(`/books/${book.id}/add_translation/`, { target_language: 'fr' });
    expect(other.statusCode).toBe(201);
    expect(await credits(user)).toBe(0);
  });

  it('fails a book whose language only the pipeline learns, gives the credit back and keeps the language', async () => {
    // A book too large to read at upload has no language until the pipeline parses it.
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    const key = `originals/${randomUUID()}`;
    await h.storage.put(key, english, { contentType: 'application/octet-stream' });
    const [book] = await h.handle.db
      .insert(books)
      .values({
        userId: user.userId,
        title: 'big',
        originalFormat: 'txt',
        originalFilename: 'big.txt',
        originalKey: key,
        fileSize: english.length,
      })
      .returning();
    const added = await user.client.post(`/books/${book!.id}/add_translation/`, { target_language: 'en' });
    expect(added.statusCode).toBe(201);
    expect(await credits(user)).toBe(0);
    expect((await h.followStatuses(user, added.json().id)).at(-1)).toBe('failed');
    const failed = (await user.client.get(`/translations/${added.json().id}/`)).json();
    expect(failed.failure_reason).toContain('already in English');
    expect(await credits(user)).toBe(1);
    expect((await user.client.get(`/books/${book!.id}/`)).json().original_language).toBe('en');
  });
});
