/** What a provider was paid for: every request counts, failed and retried ones too. */
export interface Usage {
  requests: number;
  inputTokens: number;
  outputTokens: number;
  /** Of the output tokens, those the model spent thinking (reasoning models); counted apart. */
  reasoningTokens?: number;
  /** US dollars, present only when the engine knows its model's price. */
  costUsd?: number;
}

/** Prices in US dollars per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

export function emptyUsage(): Usage {
  return { requests: 0, inputTokens: 0, outputTokens: 0 };
}

/**
 * Adds `delta` into `total` in place (engines report into a shared meter).
 * @example addUsage(meter, { requests: 1, inputTokens: 900, outputTokens: 850 })
 */
export function addUsage(total: Usage, delta: Partial<Usage>): Usage {
  total.requests += delta.requests ?? 0;
  total.inputTokens += delta.inputTokens ?? 0;
  total.outputTokens += delta.outputTokens ?? 0;
  if (delta.reasoningTokens) total.reasoningTokens = (total.reasoningTokens ?? 0) + delta.reasoningTokens;
  if (delta.costUsd !== undefined) total.costUsd = (total.costUsd ?? 0) + delta.costUsd;
  return total;
}

export function priceOf(price: ModelPrice | undefined, input: number, output: number): number | undefined {
  if (!price) return undefined;
  return (input * price.inputPerMillion + output * price.outputPerMillion) / 1_000_000;
}
