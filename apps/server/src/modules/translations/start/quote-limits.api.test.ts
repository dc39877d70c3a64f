import { configureSandbox, openBookSandbox, sandboxSettings } from '@booktranslate/ebook/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../testing/books-test-kit';
import {
  type PipelineHarness,
  startPipelineHarness,
  type TestUser,
} from '../../../testing/pipeline-test-kit';

/** A plain-text book of a few thousand words; `mark` makes its bytes (and hash) its own. */
function book(mark: string): Uint8Array {
  const paragraph = Array.from({ length: 100 }, (_, i) => (i % 10 === 0 ? 'river' : 'the')).join(' ');
  const parts = [`The Long River ${mark}`, 'by Ann Author'];
  for (let c = 1; c <= 3; c++)
    parts.push(`CHAPTER ${c}`, ...Array.from({ length: 10 }, () => `${paragraph}.`));
  return new TextEncoder().encode(parts.join('\n\n'));
}

/** A quote from the given client address (the test app trusts the loopback proxy's header). */
function quote(user: TestUser, name: string, bytes: Uint8Array, address: string, language = 'es') {
  const body = multipartBody({ target_language: language }, { name, bytes });
  return user.client.request('POST', '/translations/quote/', {
    payload: body.payload as never,
    headers: { 'content-type': body.contentType, 'x-forwarded-for': address },
  });
}

const settled = <T>(promise: Promise<T>) => {
  const state = { done: false };
  void promise.finally(() => {
    state.done = true;
  });
  return state;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const defaults = { ...sandboxSettings() };

describe('POST /translations/quote/ beside uploads and the pipeline', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ env: { QUOTES_PER_MINUTE: '3', TRUST_PROXY: 'loopback' } });
  }, 120_000);
  afterAll(() => h?.close());
  afterEach(() => configureSandbox(defaults));

  it('reads books in a lane of its own: a busy quote lane never holds up an upload', async () => {
    const user = await h.newUser({ READER: 2 }, { signupCredits: false });
    // Another quote holds the quote lane's one slot.
    const held = await openBookSandbox(book('held'), { filename: 'held.txt', lane: 'quote' });
    const waiting = quote(user, 'a.txt', book('a'), '10.0.1.1');
    const state = settled(waiting);
    const upload = await user.upload('honest.txt', book('honest'));
    expect(upload.statusCode).toBe(201);
    await pause(300);
    expect(state.done).toBe(false);
    await held.close();
    expect((await waiting).statusCode).toBe(200);

    // And the other way round: with every upload slot taken, a quote still answers.
    const uploads = await Promise.all(
      [1, 2].map((n) => openBookSandbox(book(`u${n}`), { filename: `u${n}.txt` })),
    );
    try {
      expect((await quote(user, 'b.txt', book('b'), '10.0.1.1')).statusCode).toBe(200);
    } finally {
      for (const sandbox of uploads) await sandbox.close();
    }
  }, 60_000);

  it('answers a file quoted before from the cache, without waiting for the sandbox', async () => {
    const user = await h.newUser();
    const first = await quote(user, 'c.txt', book('c'), '10.0.2.1', 'es');
    expect(first.statusCode).toBe(200);
    const held = await openBookSandbox(book('held'), { filename: 'held.txt', lane: 'quote' });
    try {
      const again = await quote(user, 'c.txt', book('c'), '10.0.2.1', 'de');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ ...first.json(), target_language: 'de' });
      // Another file does need the (held) sandbox.
      const other = quote(user, 'd.txt', book('d'), '10.0.2.1');
      const state = settled(other);
      await pause(300);
      expect(state.done).toBe(false);
      await held.close();
      expect((await other).statusCode).toBe(200);
    } finally {
      await held.close();
    }
  }, 60_000);

  it('limits quotes per user and per client address: 429 with retry_after_s', async () => {
    const [ann, bob] = [await h.newUser(), await h.newUser()];
    for (let i = 0; i < 3; i++)
      expect((await quote(ann, 'e.txt', book('e'), '10.0.3.1')).statusCode).toBe(200);
    const refused = await quote(ann, 'e.txt', book('e'), '10.0.3.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retry_after_s: expect.any(Number) },
    });
    expect(refused.headers['retry-after']).toBeDefined();
    // The address is spent for everyone; the user, from any address.
    expect((await quote(bob, 'e.txt', book('e'), '10.0.3.1')).statusCode).toBe(429);
    expect((await quote(ann, 'e.txt', book('e'), '10.0.3.2')).statusCode).toBe(429);
    expect((await quote(bob, 'e.txt', book('e'), '10.0.3.2')).statusCode).toBe(200);
  }, 60_000);
});
