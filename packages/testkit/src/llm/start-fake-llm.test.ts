import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeLlmOptions } from './fake-llm-options';
import { reverseWords } from './reverse-words';
import { type FakeLlm, startFakeLlm } from './start-fake-llm';

const BLOCKS = { '1': '<g1>Anna</g1> said: «Привет!»', '2': 'Tokyo 東京<x2/> 2024.', '3': 'The end.' };
const prompt = (blocks: Record<string, string> = BLOCKS) =>
  `Translate to Spanish. Reply with JSON only.\nBLOCKS:\n${JSON.stringify(blocks)}`;

const peers: FakeLlm[] = [];
async function start(options: FakeLlmOptions = {}) {
  const llm = await startFakeLlm(options);
  peers.push(llm);
  return {
    llm,
    client: new OpenAI({ baseURL: llm.baseURL, apiKey: 'test-key', maxRetries: 0, timeout: 5_000 }),
  };
}
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

const ask = (client: OpenAI, content = prompt()) =>
  client.chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content }] });

describe('startFakeLlm: replies', () => {
  it('answers a BLOCKS request through the official client with reversed words and usage', async () => {
    const { llm, client } = await start();
    const completion = await ask(client);
    const reply = JSON.parse(completion.choices[0]!.message.content!);
    expect(Object.keys(reply)).toEqual(['1', '2', '3']);
    for (const [key, value] of Object.entries(BLOCKS)) expect(reverseWords(reply[key])).toBe(value);
    expect(reply['1']).toBe('<g1>annA</g1> dias: «тевирП!»');
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(completion.model).toBe('gpt-test');
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(20);
    expect(completion.usage!.completion_tokens).toBeGreaterThan(10);
    const stats = llm.stats();
    expect(stats).toMatchObject({ requests: 1, by_status: { '200': 1 }, max_in_flight: 1 });
    expect(stats.input_tokens).toBe(completion.usage!.prompt_tokens);
    expect(stats.output_tokens).toBe(completion.usage!.completion_tokens);
  });

  it('keeps the messages of the requests it received, so a test can see what a caller sent', async () => {
    const { llm, client } = await start();
    await ask(client, prompt({ '1': 'First.' }));
    await ask(client, prompt({ '1': 'Second.' }));
    const received = llm.received();
    expect(received).toHaveLength(2);
    expect(received[1]?.[0]).toMatchObject({ role: 'user', content: prompt({ '1': 'Second.' }) });
  });

  it('streams SSE chunks that add up to the reply, with usage last and [DONE] at the end', async () => {
    const { llm, client } = await start({ msPerOutputToken: 1 });
    const stream = await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: prompt() }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let chunks = 0;
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(chunks).toBeGreaterThan(4);
    expect(finish).toBe('stop');
    expect(JSON.parse(text)['3']).toBe('ehT dne.');
    expect(usage?.completion_tokens).toBe(llm.stats().output_tokens);
    const raw = await fetch(`${llm.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hi there' }] }),
    });
    expect(raw.headers.get('content-type')).toBe('text/event-stream');
    const body = await raw.text();
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(body).not.toContain('"usage"');
  });

  it('honours max_tokens with finish_reason length', async () => {
    const { client } = await start();
    const completion = await client.chat.completions.create({
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: prompt() }],
    });
    expect(completion.choices[0]!.finish_reason).toBe('length');
    expect(completion.usage!.completion_tokens).toBe(5);
    expect(() => JSON.parse(completion.choices[0]!.message.content!)).toThrow();
  });

  it('checks the API key and the context length when asked to', async () => {
    const { client } = await start({ apiKey: 'right', maxContextTokens: 30 });
    await expect(ask(client)).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    const right = new OpenAI({ baseURL: client.baseURL, apiKey: 'right', maxRetries: 0 });
    await expect(ask(right)).rejects.toMatchObject({ status: 400, code: 'context_length_exceeded' });
    await expect(ask(right, 'BLOCKS:\n{"1":"short"}')).resolves.toBeTruthy();
  });
});
