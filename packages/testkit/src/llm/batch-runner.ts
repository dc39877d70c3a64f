import type { ChatBody } from './answer-chat';
import { type AnswerContext, answerInBatch, type ProviderAnswer } from './provider-answer';

/** How a fake batch ended: every request run, the window passed with part done, or cancelled. */
export type BatchOutcome = 'completed' | 'expired' | 'cancelled';

/** One batch of a provider fake, whatever the provider calls its parts. */
export interface FakeBatch<R> {
  /** 1, 2, … in order of creation; each fake makes its own id from it. */
  n: number;
  requests: R[];
  createdAt: Date;
  state: 'running' | 'cancelling' | 'ended';
  outcome?: BatchOutcome;
  cancelledAt?: Date;
  endedAt?: Date;
  /** Index-aligned with `requests`; undefined for a request that never ran (expired, cancelled). */
  answers: Array<ProviderAnswer | undefined>;
}

interface Entry<R> {
  batch: FakeBatch<R>;
  startedMs: number;
  timer?: NodeJS.Timeout;
}

/**
 * The life of the Anthropic and Gemini fakes' batches: running for `batchDelayMs`, then every request
 * answered (or, with `batchExpire`, only that share, the rest expired); a cancel ends it a tenth of
 * the delay later with the share the elapsed time allows done. Requests are answered in order.
 * @example const runner = new BatchRunner(ctx, (request) => toChatBody(request.params));
 */
export class BatchRunner<R> {
  private readonly entries: Array<Entry<R>> = [];

  constructor(
    private readonly ctx: AnswerContext,
    private readonly bodyOf: (request: R) => ChatBody,
  ) {}

  create(requests: R[]): FakeBatch<R> {
    this.ctx.stats().batches++;
    const batch: FakeBatch<R> = {
      n: this.entries.length + 1,
      requests,
      createdAt: new Date(),
      state: 'running',
      answers: [],
    };
    const entry: Entry<R> = { batch, startedMs: performance.now() };
    this.entries.push(entry);
    const { batchExpire } = this.ctx.options;
    entry.timer = setTimeout(() => {
      if (batchExpire === undefined) this.finish(entry, requests.length, 'completed');
      else this.finish(entry, Math.floor(requests.length * Math.min(1, Math.max(0, batchExpire))), 'expired');
    }, this.delay());
    return batch;
  }

  /** The batch numbered `n`, if any. */
  get(n: number): FakeBatch<R> | undefined {
    return this.entries[n - 1]?.batch;
  }

  /** Every batch, newest first. */
  list(): Array<FakeBatch<R>> {
    return this.entries.map((entry) => entry.batch).reverse();
  }

  /** Starts cancelling a running batch; false when it is not running. */
  cancel(n: number): boolean {
    const entry = this.entries[n - 1];
    if (entry?.batch.state !== 'running') return false;
    clearTimeout(entry.timer);
    const share = Math.min(1, (performance.now() - entry.startedMs) / this.delay());
    Object.assign(entry.batch, { state: 'cancelling', cancelledAt: new Date() });
    entry.timer = setTimeout(
      () => this.finish(entry, Math.floor(entry.batch.requests.length * share), 'cancelled'),
      this.delay() / 10,
    );
    return true;
  }

  /** Stops every timer (the server is closing). */
  close(): void {
    for (const entry of this.entries) clearTimeout(entry.timer);
  }

  private delay(): number {
    return Math.max(0, this.ctx.options.batchDelayMs ?? 1000);
  }

  private finish(entry: Entry<R>, done: number, outcome: BatchOutcome): void {
    const { batch } = entry;
    batch.answers = batch.requests.map((request, i) =>
      i < done ? answerInBatch(this.ctx, this.bodyOf(request)) : undefined,
    );
    Object.assign(batch, { state: 'ended', outcome, endedAt: new Date() });
  }
}
