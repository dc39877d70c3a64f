import {
  type FakeProvider,
  type FakeProviderOptions,
  startFakeAnthropic,
  startFakeGemini,
  startFakeLlm,
} from '@booktranslate/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { isTranslatorError } from '../errors';
import type { BatchClient, BatchRequest } from './batch-client';
import { createBatchClient } from './create-batch-client';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const requests = (ids: string[]): BatchRequest[] =>
  ids.map((customId) => ({
    customId,
    system: 'You translate books.',
    user: `Translate to Spanish.\nBLOCKS:\n${JSON.stringify({ '1': `The river ${customId}.` })}`,
    model: '',
    maxOutputTokens: 200,
  }));

type Fake = Pick<FakeProvider, 'stats' | 'configure'>;

/** Each provider's client on its fake; `delayMs` is how long a batch runs there. */
const providers = {
  async openai(delayMs: number): Promise<{ fake: Fake; batch: BatchClient }> {
    const llm = await startFakeLlm({ batchDelayMs: delayMs, apiKey: 'k' });
    closers.push(() => llm.close());
    const batch = createBatchClient({
      engine: 'openai',
      baseUrl: llm.baseURL,
      apiKey: 'k',
      model: 'gpt-4.1-mini',
    });
    return { fake: llm, batch: batch! };
  },
  anthropic: (delayMs: number) => provider(startFakeAnthropic, 'anthropic', 'claude-test', delayMs),
  gemini: (delayMs: number) => provider(startFakeGemini, 'gemini', 'gemini-test', delayMs),
};

async function provider(
  start: (options: FakeProviderOptions) => Promise<FakeProvider>,
  engine: 'anthropic' | 'gemini',
  model: string,
  delayMs: number,
) {
  const fake = await start({ batchDelayMs: delayMs, apiKey: 'k' });
  closers.push(() => fake.close());
  return { fake, batch: createBatchClient({ engine, baseUrl: fake.url, apiKey: 'k', model })! };
}

/** Five batches labelled b1 … b5 (oldest first), two requests each with ids unique to the batch. */
async function fiveBatches(batch: BatchClient): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; n <= 5; n++)
    ids.push((await batch.submit(requests([`b${n}-c1`, `b${n}-c2`]), { label: `b${n}` })).id);
  return ids;
}

const since = new Date(Date.now() - 60_000);

describe.each(['openai', 'gemini'] as const)('%s: finding a batch by its label', (name) => {
  it('walks the list page by page to the oldest, and within the page cap only', async () => {
    const { batch } = await providers[name](50);
    const ids = await fiveBatches(batch);
    const find = (label: string, pages: number) =>
      batch.find(label, { since, customIds: [], limits: { pageSize: 2, pages } });
    // b1 is the oldest: on the third page of two.
    expect(await find('b1', 3)).toEqual({ state: 'found', id: ids[0] });
    expect(await find('b4', 1)).toEqual({ state: 'found', id: ids[3] });
    expect((await find('b1', 2)).state).toBe('unknown');
    expect(await find('b9', 3)).toEqual({ state: 'absent' });
    expect((await find('b9', 2)).state).toBe('unknown');
  });

  it('stops at batches created before the time asked about', async () => {
    const { batch } = await providers[name](50);
    await fiveBatches(batch);
    const later = new Date(Date.now() + 3_600_000);
    const lookup = await batch.find('b5', { since: later, customIds: [], limits: { marginMs: 0 } });
    expect(lookup).toEqual({ state: 'absent' });
  });

  it('finds a batch whose creation answer was lost', async () => {
    for (const as of ['drop', 'error'] as const) {
      const { fake, batch } = await providers[name](50);
      fake.configure({ batchLostAnswers: 1, batchLostAnswerAs: as });
      const error = await batch.submit(requests(['x-c1']), { label: 'lost' }).catch((e: unknown) => e);
      expect(isTranslatorError(error) && error.retryable).toBe(true);
      expect(fake.stats()).toMatchObject({ batches: 1, batch_answers_lost: 1 });
      const lookup = await batch.find('lost', { since, customIds: ['x-c1'] });
      expect(lookup.state).toBe('found');
      const status = await batch.status(lookup.state === 'found' ? lookup.id : '');
      expect(status.id).toBe(lookup.state === 'found' && lookup.id);
      // The SDK did not send it again.
      expect(fake.stats().batches).toBe(1);
    }
  });
});

describe('anthropic: finding a batch by its custom ids', () => {
  it('waits while a batch that may be ours runs, then attributes it by its results', async () => {
    const { fake, batch } = await providers.anthropic(400);
    const ids = await fiveBatches(batch);
    const other = await batch.submit(requests(['o-c1', 'o-c2', 'o-c3']));
    const find = (customIds: string[], pages = 10) =>
      batch.find('unused', { since, customIds, limits: { pageSize: 2, pages } });
    // Five running batches of two requests: any could be ours.
    expect((await find(['b1-c1', 'b1-c2'])).state).toBe('unknown');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await find(['b1-c1', 'b1-c2'])).toEqual({ state: 'found', id: ids[0] });
    expect(await find(['b3-c2', 'b3-c1'])).toEqual({ state: 'found', id: ids[2] });
    // Created after our create's deadline: not a candidate.
    const early = new Date(Date.now() - 30_000);
    const late = await batch.find('unused', { since, until: early, customIds: ['b1-c1', 'b1-c2'] });
    expect(late).toEqual({ state: 'absent' });
    // Same size, other ids: none is ours.
    expect(await find(['z-c1', 'z-c2'])).toEqual({ state: 'absent' });
    expect(await find(['o-c1', 'o-c2', 'o-c3'])).toEqual({ state: 'found', id: other.id });
    // Newest first: b1 lies on the third page of two, not within two.
    expect(await find(['b1-c1', 'b1-c2'], 3)).toEqual({ state: 'found', id: ids[0] });
    expect((await find(['b1-c1', 'b1-c2'], 2)).state).toBe('unknown');
    expect(fake.stats().batches).toBe(6);
  });

  it('finds a batch whose creation answer was dropped, once it has ended', async () => {
    const { fake, batch } = await providers.anthropic(100);
    fake.configure({ batchLostAnswers: 1 });
    const error = await batch.submit(requests(['lost-c1'])).catch((e: unknown) => e);
    expect(isTranslatorError(error) && error.retryable).toBe(true);
    expect((await batch.find('unused', { since, customIds: ['lost-c1'] })).state).toBe('unknown');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const lookup = await batch.find('unused', { since, customIds: ['lost-c1'] });
    expect(lookup).toMatchObject({ state: 'found' });
    expect(fake.stats()).toMatchObject({ batches: 1, batch_answers_lost: 1 });
  });
});
