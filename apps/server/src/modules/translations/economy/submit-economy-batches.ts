import { type BatchRequest, economyRequest, isTranslatorError } from '@booktranslate/translator';
import type { BatchChunk } from '../../../db/schema/economy-batches';
import { toEngineBrief } from '../brief/engine-brief';
import { chunkMemory } from '../pipeline/chunk-memory';
import { closeChunk } from '../pipeline/close-chunk';
import type { PipelineDeps } from '../pipeline/pipeline-deps';
import type { RunRef } from '../pipeline/pipeline-keys';
import { queueChunks, queueEconomyPoll } from '../pipeline/pipeline-queue';
import { translationMemoryRepository as memory } from '../translation-memory.repository';
import { translationsRepository as repo } from '../translations.repository';
import { economyBatchLabel } from './economy-batch-label';
import { economyBatchesRepository as batches } from './economy-batches.repository';
import { economyCustomId } from './economy-custom-id';
import { resolveSubmittingBatch } from './resolve-submitting-batch';

/**
 * The economy lane's submit step (decision 291): every queued chunk of the run that no batch holds
 * yet is claimed, takes what memory holds, and the rest of its blocks become one batch request built
 * from the source, the brief and the glossary; the requests go to the provider in batches of at most
 * `maxRequests`, each recorded before it is sent (with its row's label) and given the provider's id
 * after. Safe to run again: a recorded batch is never sent again, and one recorded but left without
 * an id (a crash or a lost answer while it was being sent) is looked up by its label and polled when
 * found; only one certainly never accepted hands its chunks to the standard lane.
 */
export async function submitEconomyBatches(deps: PipelineDeps, ref: RunRef): Promise<void> {
  const { db } = deps;
  const t = await repo.findById(db, ref.translationId);
  if (!t || t.run !== ref.run || t.status !== 'translating') return;
  const economy = deps.economy;
  const client = economy?.way === 'batch' ? economy.client : undefined;
  const queued = await memory.queuedChunks(db, t.id, ref.run);
  if (!economy || !client) {
    // Flex, or the lane switched off since the start: the standard chunk jobs (flex tier or not).
    await queueChunks(deps, ref, queued);
    return;
  }
  const recorded = await batches.ofRun(db, t.id, ref.run);
  const held = new Set(recorded.flatMap((b) => b.chunks.map((c) => c.seq)));
  // A batch recorded but never given the provider's id (its submit step died while sending it, or
  // the provider's answer was lost): looked up by its label before its chunks go anywhere else.
  for (const batch of recorded.filter((b) => b.state === 'submitting' && !b.providerBatchId))
    await resolveSubmittingBatch(deps, client, batch);

  const from = t.sourceLanguage ?? 'en';
  const choice = await deps.engineFor(from, t.targetLanguage);
  const brief = toEngineBrief(t.brief);
  const requests: { request: BatchRequest; chunk: BatchChunk }[] = [];
  for (const seq of queued.filter((s) => !held.has(s))) {
    const chunk = await memory.claimChunk(db, t.id, ref.run, seq);
    if (!chunk) continue;
    const fence = { ...ref, seq, attempt: chunk.attempt };
    // The owner's memory first, as a standard chunk job does: remembered blocks are asked of no one.
    const store = await chunkMemory(
      db,
      fence,
      chunk.blocks,
      { from, to: t.targetLanguage, engine: choice.engine, brief },
      t.userId,
    );
    await store.drain();
    const saved = await memory.savedTextsOf(
      db,
      t.id,
      chunk.blocks.map((b) => b.id),
    );
    const units = chunk.blocks.filter((b) => !saved.has(b.id));
    if (units.length === 0) {
      await closeChunk(deps, fence, chunk.chapter);
      continue;
    }
    const customId = economyCustomId(t.id, ref.run, seq, chunk.attempt);
    const items = units.map((b, i) => ({ ...b, key: String(i + 1) }));
    requests.push({
      request: economyRequest(
        { customId, items, previousSource: chunk.previous ?? undefined },
        { from, to: t.targetLanguage, brief, model: client.model },
      ),
      chunk: { seq, attempt: chunk.attempt, units: units.map((b) => b.id) },
    });
  }

  let groupIndex = recorded.reduce((max, b) => Math.max(max, b.groupIndex + 1), 0);
  const deadline = new Date(deps.now().getTime() + economy.deadlineHours * 3_600_000);
  for (let i = 0; i < requests.length; i += economy.maxRequests) {
    const group = requests.slice(i, i + economy.maxRequests);
    const chunks = group.map((g) => g.chunk);
    const row = await batches.recordSubmitting(db, {
      translationId: t.id,
      run: ref.run,
      groupIndex: groupIndex++,
      chunks,
      requests: group.length,
      provider: client.provider,
      deadline,
    });
    if (!row) continue;
    await batches.setWaiting(db, t.id, true);
    let id: string;
    try {
      ({ id } = await client.submit(
        group.map((g) => g.request),
        { label: economyBatchLabel(row.id) },
      ));
    } catch (error) {
      deps.logger?.info({ translationId: t.id, err: error }, 'economy batch not confirmed');
      if (refused(error)) {
        // The provider answered no: nothing runs there, so the standard lane translates them now.
        await batches.close(db, row.id, ['submitting'], 'fallen_back', 'not_submitted');
        await queueChunks(
          deps,
          ref,
          chunks.map((c) => c.seq),
        );
      } else {
        // No answer: the provider may have taken it. Found by its label now or by a later poll,
        // it is polled as any; certainly never taken, its chunks go to the standard lane.
        await batches.noteProviderState(db, row.id, 'unconfirmed');
        await resolveSubmittingBatch(deps, client, row);
      }
      continue;
    }
    // Settled otherwise meanwhile (cancelled): the batch just made must not run for nothing.
    if (!(await batches.recordSubmitted(db, row.id, id, deps.now()))) await client.cancel(id);
  }
  if ((await batches.open(db, t.id)).length > 0)
    await queueEconomyPoll(deps, ref, economy.pollSeconds, deps.now());
  else await batches.setWaiting(db, t.id, false);
}

/**
 * The provider answered and said no (a 4xx), or our own check refused the requests before sending:
 * certainly no batch exists. A 5xx, a timeout or a dropped connection may follow an accepted batch.
 */
function refused(error: unknown): boolean {
  if (!isTranslatorError(error)) return false;
  if (error.status !== undefined) return error.status >= 400 && error.status < 500;
  return error.code === 'bad_request';
}
