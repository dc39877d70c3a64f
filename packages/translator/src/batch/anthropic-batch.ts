import Anthropic from '@anthropic-ai/sdk';
import type { MessageBatch } from '@anthropic-ai/sdk/resources/messages/batches';
import { anthropicMessageParams } from '../engines/anthropic-chat';
import { type HostedLlmOptions, sdkClientOptions } from '../engines/hosted-llm';
import { TranslatorError } from '../errors';
import { readAnthropicResults } from './anthropic-batch-results';
import type { BatchClient, BatchStatus } from './batch-client';
import { checkBatchRequests } from './check-requests';
import { matchResults } from './match-results';
import { providerCall } from './provider-call';

/** The engine's settings that shape a batch: where, with what key, which model. */
export type AnthropicBatchOptions = Pick<HostedLlmOptions, 'apiKey' | 'baseUrl' | 'model' | 'timeoutMs'>;

/**
 * Anthropic's Message Batches on the official client: each request is the engine's own Messages
 * request (system prompt, output limit), results come within 24 hours at half the price, and each
 * becomes a ChatReply as the engine reads a Message (decision 302).
 * @example const batch = createAnthropicBatchClient({ baseUrl: fake.url, apiKey: 'k', model: 'claude-sonnet-4-5' });
 */
export function createAnthropicBatchClient(options: AnthropicBatchOptions): BatchClient {
  const client = new Anthropic(sdkClientOptions(options, 'not-set'));
  const call = providerCall('anthropic');
  const retrieve = (id: string, signal?: AbortSignal) =>
    call(signal, () => client.messages.batches.retrieve(id, {}, { signal }));

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
              params: anthropicMessageParams({ ...request, model: request.model || options.model }),
            })),
          },
          { signal },
        ),
      );
      return { id: batch.id };
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
      // What messages.batches.results() fetches, read here line by line: its decoder stops at the
      // first line that is not JSON, and every reply after it would be lost.
      const text = await call(signal, async () => {
        const response = await client
          .get(url, { headers: { Accept: 'application/binary' }, __binaryResponse: true, signal })
          .asResponse();
        return response.text();
      });
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
  const total = counts.processing + counts.succeeded + counts.errored + counts.canceled + counts.expired;
  return { id: batch.id, state, counts: { total, succeeded: counts.succeeded, failed: counts.errored } };
}
