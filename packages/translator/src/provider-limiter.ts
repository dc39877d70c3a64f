import { sleep } from './with-retries';

export interface ProviderLimits {
  /** Requests in flight at once. */
  concurrency: number;
  requestsPerMinute?: number;
  tokensPerMinute?: number;
  /** Length of the rate window; a minute unless a test shortens it. */
  windowMs?: number;
}

interface Spent {
  at: number;
  tokens: number;
}

/**
 * Concurrency plus sliding-window requests/tokens-per-minute limits for one provider key, and a
 * shared pause so a Retry-After seen by one request holds back every request to that key.
 * @example await limiter.run(1200, () => engine.translate(batch))
 */
export class ProviderLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly spent: Spent[] = [];
  private pausedUntil = 0;

  constructor(readonly limits: ProviderLimits) {}

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
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
  }

  private acquire(): Promise<void> {
    if (this.active < this.limits.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  private async waitForBudget(tokens: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (this.spent.length && (this.spent[0] as Spent).at <= now - this.window) this.spent.shift();
      const wait = Math.max(this.pausedUntil - now, this.windowWait(tokens, now));
      if (wait <= 0) {
        this.spent.push({ at: now, tokens });
        return;
      }
      await sleep(wait, signal);
    }
  }

  private windowWait(tokens: number, now: number): number {
    const { requestsPerMinute: rpm, tokensPerMinute: tpm } = this.limits;
    const first = this.spent[0];
    if (!first) return 0;
    const used = this.spent.reduce((sum, s) => sum + s.tokens, 0);
    const overRequests = rpm !== undefined && this.spent.length >= rpm;
    const overTokens = tpm !== undefined && used + tokens > tpm && used > 0;
    return overRequests || overTokens ? first.at + this.window - now + 1 : 0;
  }
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
