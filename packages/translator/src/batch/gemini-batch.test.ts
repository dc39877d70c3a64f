import { type FakeProviderOptions, startFakeGemini } from '@booktranslate/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BATCH_TEXTS,
  batchRequests,
  expectBatchReplies,
  expectCancelledResults,
  expectHostileResults,
  expectKeyRefused,
  settleBatch,
} from '../testing/batch-fixtures';
import { startSpoilingProxy } from '../testing/spoiling-proxy';
import { createBatchClient } from './create-batch-client';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function start(
  options: FakeProviderOptions = {},
  apiKey = 'k',
  spoil = (_path: string, body: string) => body,
) {
  const fake = await startFakeGemini({ batchDelayMs: 100, seed: 1, apiKey: 'k', ...options });
  const proxy = await startSpoilingProxy(fake.url, spoil);
  closers.push(() => fake.close(), proxy.close);
  const batch = createBatchClient({
    engine: 'gemini',
    baseUrl: proxy.url,
    apiKey,
    model: 'gemini-2.5-flash',
  })!;
  return { fake, proxy, batch };
}
const ids = Object.keys(BATCH_TEXTS);

describe('Gemini batch client against the fake batch mode', () => {
  it('submits inlined requests, polls to ended and matches every reply by its key, at half the price', async () => {
    const { fake, batch } = await start();
    expect(batch).toMatchObject({ provider: 'gemini', model: 'gemini-2.5-flash', priceFactor: 0.5 });
    const order = ['ch2-1', 'ch1-0', 'ch2-0', 'ch1-1'];
    const { id } = await batch.submit(batchRequests(order));
    expect(id).toMatch(/^batches\//);
    const { last } = await settleBatch(batch, id);
    expect(last).toMatchObject({ id, state: 'ended', counts: { total: 4, succeeded: 4, failed: 0 } });
    const results = await batch.results(id, { customIds: ids });
    expect((await batch.results(id)).map((r) => r.customId)).toEqual(order); // the provider's own order
    const stats = fake.stats();
    expect(stats).toMatchObject({ batches: 1, batch_requests: 4, requests: 0, input_tokens: 0 });
    expectBatchReplies(results, ids, stats);
  });

  it("sends each request as the engine's generateContent request with its custom id as metadata key", async () => {
    const { proxy, batch } = await start();
    await batch.submit(batchRequests(['ch1-0']));
    const created = proxy.sent.find((s) => s.path.endsWith(':batchGenerateContent'))!;
    expect(created.path).toContain('/models/gemini-2.5-flash:batchGenerateContent');
    expect(JSON.parse(created.body).batch.inputConfig.requests.requests).toEqual([
      {
        request: {
          contents: [{ role: 'user', parts: [{ text: batchRequests(['ch1-0'])[0]!.user }] }],
          systemInstruction: { role: 'user', parts: [{ text: 'You translate books.' }] },
          generationConfig: {
            responseMimeType: 'application/json',
            maxOutputTokens: 500,
            temperature: 0.3,
            thinkingConfig: { thinkingBudget: 0 },
          },
        },
        metadata: { key: 'ch1-0' },
      },
    ]);
  });

  it('gives a failed request a retryable error, and the finished part of an expired batch its replies', async () => {
    const { batch, fake } = await start({ batchFailRate: 0.5, seed: 2 });
    const { id } = await batch.submit(batchRequests());
    await settleBatch(batch, id);
    const failed = (await batch.results(id, { customIds: ids })).filter((r) => r.error);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(4);
    expect(failed.every((r) => r.error!.retryable && r.error!.message.includes('500'))).toBe(true);
    fake.configure({ batchFailRate: 0, batchExpire: 0.5 });
    const expiring = await batch.submit(batchRequests());
    expect((await settleBatch(batch, expiring.id)).last.state).toBe('expired');
    const results = await batch.results(expiring.id, { customIds: ids });
    expect(results.map((r) => Boolean(r.reply))).toEqual([true, true, false, false]);
    expect(results[3]!.error).toEqual({ message: expect.stringContaining('expired'), retryable: true });
  });

  it('cancels a running batch; its unrun requests come back retryable; cancelling an ended one does nothing', async () => {
    const { batch } = await start({ batchDelayMs: 3_000 });
    const { id } = await batch.submit(batchRequests());
    expect((await batch.status(id)).state).toBe('in_progress');
    await expect(batch.results(id)).rejects.toMatchObject({ code: 'bad_request' });
    await batch.cancel(id);
    expect((await settleBatch(batch, id)).last.state).toBe('cancelled');
    expectCancelledResults(await batch.results(id, { customIds: ids }));
    await expect(batch.cancel(id)).resolves.toBeUndefined();
    await expect(batch.status('batches/none')).rejects.toMatchObject({ code: 'engine_unavailable' });
  });

  it('refuses mixed models and bad custom ids before sending, and maps a wrong key to auth_failed', async () => {
    const { fake, batch } = await start();
    const mixed = [...batchRequests(['ch1-0']), { ...batchRequests(['ch1-1'])[0]!, model: 'gemini-2.5-pro' }];
    await expect(batch.submit(mixed)).rejects.toMatchObject({ code: 'bad_request' });
    await expect(batch.submit([])).rejects.toMatchObject({ code: 'bad_request' });
    expect(fake.stats().batches).toBe(0);
    const { batch: wrong } = await start({}, 'wrong');
    await expectKeyRefused(wrong.submit(batchRequests()));
  });

  it('turns hostile inlined responses into per-request errors, never a crash', async () => {
    // Spoils the ended batch: an entry that is not an object, one for a request never sent, one with
    // neither response nor error, one with a number for text, and none at all for ch2-1.
    const { batch } = await start({}, 'k', (path, body) => {
      const operation = JSON.parse(body);
      const output = operation.metadata?.output?.inlinedResponses;
      if (!path.includes('/batches/') || !output) return body;
      const good = output.inlinedResponses.find(
        (r: { metadata: { key: string } }) => r.metadata.key === 'ch1-0',
      );
      output.inlinedResponses = [
        'junk',
        { ...good, metadata: { key: 'stranger' } },
        { metadata: { key: 'ch1-1' } },
        { response: { candidates: [{ content: { parts: [{ text: 42 }] } }] }, metadata: { key: 'ch2-0' } },
        good,
      ];
      return JSON.stringify(operation);
    });
    const { id } = await batch.submit(batchRequests());
    await settleBatch(batch, id);
    const results = await batch.results(id, { customIds: ids });
    expectHostileResults(results, 'without a response');
  });
});
