import { afterEach, describe, expect, it } from 'vitest';
import type { FakeProviderOptions } from './provider-options';
import { reverseWords } from './reverse-words';
import { startFakeGemini } from './start-fake-gemini';
import type { FakeProvider } from './start-provider-fake';

const peers: FakeProvider[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

async function start(options: FakeProviderOptions = {}) {
  const fake = await startFakeGemini({ apiKey: 'k', seed: 1, batchDelayMs: 100, ...options });
  peers.push(fake);
  const call = async (method: string, path: string, body?: unknown, key = 'k') => {
    const res = await fetch(`${fake.url}${path}`, {
      method,
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: JSON.parse(await res.text()) };
  };
  return { fake, call };
}

const request = (text: string, maxOutputTokens = 500) => ({
  contents: [{ role: 'user', parts: [{ text: `Translate.\nBLOCKS:\n${JSON.stringify({ '1': text })}` }] }],
  systemInstruction: { parts: [{ text: 'You translate.' }] },
  generationConfig: {
    maxOutputTokens,
    responseMimeType: 'application/json',
    thinkingConfig: { thinkingBudget: 0 },
  },
});

async function ended(call: Awaited<ReturnType<typeof start>>['call'], name: string) {
  const states: string[] = [];
  for (let i = 0; i < 300; i++) {
    const operation = (await call('GET', `/v1beta/${name}`)).json;
    states.push(operation.metadata.state);
    if (operation.done) return { operation, states };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('batch did not end');
}

describe('startFakeGemini: generateContent', () => {
  it('answers with reversed words and usage, the key in the header or the query', async () => {
    const { fake, call } = await start({ reasoningTokens: 50 });
    const reply = await call('POST', '/v1beta/models/gemini-test:generateContent', request('The old man.'));
    expect(reply.status).toBe(200);
    const candidate = reply.json.candidates[0];
    expect(candidate.finishReason).toBe('STOP');
    expect(reverseWords(JSON.parse(candidate.content.parts[0].text)['1'])).toBe('The old man.');
    expect(reply.json.usageMetadata.thoughtsTokenCount).toBeUndefined(); // a budget of 0 thinks not
    expect(fake.stats()).toMatchObject({
      requests: 1,
      input_tokens: reply.json.usageMetadata.promptTokenCount,
    });
    const byQuery = await fetch(`${fake.url}/v1beta/models/gemini-test:generateContent?key=k`, {
      method: 'POST',
      body: JSON.stringify({ ...request('x'), generationConfig: {} }),
    });
    expect(JSON.parse(await byQuery.text()).usageMetadata.thoughtsTokenCount).toBe(50);
  });

  it('stops at MAX_TOKENS and refuses a wrong key as Gemini does', async () => {
    const { call } = await start();
    const cut = await call(
      'POST',
      '/v1beta/models/m:generateContent',
      request('The old man and the sea.', 3),
    );
    expect(cut.json.candidates[0].finishReason).toBe('MAX_TOKENS');
    const wrong = await call('POST', '/v1beta/models/m:generateContent', request('x'), 'nope');
    expect(wrong).toMatchObject({
      status: 400,
      json: { error: { status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } },
    });
  });
});

describe('startFakeGemini: batch mode', () => {
  const batchBody = (n: number) => ({
    batch: {
      displayName: 'book',
      inputConfig: {
        requests: {
          requests: Array.from({ length: n }, (_, i) => ({
            request: request(`Word ${i}.`),
            metadata: { key: `k${i}` },
          })),
        },
      },
    },
  });

  it('runs an operation from PENDING to SUCCEEDED with inlined responses in order, counted apart', async () => {
    const { fake, call } = await start();
    const created = await call('POST', '/v1beta/models/gemini-test:batchGenerateContent', batchBody(3));
    expect(created.json).toMatchObject({ name: 'batches/fake1', metadata: { state: 'BATCH_STATE_PENDING' } });
    const { operation, states } = await ended(call, created.json.name);
    expect(states.at(-1)).toBe('BATCH_STATE_SUCCEEDED');
    const responses = operation.metadata.output.inlinedResponses.inlinedResponses;
    expect(responses.map((r: { metadata: { key: string } }) => r.metadata.key)).toEqual(['k0', 'k1', 'k2']);
    expect(JSON.parse(responses[1].response.candidates[0].content.parts[0].text)['1']).toBe('droW 1.');
    expect(fake.stats()).toMatchObject({ requests: 0, batches: 1, batch_requests: 3 });
    expect((await call('GET', '/v1beta/batches')).json.operations).toHaveLength(1);
  });

  it('fails requests, expires part of a batch, cancels, and refuses an empty batch', async () => {
    const { fake, call } = await start({ batchFailRate: 1 });
    const failing = (await call('POST', '/v1beta/models/m:batchGenerateContent', batchBody(2))).json;
    const failed = (await ended(call, failing.name)).operation.metadata.output.inlinedResponses
      .inlinedResponses;
    expect(failed[0]).toMatchObject({ error: { code: 500, status: 'INTERNAL' }, metadata: { key: 'k0' } });
    fake.configure({ batchFailRate: 0, batchExpire: 0.5 });
    const expiring = (await call('POST', '/v1beta/models/m:batchGenerateContent', batchBody(4))).json;
    const expired = (await ended(call, expiring.name)).operation;
    expect(expired.metadata.state).toBe('BATCH_STATE_EXPIRED');
    expect(expired.metadata.output.inlinedResponses.inlinedResponses).toHaveLength(2);
    fake.configure({ batchExpire: undefined, batchDelayMs: 5_000 });
    const running = (await call('POST', '/v1beta/models/m:batchGenerateContent', batchBody(2))).json;
    expect((await call('POST', `/v1beta/${running.name}:cancel`)).json).toEqual({});
    expect((await ended(call, running.name)).operation.metadata.state).toBe('BATCH_STATE_CANCELLED');
    expect((await call('POST', '/v1beta/models/m:batchGenerateContent', batchBody(0))).status).toBe(400);
    expect((await call('GET', '/v1beta/batches/none')).status).toBe(404);
  });
});
