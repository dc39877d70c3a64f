import type { ServerResponse } from 'node:http';
import { BatchRunner, type FakeBatch } from './batch-runner';
import {
  geminiChatBody,
  geminiError,
  geminiParamsProblem,
  geminiResponse,
  geminiStatus,
} from './gemini-shapes';
import { loseBatchAnswer } from './lose-batch-answer';
import type { ProviderTools } from './start-provider-fake';

/** One inlined request of a batch as created: a GenerateContentRequest and the caller's metadata. */
export interface GeminiBatchRequest {
  request: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  model: string;
  displayName?: string;
}

const TYPE = 'type.googleapis.com/google.ai.generativelanguage.v1beta';
const STATES = {
  completed: 'BATCH_STATE_SUCCEEDED',
  expired: 'BATCH_STATE_EXPIRED',
  cancelled: 'BATCH_STATE_CANCELLED',
};

/**
 * Gemini's batch mode over the fake's replies: `models/{model}:batchGenerateContent` with inlined
 * requests creates `batches/{id}`, answered as a long-running operation whose metadata carries the
 * state and, once it ends, the inlined responses in the order of the requests with their metadata.
 */
export class GeminiBatches {
  private readonly runner: BatchRunner<GeminiBatchRequest>;

  constructor(private readonly tools: ProviderTools) {
    this.runner = new BatchRunner(tools, (entry) => geminiChatBody(entry.request, entry.model));
  }

  create(res: ServerResponse, model: string, body: Record<string, unknown>) {
    const batch = (body.batch ?? {}) as Record<string, unknown>;
    const input = (batch.inputConfig ?? {}) as { requests?: { requests?: unknown } };
    const list = input.requests?.requests;
    const bad = (message: string) => this.tools.reply(res, 400, geminiError(400, message));
    if (!Array.isArray(list) || list.length === 0)
      return bad('batch.input_config.requests: at least one request is required.');
    const requests: GeminiBatchRequest[] = [];
    for (const [i, item] of list.entries()) {
      const request = (item as { request?: Record<string, unknown> } | null)?.request;
      if (!request || !Array.isArray(request.contents) || request.contents.length === 0)
        return bad(`batch.input_config.requests.requests[${i}].request.contents: must not be empty.`);
      const problem = geminiParamsProblem(request, model);
      if (problem) return bad(`batch.input_config.requests.requests[${i}].request: ${problem}`);
      const metadata = (item as { metadata?: Record<string, unknown> }).metadata;
      const name = typeof batch.displayName === 'string' ? batch.displayName : undefined;
      requests.push({ request, metadata, model, displayName: name });
    }
    const created = this.runner.create(requests);
    const lost = () => this.tools.reply(res, 500, geminiError(500, 'An internal error has occurred.'));
    if (loseBatchAnswer(this.tools.options, this.tools.stats(), res, lost)) return;
    this.tools.reply(res, 200, this.view(created));
  }

  find(id: string): FakeBatch<GeminiBatchRequest> | undefined {
    return /^fake\d+$/.test(id) ? this.runner.get(Number(id.slice(4))) : undefined;
  }

  get(res: ServerResponse, batch: FakeBatch<GeminiBatchRequest>): void {
    this.tools.reply(res, 200, this.view(batch));
  }

  /** Starts cancelling a running batch; an ended one stays as it is (Gemini answers {} either way). */
  cancel(res: ServerResponse, batch: FakeBatch<GeminiBatchRequest>): void {
    this.runner.cancel(batch.n);
    this.tools.reply(res, 200, {});
  }

  /** `GET /v1beta/batches?pageSize&pageToken`: newest first. */
  list(res: ServerResponse, query: URLSearchParams): void {
    const size = Math.min(1000, Math.max(1, Number(query.get('pageSize')) || 50));
    const start = Number(query.get('pageToken')) || 0;
    const all = this.runner.list();
    const page = all.slice(start, start + size).map((batch) => this.view(batch));
    this.tools.reply(res, 200, {
      operations: page,
      ...(start + size < all.length ? { nextPageToken: String(start + size) } : {}),
    });
  }

  close(): void {
    this.runner.close();
  }

  private view(batch: FakeBatch<GeminiBatchRequest>) {
    const name = `batches/fake${batch.n}`;
    const delay = this.tools.options.batchDelayMs ?? 1000;
    const pending = batch.state === 'running' && Date.now() - batch.createdAt.getTime() < delay / 10;
    const state =
      batch.state !== 'ended'
        ? pending
          ? 'BATCH_STATE_PENDING'
          : 'BATCH_STATE_RUNNING'
        : STATES[batch.outcome ?? 'completed'];
    const answered = batch.answers.filter((answer) => answer !== undefined);
    const succeeded = answered.filter((answer) => answer.ok).length;
    const responses = batch.requests.flatMap((entry, i): Array<Record<string, unknown>> => {
      const answer = batch.answers[i];
      if (!answer) return [];
      const metadata = entry.metadata ? { metadata: entry.metadata } : {};
      if (answer.ok)
        return [{ response: geminiResponse(answer.answer, `fakebatch${batch.n}-${i}`), ...metadata }];
      return [{ error: geminiStatus(answer.status, answer.message), ...metadata }];
    });
    const output = { inlinedResponses: { inlinedResponses: responses } };
    const ended = batch.state === 'ended';
    return {
      name,
      metadata: {
        '@type': `${TYPE}.GenerateContentBatch`,
        model: `models/${batch.requests[0]?.model ?? ''}`,
        displayName: batch.requests[0]?.displayName ?? name,
        name,
        createTime: batch.createdAt.toISOString(),
        updateTime: (batch.endedAt ?? batch.cancelledAt ?? batch.createdAt).toISOString(),
        ...(ended ? { endTime: batch.endedAt?.toISOString() } : {}),
        batchStats: {
          requestCount: String(batch.requests.length),
          pendingRequestCount: String(ended ? 0 : batch.requests.length),
          successfulRequestCount: String(succeeded),
          failedRequestCount: String(answered.length - succeeded),
        },
        state,
        ...(ended ? { output } : {}),
      },
      ...(ended
        ? { done: true, response: { '@type': `${TYPE}.GenerateContentBatchOutput`, ...output } }
        : {}),
    };
  }
}
