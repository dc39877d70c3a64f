import type { BatchClient, BatchLookup } from '@booktranslate/translator';
import type { EconomyBatchRow } from '../../../db/schema/economy-batches';
import type { PipelineDeps } from '../pipeline/pipeline-deps';
import { queueChunks } from '../pipeline/pipeline-queue';
import { economyBatchLabel } from './economy-batch-label';
import { economyBatchesRepository as batches } from './economy-batches.repository';
import { economyCustomId } from './economy-custom-id';

/**
 * How long after a batch was recorded a lookup that finds nothing is believed: a create call still
 * on its way (the SDK's deadline is five minutes) could yet be accepted.
 */
export const SETTLE_MS = 15 * 60_000;

export type Resolution = { state: 'found'; id: string } | { state: 'fallen_back' } | { state: 'waiting' };

/**
 * What became of a batch recorded `submitting` whose provider id was never written (the submit step
 * died, or the create call failed without saying whether the provider took it), decision 291:
 * - found by its label (Anthropic: its custom ids): the id is written and the batch polled as any;
 * - certainly absent, and recorded at least `SETTLE_MS` ago: its chunks go to the standard lane;
 * - past the batch's deadline still unknown: its chunks go to the standard lane (the risk left);
 * - otherwise it waits for the next poll, and nothing is asked of the standard lane.
 * @example if ((await resolveSubmittingBatch(deps, client, row)).state === 'found') …
 */
export async function resolveSubmittingBatch(
  deps: PipelineDeps,
  client: BatchClient,
  batch: EconomyBatchRow,
): Promise<Resolution> {
  const lookup = await findBatch(client, batch);
  const now = deps.now();
  if (lookup.state === 'found') {
    if (await batches.recordSubmitted(deps.db, batch.id, lookup.id, now)) return lookup;
    return { state: 'waiting' }; // another step settled the row first
  }
  const settled = now.getTime() - batch.createdAt.getTime() >= SETTLE_MS;
  const late = now >= batch.deadline;
  if (!(lookup.state === 'absent' && settled) && !late) return { state: 'waiting' };
  const why = lookup.state === 'absent' ? 'never_accepted' : 'unresolved';
  if (await batches.close(deps.db, batch.id, ['submitting'], 'fallen_back', why)) {
    deps.logger?.info({ batchId: batch.id, lookup }, 'economy batch handed to the standard lane');
    await queueChunks(
      deps,
      { translationId: batch.translationId, run: batch.run },
      batch.chunks.map((c) => c.seq),
    );
  }
  return { state: 'fallen_back' };
}

/** The provider's list, asked by the batch's label; a failed lookup is no answer, never "absent". */
export async function findBatch(client: BatchClient, batch: EconomyBatchRow): Promise<BatchLookup> {
  const customIds = batch.chunks.map((c) =>
    economyCustomId(batch.translationId, batch.run, c.seq, c.attempt),
  );
  try {
    const until = new Date(batch.createdAt.getTime() + SETTLE_MS);
    return await client.find(economyBatchLabel(batch.id), { since: batch.createdAt, until, customIds });
  } catch (error) {
    return { state: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
}
