import { afterEach, describe, expect, it } from 'vitest';
import type { FakeLlmOptions } from './fake-llm-options';
import { type FakeLlm, startFakeLlm } from './start-fake-llm';

const BLOCKS = { '1': 'One block.', '2': 'Two blocks.', '3': 'Three blocks.' };
const peers: FakeLlm[] = [];
async function start(options: FakeLlmOptions) {
  const llm = await startFakeLlm(options);
  peers.push(llm);
  return llm;
}
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

function post(llm: FakeLlm, init: { stream?: boolean; signal?: AbortSignal } = {}) {
  const content = `Translate.\nBLOCKS:\n${JSON.stringify(BLOCKS)}`;
  return fetch(`${llm.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
    body: JSON.stringify({ model: 'm', stream: init.stream, messages: [{ role: 'user', content }] }),
    signal: init.signal,
  });
}
/** The parts of a completion or error body these tests read. */
interface Body {
  choices: Array<{ finish_reason: string; message: { content: string; refusal: string | null } }>;
  usage: { completion_tokens: number };
  error: { type: string; code: string };
}
const json = (res: Response) => res.json() as Promise<Body>;
const message = async (res: Response) => (await json(res)).choices[0]!;

describe('startFakeLlm: faults', () => {
  it('fail-rate answers 500 server_error', async () => {
    const llm = await start({ failRate: 1 });
    const res = await post(llm);
    expect(res.status).toBe(500);
    expect((await json(res)).error.type).toBe('server_error');
    expect(llm.stats().faults.fail).toBe(1);
  });

  it('timeout-rate hangs until the client gives up, counting the wait as busy time', async () => {
    const llm = await start({ timeoutRate: 1 });
    await expect(post(llm, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    // The server learns of the abort when the socket closes; give a loaded machine a moment.
    for (let i = 0; i < 100 && llm.stats().busy_ms === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const stats = llm.stats();
    expect(stats.faults.timeout).toBe(1);
    expect(stats.by_status).toEqual({});
    expect(stats.busy_ms).toBeGreaterThanOrEqual(150);
  });

  it('drop-rate leaves one block out', async () => {
    const llm = await start({ dropRate: 1, seed: 3 });
    const reply = JSON.parse((await message(await post(llm))).message.content);
    expect(Object.keys(reply)).toHaveLength(2);
    expect(llm.stats().faults.drop).toBe(1);
  });

  it('chatter-rate wraps the JSON in commentary', async () => {
    const llm = await start({ chatterRate: 1 });
    const content: string = (await message(await post(llm))).message.content;
    expect(() => JSON.parse(content)).toThrow();
    const json = JSON.parse(content.slice(content.indexOf('{'), content.lastIndexOf('}') + 1));
    expect(json['2']).toBe('owT skcolb.');
  });

  it('refusal-rate refuses in each of the three ways real models do', async () => {
    const llm = await start({ refusalRate: 1, seed: 11 });
    const kinds = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const choice = await message(await post(llm));
      if (choice.finish_reason === 'content_filter') kinds.add('filter');
      else if (choice.message.refusal) kinds.add('refusal');
      else if (/sorry/i.test(choice.message.content)) kinds.add('apology');
    }
    expect([...kinds].sort()).toEqual(['apology', 'filter', 'refusal']);
    expect(llm.stats().faults.refusal).toBe(12);
  });

  it('the same seed injects the same faults in the same order', async () => {
    const run = async () => {
      const llm = await start({ failRate: 0.3, dropRate: 0.3, seed: 42 });
      const outcomes: string[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await post(llm);
        outcomes.push(
          res.status === 200
            ? String(Object.keys(JSON.parse((await message(res)).message.content)))
            : String(res.status),
        );
      }
      return outcomes;
    };
    const first = await run();
    expect(new Set(first).size).toBeGreaterThan(1);
    expect(await run()).toEqual(first);
  });
});

describe('startFakeLlm: limits, pacing and stats', () => {
  it('answers 429 with Retry-After above max-concurrency', async () => {
    const llm = await start({ maxConcurrency: 2, latencyMs: 300, retryAfterSeconds: 2 });
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => post(llm)));
    const statuses = replies.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    const limited = replies.find((res) => res.status === 429)!;
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await json(limited)).error.code).toBe('rate_limit_exceeded');
    expect(llm.stats()).toMatchObject({ requests: 5, by_status: { '200': 2, '429': 3 }, max_in_flight: 2 });
  });

  it('answers 429 above rpm with the wait until the window frees up', async () => {
    const llm = await start({ rpm: 2 });
    expect((await post(llm)).status).toBe(200);
    expect((await post(llm)).status).toBe(200);
    const limited = await post(llm);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(55);
  });

  it('counts no reply and no tokens for a request the client gave up on before the reply started', async () => {
    const llm = await start({ latencyMs: 2_000, failRate: 0.5, seed: 5 });
    await expect(post(llm, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    for (let i = 0; i < 100 && llm.stats().busy_ms === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(llm.stats()).toMatchObject({ requests: 1, by_status: {}, input_tokens: 0, output_tokens: 0 });
    expect(llm.stats().faults.fail).toBe(0);
  });

  it('paces replies by latency and output tokens, streamed or not, and adds it all to busy_ms', async () => {
    const llm = await start({ latencyMs: 60, msPerOutputToken: 4 });
    const started = performance.now();
    const body = await json(await post(llm));
    const elapsed = performance.now() - started;
    const expected = 60 + 4 * (body.usage.completion_tokens - 1);
    expect(elapsed).toBeGreaterThanOrEqual(expected - 5);
    const streamStart = performance.now();
    const res = await post(llm, { stream: true });
    await res.text();
    expect(performance.now() - streamStart).toBeGreaterThanOrEqual(expected - 5);
    const stats = llm.stats();
    expect(stats.busy_ms).toBeGreaterThanOrEqual(2 * expected - 10);
    expect(stats.output_tokens).toBe(2 * body.usage.completion_tokens);
    const reset = await fetch(`${llm.url}/stats/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(await (await fetch(`${llm.url}/stats`)).json()).toMatchObject({
      requests: 0,
      busy_ms: 0,
      input_tokens: 0,
    });
  });
});
