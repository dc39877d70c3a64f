import type { BatchResult, BatchState } from './batch-client';

/** One result as a provider's output names it: whose it is and what it says. */
export interface BatchLine {
  customId: string;
  result: Omit<BatchResult, 'customId'>;
}

const MISSING: Partial<Record<BatchState, string>> = {
  ended: 'the batch ended without a result for this request',
  expired: 'the batch expired before this request ran',
  cancelled: 'the batch was cancelled before this request ran',
};

/**
 * One result per submitted request, in the order submitted (`ids`; undefined when unknown: then the
 * lines' own order). A success wins over an error for the same request; lines naming a request that
 * was not submitted are ignored; a request without a line gets a retryable error saying why.
 * @example matchResults('anthropic', ['a', 'b'], lines, 'expired')
 */
export function matchResults(
  provider: string,
  ids: string[] | undefined,
  lines: BatchLine[],
  state: BatchState,
): BatchResult[] {
  const byId = new Map<string, BatchResult>();
  const wanted = ids ? new Set(ids) : undefined;
  for (const { customId, result } of lines) {
    if (wanted && !wanted.has(customId)) continue;
    if (byId.get(customId)?.reply) continue;
    byId.set(customId, { customId, ...result });
  }
  if (!ids) return [...byId.values()];
  const missing = `${provider}: ${MISSING[state] ?? `no result (the batch is ${state})`}`;
  return ids.map(
    (customId) => byId.get(customId) ?? { customId, error: { message: missing, retryable: true } },
  );
}

/** Whether a value read from a provider's JSON is a plain object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
