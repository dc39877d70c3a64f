import type { BatchClient, BatchRequest, BatchStatus } from '../batch/batch-client';

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
