import type { ServerResponse } from 'node:http';
import {
  anthropicChatBody,
  anthropicError,
  anthropicMessage,
  anthropicParamsProblem,
} from './anthropic-shapes';
import { BatchRunner, type FakeBatch } from './batch-runner';
import { loseBatchAnswer } from './lose-batch-answer';
import type { ProviderTools } from './start-provider-fake';

/** One request of a Message Batch as created. */
export interface AnthropicBatchRequest {
  custom_id: string;
  params: Record<string, unknown>;
}

const CUSTOM_ID = /^[a-zA-Z0-9_-]{1,64}$/;
const PREFIX = 'msgbatch_fake';

/**
 * Anthropic's Message Batches over the fake's replies: create, retrieve, list, cancel and the JSONL
 * results (`{custom_id, result: {type: succeeded|errored|canceled|expired, …}}`) at `results_url`.
 */
export class AnthropicBatches {
  private readonly runner: BatchRunner<AnthropicBatchRequest>;

  constructor(private readonly tools: ProviderTools) {
    this.runner = new BatchRunner(tools, (request) => anthropicChatBody(request.params));
  }

  /** Creates a batch from `{requests: [{custom_id, params}]}`; 400 for a malformed list. */
  create(res: ServerResponse, body: Record<string, unknown>) {
    const requests = body.requests;
    const bad = (message: string) => this.tools.reply(res, 400, anthropicError(400, message));
    if (!Array.isArray(requests) || requests.length === 0)
      return bad('requests: at least one request is required');
    if (requests.length > 100_000) return bad('requests: at most 100,000 requests per batch');
    const seen = new Set<string>();
    for (const [i, request] of requests.entries()) {
      const id = (request as AnthropicBatchRequest | null)?.custom_id;
      if (typeof id !== 'string' || !CUSTOM_ID.test(id))
        return bad(`requests.${i}.custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`);
      if (seen.has(id)) return bad(`requests.${i}.custom_id: Duplicate custom_id '${id}'`);
      seen.add(id);
      const problem = anthropicParamsProblem((request as AnthropicBatchRequest).params);
      if (problem) return bad(`requests.${i}.params.${problem}`);
    }
    const batch = this.runner.create(requests as AnthropicBatchRequest[]);
    const lost = () => this.tools.reply(res, 500, anthropicError(500, 'Internal server error'));
    if (loseBatchAnswer(this.tools.options, this.tools.stats(), res, lost)) return;
    this.tools.reply(res, 200, this.view(batch));
  }

  /** The batch named by `id` as Anthropic shows it, or undefined. */
  find(id: string): FakeBatch<AnthropicBatchRequest> | undefined {
    return id.startsWith(PREFIX) ? this.runner.get(Number(id.slice(PREFIX.length))) : undefined;
  }

  retrieve(res: ServerResponse, batch: FakeBatch<AnthropicBatchRequest>): void {
    this.tools.reply(res, 200, this.view(batch));
  }

  cancel(res: ServerResponse, batch: FakeBatch<AnthropicBatchRequest>): void {
    this.runner.cancel(batch.n); // cancelling one that is already winding down or ended changes nothing
    this.tools.reply(res, 200, this.view(batch));
  }

  /**
   * `GET /v1/messages/batches?limit&after_id&before_id`: newest first; `after_id` gives the page
   * just after (older than) that batch, `before_id` the page just before (newer); an unknown cursor
   * is a 404, as Anthropic answers.
   */
  list(res: ServerResponse, query: URLSearchParams): void {
    const limit = Math.min(1000, Math.max(1, Number(query.get('limit')) || 20));
    const all = this.runner.list().map((batch) => this.view(batch));
    const cursor = query.get('before_id') ?? query.get('after_id');
    const at = cursor === null ? -1 : all.findIndex((batch) => batch.id === cursor);
    if (cursor !== null && at < 0) {
      this.tools.reply(res, 404, anthropicError(404, `No batch found with id '${cursor}'.`));
      return;
    }
    const before = query.has('before_id');
    const start = before ? Math.max(0, at - limit) : at + 1;
    const end = before ? at : Math.min(all.length, start + limit);
    const data = all.slice(start, end);
    this.tools.reply(res, 200, {
      data,
      has_more: before ? start > 0 : end < all.length,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
    });
  }

  /** The JSONL results of an ended batch, one line per request in the order created. */
  results(res: ServerResponse, batch: FakeBatch<AnthropicBatchRequest>) {
    if (batch.state !== 'ended') {
      const message = `Batch ${this.idOf(batch)} has not yet ended; its results are not available.`;
      return this.tools.reply(res, 400, anthropicError(400, message));
    }
    const lines = batch.requests.map((request, i) => {
      const answer = batch.answers[i];
      let result: unknown;
      if (!answer) result = { type: batch.outcome === 'cancelled' ? 'canceled' : 'expired' };
      else if (answer.ok)
        result = {
          type: 'succeeded',
          message: anthropicMessage(`msg_fakebatch${batch.n}_${i}`, answer.answer, 'batch'),
        };
      else result = { type: 'errored', error: anthropicError(answer.status, answer.message) };
      return `${JSON.stringify({ custom_id: request.custom_id, result })}\n`;
    });
    res.writeHead(200, { 'content-type': 'application/binary' });
    res.end(lines.join(''));
  }

  close(): void {
    this.runner.close();
  }

  private idOf(batch: FakeBatch<AnthropicBatchRequest>): string {
    return `${PREFIX}${batch.n}`;
  }

  private view(batch: FakeBatch<AnthropicBatchRequest>) {
    const id = this.idOf(batch);
    const answered = batch.answers.filter((answer) => answer !== undefined);
    const succeeded = answered.filter((answer) => answer.ok).length;
    const unrun = batch.state === 'ended' ? batch.requests.length - answered.length : 0;
    const expires = new Date(batch.createdAt.getTime() + 24 * 3600_000);
    return {
      id,
      type: 'message_batch' as const,
      processing_status:
        batch.state === 'running' ? 'in_progress' : batch.state === 'cancelling' ? 'canceling' : 'ended',
      request_counts: {
        processing: batch.state === 'ended' ? 0 : batch.requests.length,
        succeeded,
        errored: answered.length - succeeded,
        canceled: batch.outcome === 'cancelled' ? unrun : 0,
        expired: batch.outcome === 'expired' ? unrun : 0,
      },
      ended_at: batch.endedAt?.toISOString() ?? null,
      created_at: batch.createdAt.toISOString(),
      expires_at: expires.toISOString(),
      archived_at: null,
      cancel_initiated_at: batch.cancelledAt?.toISOString() ?? null,
      results_url: batch.state === 'ended' ? `${this.tools.url()}/v1/messages/batches/${id}/results` : null,
    };
  }
}
