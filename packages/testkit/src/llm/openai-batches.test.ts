import OpenAI, { toFile } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeLlmOptions } from './fake-llm-options';
import { type FakeLlm, startFakeLlm } from './start-fake-llm';

const peers: FakeLlm[] = [];
async function start(options: FakeLlmOptions = {}) {
  const llm = await startFakeLlm({ batchDelayMs: 100, seed: 1, ...options });
  peers.push(llm);
  return { llm, client: new OpenAI({ baseURL: llm.baseURL, apiKey: 'k', maxRetries: 0, timeout: 5_000 }) };
}
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

const chatBody = (text: string) => ({
  model: 'gpt-test',
  messages: [{ role: 'user' as const, content: `Translate.\nBLOCKS:\n${JSON.stringify({ '1': text })}` }],
});
const line = (id: string, text: string) =>
  JSON.stringify({ custom_id: id, method: 'POST', url: '/v1/chat/completions', body: chatBody(text) });
const TEXTS = ['The old man.', 'The sea.', 'A boy.', 'The fish.'];
const jsonl = (lines: string[]) => `${lines.join('\n')}\n`;

async function submit(client: OpenAI, text = jsonl(TEXTS.map((t, i) => line(`r${i}`, t)))) {
  const file = await client.files.create({
    file: await toFile(Buffer.from(text), 'in.jsonl'),
    purpose: 'batch',
  });
  return client.batches.create({
    input_file_id: file.id,
    endpoint: '/v1/chat/completions',
    completion_window: '24h',
    metadata: { book: 'b1' },
  });
}

async function settle(client: OpenAI, id: string) {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const batch = await client.batches.retrieve(id);
    seen.add(batch.status);
    if (['completed', 'expired', 'failed', 'cancelled'].includes(batch.status)) return { batch, seen };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`batch ${id} did not end`);
}

interface Line {
  custom_id: string;
  response: { status_code: number; body: Record<string, unknown> } | null;
  error: { code: string } | null;
}
async function lines(client: OpenAI, fileId: string | null | undefined): Promise<Line[]> {
  if (!fileId) return [];
  const text = await (await client.files.content(fileId)).text();
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
}
const content = (l: Line) => {
  const body = l.response!.body as { choices: Array<{ message: { content: string } }> };
  return JSON.parse(body.choices[0]!.message.content);
};

describe('fake OpenAI Batch API', () => {
  it('runs a batch through validating, in_progress and finalizing to completed, replying as chat does', async () => {
    const { llm, client } = await start();
    const created = await submit(client);
    expect(created).toMatchObject({
      status: 'validating',
      completion_window: '24h',
      metadata: { book: 'b1' },
    });
    const { batch, seen } = await settle(client, created.id);
    // Polling may miss a short state on a loaded machine; the states seen keep their order and the
    // batch's timestamps say every step happened.
    const order = ['validating', 'in_progress', 'finalizing', 'completed'];
    expect([...seen]).toEqual(order.filter((state) => seen.has(state)));
    expect(batch.in_progress_at).toBeGreaterThanOrEqual(batch.created_at);
    expect(batch.finalizing_at).toBeGreaterThanOrEqual(batch.in_progress_at!);
    expect(batch.completed_at).toBeGreaterThanOrEqual(batch.finalizing_at!);
    expect(batch.request_counts).toEqual({ total: 4, completed: 4, failed: 0 });
    expect(batch.error_file_id).toBeNull();
    const out = await lines(client, batch.output_file_id);
    expect(out.map((l) => l.custom_id)).toEqual(['r0', 'r1', 'r2', 'r3']);
    expect(content(out[0]!)).toEqual({ '1': 'ehT dlo nam.' });
    const sync = await client.chat.completions.create(chatBody('The old man.'));
    expect(out[0]!.response!.body.usage).toEqual(sync.usage);
    const stats = llm.stats();
    expect(stats).toMatchObject({ batches: 1, batch_requests: 4, requests: 1 });
    const usages = out.map(
      (l) => l.response!.body.usage as { prompt_tokens: number; completion_tokens: number },
    );
    expect(stats.batch_input_tokens).toBe(usages.reduce((sum, u) => sum + u.prompt_tokens, 0));
    expect(stats.batch_output_tokens).toBe(usages.reduce((sum, u) => sum + u.completion_tokens, 0));
    expect(stats.input_tokens).toBe(sync.usage!.prompt_tokens);
  });

  it('puts the failed requests of a batch in its error file with status 500', async () => {
    const { llm, client } = await start({ batchFailRate: 0.5, seed: 2 });
    const { batch } = await settle(client, (await submit(client)).id);
    const out = await lines(client, batch.output_file_id);
    const failed = await lines(client, batch.error_file_id);
    // Seed 2: the second request's draw falls under the rate.
    expect(failed.map((l) => l.custom_id)).toEqual(['r1']);
    expect(out.map((l) => l.custom_id)).toEqual(['r0', 'r2', 'r3']);
    expect(failed.every((l) => l.response?.status_code === 500)).toBe(true);
    expect(batch.request_counts).toEqual({ total: 4, completed: out.length, failed: failed.length });
    expect(llm.stats().faults.fail).toBe(failed.length);
  });

  it('expires with part done: the rest are batch_expired lines in the error file', async () => {
    const { client } = await start({ batchExpire: 0.5 });
    const { batch } = await settle(client, (await submit(client)).id);
    expect(batch.status).toBe('expired');
    expect((await lines(client, batch.output_file_id)).map((l) => l.custom_id)).toEqual(['r0', 'r1']);
    const expired = await lines(client, batch.error_file_id);
    expect(expired.map((l) => [l.custom_id, l.error?.code, l.response])).toEqual([
      ['r2', 'batch_expired', null],
      ['r3', 'batch_expired', null],
    ]);
  });

  it.each([
    ['a line that is not JSON', jsonl([line('a', 'x'), '{not json']), {}, 'invalid_json_line', 2],
    ['a repeated custom_id', jsonl([line('a', 'x'), line('a', 'y')]), {}, 'duplicate_custom_id', 2],
    [
      'more requests than allowed',
      jsonl(TEXTS.map((t, i) => line(`r${i}`, t))),
      { batchMaxRequests: 3 },
      'too_many_requests',
      null,
    ],
  ])('fails a batch as a whole for %s', async (_label, input, options, code, at) => {
    const { llm, client } = await start(options);
    const { batch } = await settle(client, (await submit(client, input)).id);
    expect(batch.status).toBe('failed');
    expect(batch.errors?.data?.[0]).toMatchObject({ code, line: at });
    expect(batch.output_file_id).toBeNull();
    expect(llm.stats().batch_requests).toBe(0);
  });

  it('cancels a running batch (cancelling, then cancelled) and refuses to cancel an ended one', async () => {
    const { client } = await start({ batchDelayMs: 2_000 });
    const created = await submit(client);
    const cancelling = await client.batches.cancel(created.id);
    expect(cancelling.status).toBe('cancelling');
    const { batch } = await settle(client, created.id);
    expect(batch.status).toBe('cancelled');
    expect(batch.cancelled_at).toBeGreaterThan(0);
    await expect(client.batches.cancel(created.id)).rejects.toMatchObject({ status: 400 });
  });

  it('lists batches newest first, keeps files until deleted and refuses a wrong key', async () => {
    const { llm, client } = await start({ apiKey: 'k' });
    const first = await submit(client);
    const second = await submit(client);
    const page = await client.batches.list({ limit: 1 });
    expect(page.data.map((b) => b.id)).toEqual([second.id]);
    expect(page.has_more).toBe(true);
    const file = await client.files.retrieve(first.input_file_id);
    expect(file).toMatchObject({ purpose: 'batch', filename: 'in.jsonl', status: 'processed' });
    expect(await client.files.delete(file.id)).toEqual({ id: file.id, object: 'file', deleted: true });
    await expect(client.files.retrieve(file.id)).rejects.toMatchObject({ status: 404 });
    const stranger = new OpenAI({ baseURL: llm.baseURL, apiKey: 'wrong', maxRetries: 0 });
    await expect(stranger.batches.retrieve(first.id)).rejects.toMatchObject({ status: 401 });
    await expect(
      stranger.files.create({ file: await toFile(Buffer.from('{}'), 'x.jsonl'), purpose: 'batch' }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('refuses an input file that is not .jsonl and a batch on an unknown file', async () => {
    const { client } = await start();
    await expect(
      client.files.create({ file: await toFile(Buffer.from('{}'), 'in.txt'), purpose: 'batch' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      client.batches.create({
        input_file_id: 'file-none',
        endpoint: '/v1/chat/completions',
        completion_window: '24h',
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('fake OpenAI flex service tier', () => {
  const ask = (client: OpenAI, tier?: 'flex') =>
    client.chat.completions.create({ ...chatBody('The sea.'), service_tier: tier });

  it('serves service_tier flex, says so, and counts it apart', async () => {
    const { llm, client } = await start({ flexLatencyMs: 150 });
    const standard = await ask(client);
    const started = performance.now();
    const flex = await ask(client, 'flex');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(standard.service_tier).toBe('default');
    expect(flex.service_tier).toBe('flex');
    expect(llm.stats()).toMatchObject({
      requests: 2,
      flex_requests: 1,
      flex_input_tokens: flex.usage!.prompt_tokens,
      flex_output_tokens: flex.usage!.completion_tokens,
      input_tokens: standard.usage!.prompt_tokens + flex.usage!.prompt_tokens,
    });
  });

  it('answers 429 resource_unavailable when flex capacity is short, leaving standard requests alone', async () => {
    const { client } = await start({ flexUnavailableRate: 1 });
    await expect(ask(client, 'flex')).rejects.toMatchObject({ status: 429, code: 'resource_unavailable' });
    expect((await ask(client)).service_tier).toBe('default');
  });
});
