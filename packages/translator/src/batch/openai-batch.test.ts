import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeLlmOptions, reverseWords, startFakeLlm } from '@booktranslate/testkit';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { isTranslatorError } from '../errors';
import type { BatchClient, BatchRequest, BatchStatus } from './batch-client';
import { createBatchClient } from './create-batch-client';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function start(options: FakeLlmOptions = {}, apiKey = 'k') {
  const llm = await startFakeLlm({ batchDelayMs: 100, seed: 1, apiKey: 'k', ...options });
  closers.push(() => llm.close());
  const batch = createBatchClient({ engine: 'openai', baseUrl: llm.baseURL, apiKey, model: 'gpt-4.1-mini' })!;
  return { llm, batch };
}

const TEXTS: Record<string, string> = {
  'ch1-0': 'The old man.',
  'ch1-1': 'The sea.',
  'ch2-0': 'A boy.',
  'ch2-1': 'The fish.',
};
const requests = (ids = Object.keys(TEXTS)): BatchRequest[] =>
  ids.map((customId) => ({
    customId,
    system: 'You translate books.',
    user: `Translate to Spanish.\nBLOCKS:\n${JSON.stringify({ '1': TEXTS[customId] })}`,
    model: '',
    maxOutputTokens: 500,
  }));

async function settle(batch: BatchClient, id: string): Promise<{ last: BatchStatus; seen: string[] }> {
  const seen: string[] = [];
  for (let i = 0; i < 300; i++) {
    const last = await batch.status(id);
    seen.push(last.state);
    if (last.state !== 'in_progress') return { last, seen };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`batch ${id} did not end`);
}
const textOf = (reply: { text: string } | undefined) => JSON.parse(reply?.text ?? '{}')['1'];

describe('OpenAI batch client against the fake Batch API', () => {
  it('submits, polls to ended and matches every reply to its custom id, at half the price', async () => {
    const { llm, batch } = await start();
    expect(batch).toMatchObject({ provider: 'openai', model: 'gpt-4.1-mini', priceFactor: 0.5 });
    const ids = ['ch2-1', 'ch1-0', 'ch2-0', 'ch1-1'];
    const { id } = await batch.submit(requests(ids));
    const { last, seen } = await settle(batch, id);
    expect(seen[0]).toBe('in_progress');
    expect(last).toMatchObject({ id, state: 'ended', counts: { total: 4, succeeded: 4, failed: 0 } });
    const results = await batch.results(id);
    expect(results.map((r) => r.customId)).toEqual(ids);
    for (const result of results) {
      expect(result.error).toBeUndefined();
      expect(reverseWords(textOf(result.reply))).toBe(TEXTS[result.customId]);
      expect(result.reply?.finish).toBe('stop');
    }
    const stats = llm.stats();
    expect(stats).toMatchObject({ batches: 1, batch_requests: 4, requests: 0 });
    expect(results.reduce((sum, r) => sum + r.reply!.inputTokens, 0)).toBe(stats.batch_input_tokens);
    expect(results.reduce((sum, r) => sum + r.reply!.outputTokens, 0)).toBe(stats.batch_output_tokens);
  });

  it("sends each request as the engine's chat body: JSON mode, reasoning parameters, the default model", async () => {
    const { llm, batch } = await start();
    const { id } = await batch.submit(requests(['ch1-0']));
    const sdk = new OpenAI({ baseURL: llm.baseURL, apiKey: 'k', maxRetries: 0 });
    const input = await (await sdk.files.content((await sdk.batches.retrieve(id)).input_file_id)).text();
    expect(JSON.parse(input)).toEqual({
      custom_id: 'ch1-0',
      method: 'POST',
      url: '/v1/chat/completions',
      body: {
        model: 'gpt-4.1-mini',
        messages: [
          { role: 'system', content: 'You translate books.' },
          { role: 'user', content: requests(['ch1-0'])[0]!.user },
        ],
        temperature: 0.3,
        response_format: { type: 'json_object' },
      },
    });
  });

  it('gives a failed request of an ended batch a retryable error, the rest their replies', async () => {
    const { batch } = await start({ batchFailRate: 0.5, seed: 2 });
    const { id } = await batch.submit(requests());
    expect((await settle(batch, id)).last.counts).toEqual({ total: 4, succeeded: 3, failed: 1 });
    const results = await batch.results(id);
    const failed = results.filter((r) => r.error);
    expect(failed).toEqual([
      { customId: 'ch1-1', error: { message: expect.stringContaining('500'), retryable: true } },
    ]);
    expect(results.filter((r) => r.reply)).toHaveLength(3);
  });

  it('returns the finished part of an expired batch and a retryable error for the rest', async () => {
    const { batch } = await start({ batchExpire: 0.5 });
    const { id } = await batch.submit(requests());
    expect((await settle(batch, id)).last.state).toBe('expired');
    const results = await batch.results(id);
    expect(results.map((r) => Boolean(r.reply))).toEqual([true, true, false, false]);
    expect(results[2]!.error).toEqual({ message: expect.stringContaining('expired'), retryable: true });
  });

  it('reports a batch refused as a whole as failed, with the provider’s reason on every request', async () => {
    const { batch } = await start({ batchMaxRequests: 3 });
    const { id } = await batch.submit(requests());
    const { last } = await settle(batch, id);
    expect(last).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('more than the 3 allowed'),
    });
    const results = await batch.results(id);
    expect(results).toHaveLength(4);
    expect(results.every((r) => r.error?.retryable === false && r.error.message.includes('refused'))).toBe(
      true,
    );
  });

  it('cancels a running batch; its unfinished requests come back retryable; cancelling an ended one does nothing', async () => {
    const { batch } = await start({ batchDelayMs: 3_000 });
    const { id } = await batch.submit(requests());
    await batch.cancel(id);
    expect((await batch.status(id)).state).toBe('in_progress'); // cancelling
    expect((await settle(batch, id)).last.state).toBe('cancelled');
    const results = await batch.results(id);
    // Cancelled while validating, nothing ran; a slow machine may have let a few run first.
    const unfinished = results.filter((r) => !r.reply);
    expect(unfinished.length).toBeGreaterThan(0);
    expect(unfinished.every((r) => r.error?.retryable && r.error.message.includes('cancelled'))).toBe(true);
    await expect(batch.cancel(id)).resolves.toBeUndefined();
    await expect(batch.results('batch_none')).rejects.toMatchObject({ code: 'engine_unavailable' });
  });

  it('refuses results before the batch ends, and bad custom ids before any upload', async () => {
    const { llm, batch } = await start({ batchDelayMs: 3_000 });
    const { id } = await batch.submit(requests());
    await expect(batch.results(id)).rejects.toMatchObject({ code: 'bad_request' });
    await expect(batch.submit([{ ...requests()[0]!, customId: 'a b' }])).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(batch.submit([...requests(), requests()[0]!])).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(batch.submit([])).rejects.toMatchObject({ code: 'bad_request' });
    expect(llm.stats().batches).toBe(1);
  });

  it.each([
    ['a wrong key', 'auth_failed', {}, 'wrong'],
    ['an exhausted account', 'quota_exhausted', { insufficientQuota: true }, 'k'],
  ])('maps %s to %s, as the engine does', async (_label, code, options, key) => {
    const { batch } = await start(options, key);
    const error = await batch.submit(requests()).catch((e: unknown) => e);
    expect(isTranslatorError(error) && error.code).toBe(code);
    expect(isTranslatorError(error) && error.retryable).toBe(false);
  });

  it('turns hostile output lines into per-request errors, never a crash', async () => {
    const { llm } = await start();
    // A proxy that spoils the output file: a line that is not JSON, one for a request never sent, one
    // without a body, and one whose completion is a number where text belongs.
    const proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const upstream = await fetch(`${llm.url}${req.url}`, {
        method: req.method,
        headers: {
          'content-type': req.headers['content-type'] ?? '',
          authorization: req.headers.authorization ?? '',
        },
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      let body = Buffer.from(await upstream.arrayBuffer());
      if (/\/files\/.+\/content$/.test(req.url ?? '') && body.includes('"batch_req_')) {
        const lines = body
          .toString()
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l));
        const spoil = (customId: string, response: unknown) =>
          JSON.stringify({ id: 'x', custom_id: customId, response, error: null });
        body = Buffer.from(
          [
            '{"not json',
            spoil('stranger', lines[0].response),
            spoil('ch1-1', { status_code: 200, request_id: 'r' }),
            spoil('ch2-0', { status_code: 200, body: { choices: [{ message: { content: 42 } }] } }),
            JSON.stringify(lines.find((l) => l.custom_id === 'ch1-0')),
            '',
          ].join('\n'),
        );
      }
      res.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
      });
      res.end(body);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => proxy.close(() => resolve())));
    const port = (proxy.address() as AddressInfo).port;
    const batch = createBatchClient({
      engine: 'openai',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: 'k',
      model: 'm',
    })!;
    const { id } = await batch.submit(requests());
    await settle(batch, id);
    const results = await batch.results(id);
    expect(results.map((r) => r.customId)).toEqual(['ch1-0', 'ch1-1', 'ch2-0', 'ch2-1']);
    expect(textOf(results[0]!.reply)).toBe('ehT dlo nam.');
    expect(results.slice(1).map((r) => r.error?.retryable)).toEqual([true, true, true]);
    expect(results[1]!.error?.message).toContain('without a chat completion');
    expect(results[3]!.error?.message).toContain('without a result');
  });
});
