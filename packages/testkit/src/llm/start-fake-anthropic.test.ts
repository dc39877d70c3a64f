import { afterEach, describe, expect, it } from 'vitest';
import type { FakeProviderOptions } from './provider-options';
import { reverseWords } from './reverse-words';
import { startFakeAnthropic } from './start-fake-anthropic';
import type { FakeProvider } from './start-provider-fake';

const peers: FakeProvider[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

async function start(options: FakeProviderOptions = {}) {
  const fake = await startFakeAnthropic({ apiKey: 'k', seed: 1, batchDelayMs: 100, ...options });
  peers.push(fake);
  const call = async (method: string, path: string, body?: unknown, key = 'k') => {
    const res = await fetch(`${fake.url}${path}`, {
      method,
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) };
  };
  return { fake, call };
}

const params = (text: string, max_tokens = 500) => ({
  model: 'claude-test',
  max_tokens,
  system: [{ type: 'text', text: 'You translate.' }],
  messages: [{ role: 'user', content: `Translate.\nBLOCKS:\n${JSON.stringify({ '1': text })}` }],
});

async function ended(call: Awaited<ReturnType<typeof start>>['call'], id: string) {
  for (let i = 0; i < 300; i++) {
    const batch = (await call('GET', `/v1/messages/batches/${id}`)).json();
    if (batch.processing_status === 'ended') return batch;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('batch did not end');
}

describe('startFakeAnthropic: Messages API', () => {
  it('answers with reversed words, a message shape, end_turn and usage counted in stats', async () => {
    const { fake, call } = await start();
    const reply = await call('POST', '/v1/messages', params('The old man.'));
    expect(reply.status).toBe(200);
    const message = reply.json();
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      stop_reason: 'end_turn',
    });
    expect(reverseWords(JSON.parse(message.content[0].text)['1'])).toBe('The old man.');
    expect(fake.stats()).toMatchObject({
      requests: 1,
      input_tokens: message.usage.input_tokens,
      output_tokens: message.usage.output_tokens,
    });
    expect(fake.received()[0]![0]).toEqual({ role: 'system', content: 'You translate.' });
  });

  it('stops at max_tokens and refuses a wrong key, a missing version and a bad body in Anthropic’s shape', async () => {
    const { call } = await start();
    expect(
      (await call('POST', '/v1/messages', params('The old man and the sea.', 3))).json().stop_reason,
    ).toBe('max_tokens');
    const wrong = await call('POST', '/v1/messages', params('x'), 'nope');
    expect(wrong.status).toBe(401);
    expect(wrong.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const noVersion = await fetch(`${(await start()).fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'k' },
    });
    expect(noVersion.status).toBe(400);
    const bad = await call('POST', '/v1/messages', { model: 'm', messages: [] });
    expect(bad.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});

describe('startFakeAnthropic: Message Batches', () => {
  it('runs a batch to ended, serves JSONL results by custom_id and counts batch tokens apart', async () => {
    const { fake, call } = await start();
    const created = await call('POST', '/v1/messages/batches', {
      requests: [
        { custom_id: 'a', params: params('The sea.') },
        { custom_id: 'b', params: params('A boy.') },
      ],
    });
    const batch = created.json();
    expect(batch).toMatchObject({
      type: 'message_batch',
      processing_status: 'in_progress',
      results_url: null,
    });
    expect(batch.request_counts).toEqual({
      processing: 2,
      succeeded: 0,
      errored: 0,
      canceled: 0,
      expired: 0,
    });
    const done = await ended(call, batch.id);
    expect(done.request_counts).toMatchObject({ processing: 0, succeeded: 2 });
    expect(done.results_url).toBe(`${fake.url}/v1/messages/batches/${batch.id}/results`);
    const lines = (await call('GET', `/v1/messages/batches/${batch.id}/results`)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.custom_id, l.result.type])).toEqual([
      ['a', 'succeeded'],
      ['b', 'succeeded'],
    ]);
    expect(lines[0].result.message.usage.service_tier).toBe('batch');
    const stats = fake.stats();
    expect(stats).toMatchObject({ requests: 0, input_tokens: 0, batches: 1, batch_requests: 2 });
    expect(stats.batch_output_tokens).toBe(
      lines.reduce((sum, l) => sum + l.result.message.usage.output_tokens, 0),
    );
    const list = (await call('GET', '/v1/messages/batches?limit=5')).json();
    expect(list).toMatchObject({ data: [{ id: batch.id }], has_more: false });
  });

  it('errors some requests, expires the rest, cancels, and refuses bad lists', async () => {
    const { call, fake } = await start({ batchFailRate: 1 });
    const requests = ['a', 'b', 'c', 'd'].map((custom_id) => ({ custom_id, params: params('x') }));
    const failing = (await call('POST', '/v1/messages/batches', { requests })).json();
    expect((await ended(call, failing.id)).request_counts).toMatchObject({ errored: 4 });
    fake.configure({ batchFailRate: 0, batchExpire: 0.5 });
    const expiring = (await call('POST', '/v1/messages/batches', { requests })).json();
    expect((await ended(call, expiring.id)).request_counts).toMatchObject({ succeeded: 2, expired: 2 });
    const lines = (await call('GET', `/v1/messages/batches/${expiring.id}/results`)).text.trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).result.type)).toEqual([
      'succeeded',
      'succeeded',
      'expired',
      'expired',
    ]);
    fake.configure({ batchExpire: undefined, batchDelayMs: 5_000 });
    const cancelled = (await call('POST', '/v1/messages/batches', { requests })).json();
    expect((await call('POST', `/v1/messages/batches/${cancelled.id}/cancel`)).json().processing_status).toBe(
      'canceling',
    );
    expect((await ended(call, cancelled.id)).request_counts.canceled).toBeGreaterThan(0);
    expect(
      (await call('POST', '/v1/messages/batches', { requests: [...requests, requests[0]] })).status,
    ).toBe(400);
    expect(
      (await call('POST', '/v1/messages/batches', { requests: [{ custom_id: 'a b', params: params('x') }] }))
        .status,
    ).toBe(400);
    expect((await call('GET', '/v1/messages/batches/msgbatch_none')).status).toBe(404);
  });
});

describe('fake Message Batches list', () => {
  it('pages newest first with after_id and back with before_id, and loses an answer on demand', async () => {
    const { fake, call } = await start({ batchLostAnswers: 1 });
    const create = (n: number) =>
      call('POST', '/v1/messages/batches', { requests: [{ custom_id: `b${n}`, params: params(`n${n}`) }] });
    // The first creation is accepted and its connection dropped.
    await expect(create(1)).rejects.toThrow();
    for (const n of [2, 3, 4, 5]) expect((await create(n)).status).toBe(200);
    expect(fake.stats()).toMatchObject({ batches: 5, batch_answers_lost: 1 });
    const page = async (query: string) => (await call('GET', `/v1/messages/batches?${query}`)).json();
    const ids = (list: { data: Array<{ id: string }> }) => list.data.map((b) => b.id.replace(/\D+/, ''));
    const first = await page('limit=2');
    expect({ ids: ids(first), has_more: first.has_more }).toEqual({ ids: ['5', '4'], has_more: true });
    const second = await page(`limit=2&after_id=${first.last_id}`);
    expect({ ids: ids(second), has_more: second.has_more }).toEqual({ ids: ['3', '2'], has_more: true });
    const last = await page(`limit=2&after_id=${second.last_id}`);
    expect({ ids: ids(last), has_more: last.has_more }).toEqual({ ids: ['1'], has_more: false });
    const back = await page(`limit=2&before_id=${last.first_id}`);
    expect({ ids: ids(back), has_more: back.has_more }).toEqual({ ids: ['3', '2'], has_more: true });
    expect(back).toMatchObject({ first_id: second.first_id, last_id: second.last_id });
    expect((await call('GET', '/v1/messages/batches?after_id=msgbatch_none')).status).toBe(404);
  });
});
