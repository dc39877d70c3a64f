/** The demo checkout's limits (spec section 9). */
export const DEMO_LIMITS = {
  /** A crypto payment must be sent within 30 minutes of choosing it. */
  cryptoPaymentMs: 30 * 60_000,
  /** ...and confirmed on its chain within 24 hours, or it counts as failed. */
  cryptoConfirmationMs: 24 * 60 * 60_000,
  /** One processing attempt may take 30 seconds... */
  processingMs: 30_000,
  /** ...and is retried 3 times before the checkout reports a failure. */
  processingRetries: 3,
} as const;

/** One attempt at processing: resolves with a transaction id. */
export type DemoProcessor = () => Promise<string>;

/** The demo's processor: 2 seconds of simulated work, then an id; no payment happens. */
export const simulatedProcessor: DemoProcessor = () =>
  new Promise((resolve) => setTimeout(() => resolve(`DEMO-${Date.now().toString(36).toUpperCase()}`), 2000));

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Payment processing timed out')), ms);
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * Processes a demo payment: each attempt gets 30 s, a failed or timed-out attempt is retried 3
 * times, then the last error is thrown (the page shows 'Payment processing failed...').
 */
export async function processDemoPayment(process: DemoProcessor, limits = DEMO_LIMITS): Promise<string> {
  let last: unknown;
  for (let attempt = 0; attempt <= limits.processingRetries; attempt++) {
    try {
      return await withTimeout(process(), limits.processingMs);
    } catch (err) {
      last = err;
    }
  }
  throw last;
}
