import { makePartsFb2 } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness } from '../../../testing/pipeline-test-kit';

/** A plain-text book of three chapters and 6,000 words. */
function book(): Uint8Array {
  const paragraph = Array.from({ length: 100 }, (_, i) => (i % 10 === 0 ? 'river' : 'the')).join(' ');
  const parts = ['The Long River', 'by Ann Author'];
  for (let c = 1; c <= 3; c++) {
    parts.push(`CHAPTER ${c}`);
    for (let p = 0; p < 20; p++) parts.push(`${paragraph}.`);
  }
  return new TextEncoder().encode(parts.join('\n\n'));
}

describe('POST /translations/quote/', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness();
  }, 120_000);
  afterAll(() => h?.close());

  it('says what the credit covers and how long it takes, spending nothing and storing nothing', async () => {
    const user = await h.newUser();
    const before = (await user.client.get('/users/profile/')).json().available_credits;
    const response = await user.upload(
      'river.txt',
      book(),
      { target_language: 'es' },
      '/translations/quote/',
    );
    expect(response.statusCode).toBe(200);
    const quote = response.json();
    expect(quote).toMatchObject({
      words: expect.any(Number),
      chapters: 3, // three chapters; the opening lines are not one
      source_language: 'en',
      target_language: 'es',
      credit_tier: 'FREE',
      words_covered: 5000,
    });
    expect(quote.words).toBeGreaterThan(6000);
    expect(quote.coverage).toBe(
      `Your Free credit translates the first 5,000 of this book's ${quote.words.toLocaleString('en-US')} words.`,
    );
    expect(quote.estimated_seconds).toBeGreaterThan(30);
    expect((await user.client.get('/users/profile/')).json().available_credits).toBe(before);
    expect((await user.client.get('/books/')).json().total).toBe(0);

    const reader = await h.newUser({ READER: 1 }, { signupCredits: false });
    const whole = (
      await reader.upload('river.txt', book(), { target_language: 'de' }, '/translations/quote/')
    ).json();
    expect(whole).toMatchObject({ credit_tier: 'READER', words_covered: whole.words });
    expect(whole.coverage).toMatch(/^Your Reader credit translates the whole book/);
  }, 60_000);

  it('counts the chapters the reader lists: the chapters of a novel in parts, not its parts', async () => {
    const user = await h.newUser();
    const novel = makePartsFb2({ parts: 2, chaptersPerPart: 3 });
    const quote = (
      await user.upload('river.fb2', novel, { target_language: 'es' }, '/translations/quote/')
    ).json();
    expect(quote.chapters).toBe(6);
  });

  it('refuses what is not a book, as the upload does', async () => {
    const user = await h.newUser();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const response = await user.upload('cover.png', png, { target_language: 'es' }, '/translations/quote/');
    expect(response.statusCode).toBe(415);
  });
});
