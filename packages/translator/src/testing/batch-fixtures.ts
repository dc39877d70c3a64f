import { reverseWords } from '@booktranslate/testkit';
import { expect } from 'vitest';
import type { BatchClient, BatchRequest, BatchResult, BatchStatus } from '../batch/batch-client';
import { isTranslatorError } from '../errors';

/** Four short passages a batch test sends, by custom id. */
export const BATCH_TEXTS: Record<string, string> = {
  'ch1-0': 'The old man.',
  'ch1-1': 'The sea.',
  'ch2-0': 'A boy.',
  'ch2-1': 'The fish.',
};

/** The batch requests of these custom ids, as the economy lane sends a chunk (no model: the client's). */
export function batchRequests(ids = Object.keys(BATCH_TEXTS)): BatchRequest[] {
  return ids.map((customId) => ({
    customId,
    system: 'You translate books.',
    user: `Translate to Spanish.\nBLOCKS:\n${JSON.stringify({ '1': BATCH_TEXTS[customId] })}`,
    model: '',
    maxOutputTokens: 500,
  }));
}

/** Polls a batch until it leaves in_progress (at most 3 s); the states seen, in order. */
export async function settleBatch(
  batch: BatchClient,
  id: string,
): Promise<{ last: BatchStatus; seen: string[] }> {
  const seen: string[] = [];
  for (let i = 0; i < 300; i++) {
    const last = await batch.status(id);
    seen.push(last.state);
    if (last.state !== 'in_progress') return { last, seen };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`batch ${id} did not end`);
}

/** The translated text of block 1 of a reply. */
export const blockOne = (reply: { text: string } | undefined): string => JSON.parse(reply?.text ?? '{}')['1'];

/**
 * The checks every batch client's happy path shares: one reply per id in that order, each the fake's
 * reversed words, finished, and billed exactly the batch tokens the fake counted.
 */
export function expectBatchReplies(
  results: BatchResult[],
  ids: string[],
  stats: { batch_input_tokens: number; batch_output_tokens: number },
): void {
  expect(results.map((r) => r.customId)).toEqual(ids);
  for (const result of results) {
    expect(reverseWords(blockOne(result.reply))).toBe(BATCH_TEXTS[result.customId]);
    expect(result.reply?.finish).toBe('stop');
  }
  expect(results.reduce((sum, r) => sum + r.reply!.inputTokens, 0)).toBe(stats.batch_input_tokens);
  expect(results.reduce((sum, r) => sum + r.reply!.outputTokens, 0)).toBe(stats.batch_output_tokens);
}

/** A cancelled batch: some requests never ran (a slow machine may let a few run first), each retryable. */
export function expectCancelledResults(results: BatchResult[]): void {
  const unrun = results.filter((r) => !r.reply);
  expect(unrun.length).toBeGreaterThan(0);
  expect(unrun.every((r) => r.error?.retryable && r.error.message.includes('cancelled'))).toBe(true);
}

/** What a call refused for its key throws: auth_failed, not retryable, as an engine's would. */
export async function expectKeyRefused(call: Promise<unknown>): Promise<void> {
  const error = await call.catch((e: unknown) => e);
  expect(isTranslatorError(error) && error.code).toBe('auth_failed');
  expect(isTranslatorError(error) && error.retryable).toBe(false);
}

/**
 * The results of a batch whose answer was spoiled (see the hostile tests): ch1-0 intact, ch1-1 without
 * a usable result (`spoiled` says how), ch2-0 unreadable, ch2-1 missing; every failure retryable.
 */
export function expectHostileResults(results: BatchResult[], spoiled: string): void {
  expect(results.map((r) => r.customId)).toEqual(Object.keys(BATCH_TEXTS));
  expect(blockOne(results[0]!.reply)).toBe('ehT dlo nam.');
  expect(results.slice(1).map((r) => r.error?.retryable)).toEqual([true, true, true]);
  expect(results[1]!.error?.message).toContain(spoiled);
  expect(results[3]!.error?.message).toContain('without a result');
}
