import OpenAI, { toFile } from 'openai';
import type { Batch } from 'openai/resources/batches';
import { type HostedLlmOptions, sdkClientOptions } from '../engines/hosted-llm';
import { type OpenAiChatSettings, openAiChatParams } from '../engines/openai-chat';
import { TranslatorError } from '../errors';
import type { BatchClient, BatchLookup, BatchRequest, BatchState, BatchStatus } from './batch-client';
import { checkBatchRequests } from './check-requests';
import { FIND_LIMITS, type ListPage, walkNewestFirst } from './find-batch';
import { matchResults } from './match-results';
import { readInputIds, readResultLines } from './openai-batch-results';
import { providerCall } from './provider-call';

/** The engine's settings that shape a batch: where, with what key, which model and how it thinks. */
export type OpenAiBatchOptions = Pick<
  HostedLlmOptions,
  'apiKey' | 'baseUrl' | 'model' | 'timeoutMs' | 'reasoningEffort'
> &
  OpenAiChatSettings;

const ENDPOINT = '/v1/chat/completions';
/** The metadata key our label travels under. */
export const OPENAI_LABEL_KEY = 'booktranslate_batch';
const STATES: Record<Batch['status'], BatchState> = {
  validating: 'in_progress',
  in_progress: 'in_progress',
  finalizing: 'in_progress',
  // Still winding down: its results are not final until cancelled.
  cancelling: 'in_progress',
  completed: 'ended',
  expired: 'expired',
  failed: 'failed',
  cancelled: 'cancelled',
};

/**
 * OpenAI's Batch API on the official client: the requests go up as one JSONL file of chat completion
 * bodies (the engine's own, so reasoning and JSON mode match), come back within 24 hours at half the
 * price, and each output line becomes a ChatReply as the engine reads a reply (decision 290).
 * @example const batch = createOpenAiBatchClient({ baseUrl: llm.baseURL, apiKey: 'k', model: 'gpt-4.1-mini' });
 */
export function createOpenAiBatchClient(options: OpenAiBatchOptions): BatchClient {
  const client = new OpenAI(sdkClientOptions(options, 'not-needed'));
  const call = providerCall('openai');
  const text = (id: string, signal?: AbortSignal) =>
    call(signal, async () => (await client.files.content(id, { signal })).text());

  return {
    provider: 'openai',
    model: options.model,
    priceFactor: 0.5,

    async submit(requests, { signal, label } = {}) {
      checkBatchRequests('openai', requests);
      const jsonl = requests.map((request) => `${JSON.stringify(lineOf(request, options))}\n`).join('');
      const file = await call(signal, async () =>
        client.files.create(
          {
            file: await toFile(Buffer.from(jsonl), 'batch.jsonl', { type: 'application/jsonl' }),
            purpose: 'batch',
          },
          { signal },
        ),
      );
      const batch = await call(signal, () =>
        client.batches.create(
          {
            input_file_id: file.id,
            endpoint: ENDPOINT,
            completion_window: '24h',
            ...(label ? { metadata: { [OPENAI_LABEL_KEY]: label } } : {}),
          },
          { signal, maxRetries: 0 },
        ),
      );
      return { id: batch.id };
    },

    async find(label, { since, signal, limits: given }): Promise<BatchLookup> {
      const limits = { ...FIND_LIMITS, ...given };
      type Page = Awaited<ReturnType<typeof client.batches.list>>;
      const wrap = (page: Page): ListPage<Batch> => ({
        items: page.data,
        ...(page.hasNextPage() ? { next: () => call(signal, () => page.getNextPage()).then(wrap) } : {}),
      });
      const first = await call(signal, () => client.batches.list({ limit: limits.pageSize }, { signal }));
      let found: string | undefined;
      const walk = await walkNewestFirst(
        wrap(first),
        (batch) => new Date(batch.created_at * 1000),
        since,
        (batch) => {
          if (batch.metadata?.[OPENAI_LABEL_KEY] !== label) return false;
          found = batch.id;
          return true;
        },
        limits,
      );
      if (found) return { state: 'found', id: found };
      return walk === 'complete'
        ? { state: 'absent' }
        : { state: 'unknown', reason: `openai: not within ${limits.pages} pages of batches` };
    },

    async status(id, { signal } = {}) {
      return statusOf(await call(signal, () => client.batches.retrieve(id, { signal })));
    },

    async results(id, { signal, customIds } = {}) {
      const batch = await call(signal, () => client.batches.retrieve(id, { signal }));
      const { state, message } = statusOf(batch);
      if (state === 'in_progress') {
        throw new TranslatorError(
          'bad_request',
          `openai: batch ${id} is ${batch.status}; its results come once it ends`,
        );
      }
      const ids = customIds ?? (await text(batch.input_file_id, signal).then(readInputIds, () => undefined));
      if (state === 'failed') {
        const error = {
          message: `openai: the batch was refused (${message ?? 'no reason given'})`,
          retryable: false,
        };
        return (ids ?? []).map((customId) => ({ customId, error }));
      }
      const lines = [];
      for (const file of [batch.output_file_id, batch.error_file_id]) {
        if (file) lines.push(...readResultLines(await text(file, signal)));
      }
      return matchResults('openai', ids, lines, state);
    },

    async cancel(id, { signal } = {}) {
      const batch = await call(signal, () => client.batches.retrieve(id, { signal }));
      if (batch.status !== 'validating' && batch.status !== 'in_progress') return;
      await call(signal, () => client.batches.cancel(id, { signal }));
    },
  };
}

function lineOf(request: BatchRequest, options: OpenAiBatchOptions) {
  const body = openAiChatParams({ ...request, model: request.model || options.model }, options);
  return { custom_id: request.customId, method: 'POST', url: ENDPOINT, body };
}

function statusOf(batch: Batch): BatchStatus {
  const counts = batch.request_counts;
  const errors = batch.errors?.data ?? [];
  const message = errors.length
    ? errors.map((e) => (e.line ? `line ${e.line}: ${e.message}` : (e.message ?? e.code))).join('; ')
    : undefined;
  return {
    id: batch.id,
    state: STATES[batch.status] ?? 'in_progress',
    ...(counts
      ? { counts: { total: counts.total, succeeded: counts.completed, failed: counts.failed } }
      : {}),
    ...(message ? { message } : {}),
  };
}
