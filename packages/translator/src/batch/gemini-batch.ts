import type { BatchJob } from '@google/genai';
import { geminiContentParams } from '../engines/gemini-chat';
import { geminiClient } from '../engines/gemini-engine';
import type { HostedLlmOptions } from '../engines/hosted-llm';
import { TranslatorError } from '../errors';
import type { BatchClient, BatchLookup, BatchState, BatchStatus } from './batch-client';
import { checkBatchRequests } from './check-requests';
import { FIND_LIMITS, type ListPage, walkNewestFirst } from './find-batch';
import { readGeminiResults } from './gemini-batch-results';
import { matchResults } from './match-results';
import { providerCall } from './provider-call';

/** The engine's settings that shape a batch: where, with what key, which model and how it thinks. */
export type GeminiBatchOptions = Pick<HostedLlmOptions, 'apiKey' | 'baseUrl' | 'model' | 'reasoningEffort'>;

const STATES: Record<string, BatchState> = {
  JOB_STATE_SUCCEEDED: 'ended',
  JOB_STATE_FAILED: 'failed',
  JOB_STATE_CANCELLED: 'cancelled',
  JOB_STATE_EXPIRED: 'expired',
};

/**
 * Gemini's batch mode on `@google/genai`: the requests go inline, each the engine's own
 * generateContent request (system instruction, JSON output, output limit, thinking budget) with its
 * custom id as metadata `key`; the batch runs within 48 hours at half the price and each inlined
 * response becomes a ChatReply as the engine reads one (decision 302). A batch runs one model: the
 * first request's, or the configured one.
 * @example const batch = createGeminiBatchClient({ baseUrl: fake.url, apiKey: 'k', model: 'gemini-2.5-flash' });
 */
export function createGeminiBatchClient(options: GeminiBatchOptions): BatchClient {
  const client = geminiClient(options);
  const call = providerCall('gemini');
  const get = (name: string, signal?: AbortSignal) =>
    call(signal, () => client.batches.get({ name, config: { abortSignal: signal } }));

  return {
    provider: 'gemini',
    model: options.model,
    priceFactor: 0.5,

    async submit(requests, { signal, label } = {}) {
      checkBatchRequests('gemini', requests);
      const model = requests[0]?.model || options.model;
      if (requests.some((request) => (request.model || options.model) !== model))
        throw new TranslatorError('bad_request', 'gemini: every request of a batch must name the same model');
      const src = requests.map((request) => {
        const { contents, config } = geminiContentParams({ ...request, model }, options.reasoningEffort);
        return { contents, config, metadata: { key: request.customId } };
      });
      const job = await call(signal, () =>
        client.batches.create({
          model,
          src,
          config: { displayName: label ?? 'booktranslate', abortSignal: signal },
        }),
      );
      if (!job.name)
        throw new TranslatorError('engine_unavailable', 'gemini: the batch came back without a name');
      return { id: job.name };
    },

    async find(label, { since, signal, limits: given }): Promise<BatchLookup> {
      const limits = { ...FIND_LIMITS, ...given };
      const config = { pageSize: limits.pageSize, abortSignal: signal };
      const pager = await call(signal, () => client.batches.list({ config }));
      const wrap = (): ListPage<BatchJob> => ({
        items: [...pager.page],
        ...(pager.hasNextPage() ? { next: () => call(signal, () => pager.nextPage()).then(wrap) } : {}),
      });
      let found: string | undefined;
      const walk = await walkNewestFirst(
        wrap(),
        (job) => (job.createTime ? new Date(job.createTime) : undefined),
        since,
        (job) => {
          if (job.displayName !== label || !job.name) return false;
          found = job.name;
          return true;
        },
        limits,
      );
      if (found) return { state: 'found', id: found };
      return walk === 'complete'
        ? { state: 'absent' }
        : { state: 'unknown', reason: `gemini: not within ${limits.pages} pages of batches` };
    },

    async status(id, { signal } = {}) {
      return statusOf(id, await get(id, signal));
    },

    async results(id, { signal, customIds } = {}) {
      const job = await get(id, signal);
      const { state } = statusOf(id, job);
      if (state === 'in_progress') {
        throw new TranslatorError(
          'bad_request',
          `gemini: batch ${id} is ${job.state}; its results come once it ends`,
        );
      }
      if (state === 'failed') {
        const error = { message: 'gemini: the batch failed as a whole', retryable: false };
        return (customIds ?? []).map((customId) => ({ customId, error }));
      }
      return matchResults('gemini', customIds, readGeminiResults(job), state);
    },

    async cancel(id, { signal } = {}) {
      if (statusOf(id, await get(id, signal)).state !== 'in_progress') return;
      await call(signal, () => client.batches.cancel({ name: id, config: { abortSignal: signal } }));
    },
  };
}

/** Pending, running and any state this client does not know are in progress. */
function statusOf(id: string, job: BatchJob): BatchStatus {
  const state = STATES[String(job.state)] ?? 'in_progress';
  const responses = job.dest?.inlinedResponses;
  if (state === 'in_progress' || !Array.isArray(responses)) return { id, state };
  const succeeded = responses.filter((entry) => entry?.response).length;
  return { id, state, counts: { total: responses.length, succeeded, failed: responses.length - succeeded } };
}
