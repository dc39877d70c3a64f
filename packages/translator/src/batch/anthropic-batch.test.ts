import { type FakeProviderOptions, startFakeAnthropic } from '@booktranslate/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropicMessageParams } from '../engines/anthropic-chat';
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

async function start(options: FakeProviderOptions = {}, apiKey = 'k') {
  const fake = await startFakeAnthropic({ batchDelayMs: 100, seed: 1, apiKey: 'k', ...options });
  closers.push(() => fake.close());
  const batch = createBatchClient({ engine: 'anthropic', baseUrl: fake.url, apiKey, model: 'claude-test' })!;
  return { fake, batch };
}
const ids = Object.keys(BATCH_TEXTS);

describe('Anthropic batch client against the fake Message Batches API', () => {
  it('submits, polls to ended and matches every reply to its custom id, at half the price', async () => {
    const { fake, batch } = await start();
    expect(batch).toMatchObject({ provider: 'anthropic', model: 'claude-test', priceFactor: 0.5 });
    const order = ['ch2-1', 'ch1-0', 'ch2-0', 'ch1-1'];
    const { id } = await batch.submit(batchRequests(order));
    const { last } = await settleBatch(batch, id);
    expect(last).toMatchObject({ id, state: 'ended', counts: { total: 4, succeeded: 4, failed: 0 } });
    const results = await batch.results(id, { customIds: ids });
    expect((await batch.results(id)).map((r) => r.customId)).toEqual(order); // the provider's own order
    const stats = fake.stats();
    expect(stats).toMatchObject({ batches: 1, batch_requests: 4, requests: 0, input_tokens: 0 });
    expectBatchReplies(results, ids, stats);
  });

  it("sends each request as the engine's Messages request, the client's model when none is named", async () => {
    const fake = await startFakeAnthropic({ batchDelayMs: 50 });
    const proxy = await startSpoilingProxy(fake.url, (_path, body) => body);
    closers.push(() => fake.close(), proxy.close);
    const batch = createBatchClient({
      engine: 'anthropic',
      baseUrl: proxy.url,
      apiKey: 'k',
      model: 'claude-test',
    })!;
    await batch.submit(batchRequests(['ch1-0']));
    const created = JSON.parse(proxy.sent.find((s) => s.path === '/v1/messages/batches')!.body);
    const [request] = batchRequests(['ch1-0']);
    expect(created).toEqual({
      requests: [
        { custom_id: 'ch1-0', params: anthropicMessageParams({ ...request!, model: 'claude-test' }) },
      ],
    });
  });

  it('gives a failed request a retryable error and the rest their replies', async () => {
    const { batch } = await start({ batchFailRate: 0.5, seed: 2 });
    const { id } = await batch.submit(batchRequests());
    const { last } = await settleBatch(batch, id);
    const results = await batch.results(id, { customIds: ids });
    const failed = results.filter((r) => r.error);
    expect(failed.length).toBe(last.counts!.failed);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(4);
    expect(failed.every((r) => r.error!.retryable && r.error!.message.includes('500'))).toBe(true);
    expect(results.filter((r) => r.reply)).toHaveLength(4 - failed.length);
  });

  it('reports an ended batch with expired requests as expired: the finished part and retryable errors', async () => {
    const { batch } = await start({ batchExpire: 0.5 });
    const { id } = await batch.submit(batchRequests());
    expect((await settleBatch(batch, id)).last.state).toBe('expired');
    const results = await batch.results(id, { customIds: ids });
    expect(results.map((r) => Boolean(r.reply))).toEqual([true, true, false, false]);
    expect(results[2]!.error).toEqual({ message: expect.stringContaining('expired'), retryable: true });
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
    await expect(batch.status('msgbatch_none')).rejects.toMatchObject({ code: 'engine_unavailable' });
  });

  it('refuses bad custom ids before sending, and maps a wrong key to auth_failed as the engine does', async () => {
    const { fake, batch } = await start();
    await expect(batch.submit([{ ...batchRequests()[0]!, customId: 'a b' }])).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(batch.submit([...batchRequests(), batchRequests()[0]!])).rejects.toMatchObject({
      code: 'bad_request',
    });
    expect(fake.stats().batches).toBe(0);
    const { batch: wrong } = await start({}, 'wrong');
    await expectKeyRefused(wrong.submit(batchRequests()));
  });

  it('turns hostile result lines into per-request errors, never a crash', async () => {
    const fake = await startFakeAnthropic({ batchDelayMs: 50 });
    let proxyUrl = '';
    // Spoils the results: a line that is not JSON, one for a request never sent, a success without
    // a message, one whose message has a number for text, and no line at all for ch2-1.
    const proxy = await startSpoilingProxy(fake.url, (path, body) => {
      if (!path.endsWith('/results')) return body.replaceAll(fake.url, proxyUrl);
      const lines = body
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      const good = lines.find((l) => l.custom_id === 'ch1-0');
      return [
        '{"not json',
        JSON.stringify({ ...good, custom_id: 'stranger' }),
        JSON.stringify({ custom_id: 'ch1-1', result: { type: 'succeeded' } }),
        JSON.stringify({
          custom_id: 'ch2-0',
          result: { type: 'succeeded', message: { content: [{ type: 'text', text: 42 }] } },
        }),
        JSON.stringify(good),
        '',
      ].join('\n');
    });
    proxyUrl = proxy.url;
    closers.push(() => fake.close(), proxy.close);
    const batch = createBatchClient({ engine: 'anthropic', baseUrl: proxy.url, apiKey: 'k', model: 'm' })!;
    const { id } = await batch.submit(batchRequests());
    await settleBatch(batch, id);
    const results = await batch.results(id, { customIds: ids });
    expectHostileResults(results, 'without a message');
  });
});
