import { isTranslatorError, TranslatorError } from './errors';

export interface RetryPolicy {
  /** Extra attempts after the first for transient errors (429, 5xx, time-outs, resets). */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not slept through: the error goes up so a job can reschedule. */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  retries: 6,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

const TRANSIENT = new Set(['rate_limited', 'overloaded', 'timeout', 'network']);

/** Full-jitter exponential backoff, but never shorter than the provider's Retry-After. */
export function backoffDelay(attempt: number, policy: RetryPolicy, retryAfterMs?: number): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = exponential / 2 + Math.random() * (exponential / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}

/**
 * Runs `fn` again after transient provider errors, with backoff honouring Retry-After.
 * @example await withRetries(() => engine.translate(batch), defaultRetryPolicy, { signal })
 */
export async function withRetries<T>(
  fn: () => Promise<T>,
  policy: RetryPolicy,
  hooks: { signal?: AbortSignal; onRetry?: (error: TranslatorError, delayMs: number) => void } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isTranslatorError(error) || !TRANSIENT.has(error.code) || attempt >= policy.retries) throw error;
      if ((error.retryAfterMs ?? 0) > policy.maxRetryAfterMs) throw error;
      if (hooks.signal?.aborted) throw abortedError(hooks.signal);
      const delay = backoffDelay(attempt, policy, error.retryAfterMs);
      hooks.onRetry?.(error, delay);
      await sleep(delay, hooks.signal);
    }
  }
}

export function abortedError(signal?: AbortSignal): TranslatorError {
  return new TranslatorError('aborted', 'the translation was cancelled', { cause: signal?.reason });
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
