import Anthropic from '@anthropic-ai/sdk';
import type { MessageBatch } from '@anthropic-ai/sdk/resources/messages/batches';
import { anthropicMessageParams } from '../engines/anthropic-chat';
import { type HostedLlmOptions, sdkClientOptions } from '../engines/hosted-llm';
import { TranslatorError } from '../errors';
import { readAnthropicResults } from './anthropic-batch-results';
import type { BatchClient, BatchLookup, BatchStatus } from './batch-client';
import { checkBatchRequests } from './check-requests';
import { FIND_LIMITS, type ListPage, walkNewestFirst } from './find-batch';
import { matchResults } from './match-results';
import { providerCall } from './provider-call';

/** Ended candidates whose results one lookup reads, at most (each is one download). */
const CANDIDATES = 20;

/** The engine's settings that shape a batch: where, with what key, which model. */
export type AnthropicBatchOptions = Pick<
  HostedLlmOptions,
  'apiKey' | 'baseUrl' | 'model' | 'timeoutMs' | 'reasoningEffort'
>;

/**
 * Anthropic's Message Batches on the official client: each request is the engine's own Messages
 * request (system prompt, output limit), results come within 24 hours at half the price, and each
 * becomes a ChatReply as the engine reads a Message (decision 302).
 * @example const batch = createAnthropicBatchClient({ baseUrl: fake.url, apiKey: 'k', model: 'claude-sonnet-5-5' });
 */
export function createAnthropicBatchClient(options: AnthropicBatchOptions): BatchClient {
  const client = new Anthropic(sdkClientOptions(options, 'not-set'));
  const call = providerCall('anthropic');
  const retrieve = (id: string, signal?: AbortSignal) =>
    call(signal, () => client.messages.batches.retrieve(id, {}, { signal }));
  // What messages.batches.results() fetches, read by the caller line by line: its decoder stops at
  // the first line that is not JSON, and every reply after it would be lost.
  const resultsText = (url: string, signal?: AbortSignal) =>
    call(signal, async () => {
      const response = await client
        .get(url, { headers: { Accept: 'application/binary' }, __binaryResponse: true, signal })
        .asResponse();
      return response.text();
    });

  return {
    provider: 'anthropic',
    model: options.model,
    priceFactor: 0.5,

    async submit(requests, { signal } = {}) {
      checkBatchRequests('anthropic', requests);
      const batch = await call(signal, () =>
        client.messages.batches.create(
          {
            requests: requests.map((request) => ({
              custom_id: request.customId,
              params: anthropicMessageParams(
                { ...request, model: request.model || options.model },
                options.reasoningEffort,
              ),
            })),
          },
          { signal, maxRetries: 0 },
        ),
      );
      return { id: batch.id };
    },

    // Message Batches carry no label: a batch of as many requests, created between since and until, is ours when
    // its results name one of our custom ids (unique to our chunk attempts). One still running may be
    // ours, so the answer is then unknown, never absent.
    async find(_label, { since, until, customIds, signal, limits: given }): Promise<BatchLookup> {
      const limits = { ...FIND_LIMITS, ...given };
      type Page = Awaited<ReturnType<typeof client.messages.batches.list>>;
      const wrap = (page: Page): ListPage<MessageBatch> => ({
        items: page.data,
        ...(page.hasNextPage() ? { next: () => call(signal, () => page.getNextPage()).then(wrap) } : {}),
      });
      const first = await call(signal, () =>
        client.messages.batches.list({ limit: limits.pageSize }, { signal }),
      );
      const ours = new Set(customIds);
      let running = 0;
      let read = 0;
      let found: string | undefined;
      const walk = await walkNewestFirst(
        wrap(first),
        (batch) => new Date(batch.created_at),
        since,
        async (batch) => {
          if (totalOf(batch) !== ours.size) return false;
          if (until && new Date(batch.created_at) > until) return false;
          if (batch.processing_status !== 'ended' || !batch.results_url) {
            running++;
            return false;
          }
          if (++read > CANDIDATES) return true;
          const lines = readAnthropicResults(await resultsText(batch.results_url, signal));
          if (!lines.some((line) => ours.has(line.customId))) return false;
          found = batch.id;
          return true;
        },
        limits,
      );
      if (found) return { state: 'found', id: found };
      if (running > 0)
        return { state: 'unknown', reason: `anthropic: ${running} batch(es) that may be ours still run` };
      if (walk !== 'complete')
        return { state: 'unknown', reason: 'anthropic: too many batches to look through' };
      return { state: 'absent' };
    },

    async status(id, { signal } = {}) {
      return statusOf(await retrieve(id, signal));
    },

    async results(id, { signal, customIds } = {}) {
      const batch = await retrieve(id, signal);
      const url = batch.results_url;
      if (batch.processing_status !== 'ended' || !url) {
        throw new TranslatorError(
          'bad_request',
          `anthropic: batch ${id} is ${batch.processing_status}; its results come once it ends`,
        );
      }
      const text = await resultsText(url, signal);
      return matchResults('anthropic', customIds, readAnthropicResults(text), statusOf(batch).state);
    },

    async cancel(id, { signal } = {}) {
      if ((await retrieve(id, signal)).processing_status !== 'in_progress') return;
      await call(signal, () => client.messages.batches.cancel(id, {}, { signal }));
    },
  };
}

/**
 * An ended batch whose window passed before every request ran is `expired`, one that was cancelled
 * `cancelled`; canceling is still in progress (its results are not final).
 */
function statusOf(batch: MessageBatch): BatchStatus {
  const counts = batch.request_counts;
  let state: BatchStatus['state'] = 'in_progress';
  if (batch.processing_status === 'ended') {
    state = counts.expired > 0 ? 'expired' : batch.cancel_initiated_at ? 'cancelled' : 'ended';
  }
  return {
    id: batch.id,
    state,
    counts: { total: totalOf(batch), succeeded: counts.succeeded, failed: counts.errored },
  };
}

function totalOf(batch: MessageBatch): number {
  const counts = batch.request_counts;
  return counts.processing + counts.succeeded + counts.errored + counts.canceled + counts.expired;
}
