import { sleep } from './with-retries';

export interface ProviderLimits {
  /** Requests in flight at once. */
  concurrency: number;
  requestsPerMinute?: number;
  tokensPerMinute?: number;
  /** Length of the rate window; a minute unless a test shortens it. */
  windowMs?: number;
  /**
   * Slots kept for priority views (prepare requests). By default one in sixteen from 8 slots up: a
   * key that several books share. 0 for a key one book has to itself, whose prepare requests all
   * go before its chunks (translateBook's own limiter).
   */
  keptSlots?: number;
}

interface Spent {
  at: number;
  tokens: number;
}

/** What every view of one key's limiter shares. */
class KeyState {
  active = 0;
  /** Waiting requests, highest priority first, in arrival order within a priority. */
  readonly waiting: { priority: number; resolve: () => void }[] = [];
  readonly spent: Spent[] = [];
  pausedUntil = 0;
}

/**
 * Concurrency plus sliding-window requests/tokens-per-minute limits for one provider key, and a
 * shared pause so a Retry-After seen by one request holds back every request to that key.
 * `withPriority` gives a view of the same key whose waiting requests go first (a new book's
 * few prepare requests before the chunks of books already translating); on a key of 8 slots or
 * more, one in sixteen is kept for such views, so their requests need not wait for a slot that a
 * long chunk request holds (decision 301).
 * @example await limiter.run(1200, () => engine.translate(batch))
 */
export class ProviderLimiter {
  private readonly state: KeyState;

  constructor(
    readonly limits: ProviderLimits,
    readonly priority = 0,
    state?: KeyState,
  ) {
    this.state = state ?? new KeyState();
  }

  /** The same key's limits and slots; this view's waiting requests go before lower priorities. */
  withPriority(priority: number): ProviderLimiter {
    return new ProviderLimiter(this.limits, priority, this.state);
  }

  private get window(): number {
    return this.limits.windowMs ?? 60_000;
  }

  async run<T>(tokens: number, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire();
    try {
      await this.waitForBudget(tokens, signal);
      return await fn();
    } finally {
      this.release();
    }
  }

  /** Holds every request of this key back for `ms` (a provider's Retry-After). */
  pause(ms: number): void {
    this.state.pausedUntil = Math.max(this.state.pausedUntil, Date.now() + ms);
  }

  /** Requests this view may have in flight at once: what a plan of one wave has room for. */
  get slots(): number {
    return this.slotsFor(this.priority);
  }

  /** Slots this view could take now: its slots less the key's requests in flight. */
  get free(): number {
    return Math.max(0, this.slots - this.state.active);
  }

  /** Slots a view may fill: all for a priority view, all but the kept ones for the others. */
  private slotsFor(priority: number): number {
    return priority > 0
      ? this.limits.concurrency
      : chunkSlots(this.limits.concurrency, this.limits.keptSlots);
  }

  private acquire(): Promise<void> {
    const state = this.state;
    if (state.active < this.slotsFor(this.priority)) {
      state.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const at = state.waiting.findIndex((w) => w.priority < this.priority);
      const waiter = { priority: this.priority, resolve };
      if (at === -1) state.waiting.push(waiter);
      else state.waiting.splice(at, 0, waiter);
    });
  }

  private release(): void {
    const state = this.state;
    // The first waiter has the highest priority: if it may not have this slot, no one may.
    const next = state.waiting[0];
    if (next && state.active - 1 < this.slotsFor(next.priority)) {
      state.waiting.shift();
      next.resolve();
    } else state.active--;
  }

  private async waitForBudget(tokens: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now();
      const { spent } = this.state;
      while (spent.length && (spent[0] as Spent).at <= now - this.window) spent.shift();
      const wait = Math.max(this.state.pausedUntil - now, this.windowWait(tokens, now));
      if (wait <= 0) {
        spent.push({ at: now, tokens });
        return;
      }
      await sleep(wait, signal);
    }
  }

  private windowWait(tokens: number, now: number): number {
    const { requestsPerMinute: rpm, tokensPerMinute: tpm } = this.limits;
    const { spent } = this.state;
    const first = spent[0];
    if (!first) return 0;
    const used = spent.reduce((sum, s) => sum + s.tokens, 0);
    const overRequests = rpm !== undefined && spent.length >= rpm;
    const overTokens = tpm !== undefined && used + tokens > tpm && used > 0;
    return overRequests || overTokens ? first.at + this.window - now + 1 : 0;
  }
}

/**
 * The slots of a key of `concurrency` that chunks may fill (one in sixteen kept for prepare requests
 * from 8 slots up, or `kept`): a wave of chunks is planned this wide, or its last chunks wait for a
 * second round.
 * @example chunkSlots(32) // 30
 */
export function chunkSlots(concurrency: number, kept?: number): number {
  if (kept !== undefined) return Math.max(1, concurrency - Math.max(0, Math.floor(kept)));
  return concurrency < 8 ? concurrency : concurrency - Math.floor(concurrency / 16);
}

const limiters = new Map<string, ProviderLimiter>();

/** One limiter per provider key in this process (e.g. "openai:https://api.openai.com:sk-…abcd"). */
export function limiterFor(key: string, limits: ProviderLimits): ProviderLimiter {
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new ProviderLimiter(limits);
    limiters.set(key, limiter);
  }
  return limiter;
}
