import {
  type BatchClient,
  type BatchResult,
  type BlockNote,
  economyOutcome,
  knownPrice,
  memoryKeyOf,
  sourceLanguageCheck,
} from '@booktranslate/translator';
import type { EconomyBatchRow } from '../../../db/schema/economy-batches';
import type { TranslationRow } from '../../../db/schema/translations';
import { providerCostSaved, providerRequestsByLane } from '../../../metrics/metrics-registry';
import { toEngineBrief } from '../brief/engine-brief';
import { providerSpendRepository as spend } from '../engines/provider-spend.repository';
import { chunkMemory } from '../pipeline/chunk-memory';
import { closeChunk } from '../pipeline/close-chunk';
import type { PipelineDeps } from '../pipeline/pipeline-deps';
import type { RunRef } from '../pipeline/pipeline-keys';
import { queueChunks, queueEconomyPoll } from '../pipeline/pipeline-queue';
import { qaReportRepository as qaReports } from '../quality/qa-report.repository';
import { translationMemoryRepository as memory } from '../translation-memory.repository';
import { translationsRepository as repo } from '../translations.repository';
import { economyBatchesRepository as batches } from './economy-batches.repository';
import { economyCustomId } from './economy-custom-id';
import { findBatch, resolveSubmittingBatch } from './resolve-submitting-batch';

/**
 * The economy lane's poll step (decision 291): asks the provider about each open batch of the run.
 * An answered batch (ended, expired, cancelled) has its results checked and saved block by block
 * through the standard lane's save path, its chunks closed, and every block that failed handed to the
 * standard lane (whose chunk job asks only for what is not saved). A failed batch, or one past its
 * deadline, hands its chunks over too. A batch recorded without the provider's id is looked up by
 * its label first (`resolveSubmittingBatch`). A translation cancelled, failed, deleted or retried cancels
 * its open batches. Safe to run again: saves are idempotent and fenced, and the usage is counted in
 * the same transaction that closes the batch.
 */
export async function pollEconomyBatches(deps: PipelineDeps, ref: RunRef): Promise<void> {
  const { db } = deps;
  const client = deps.economy?.client;
  const t = await repo.findById(db, ref.translationId);
  const open = await batches.open(db, ref.translationId);
  if (!client) return;
  const current = t && t.run === ref.run && t.status === 'translating';
  for (const batch of open) {
    if (!current || batch.run !== ref.run) await cancelBatch(deps, client, batch);
    else await pollBatch(deps, client, t, batch);
  }
  if (!t) return;
  const left = await batches.open(db, t.id);
  if (current && left.length > 0)
    await queueEconomyPoll(deps, ref, deps.economy?.pollSeconds ?? 60, deps.now());
  else await batches.setWaiting(db, t.id, false);
}

async function cancelBatch(deps: PipelineDeps, client: BatchClient, batch: EconomyBatchRow): Promise<void> {
  // Without an id it may still run at the provider (an answer lost): found by its label, cancelled.
  let id = batch.providerBatchId;
  if (!id && batch.state === 'submitting') {
    const lookup = await findBatch(client, batch);
    if (lookup.state === 'found') id = lookup.id;
  }
  if (id) await client.cancel(id);
  await batches.close(deps.db, batch.id, ['submitting', 'submitted'], 'cancelled', 'cancelled');
}

async function pollBatch(
  deps: PipelineDeps,
  client: BatchClient,
  t: TranslationRow,
  batch: EconomyBatchRow,
): Promise<void> {
  let id = batch.providerBatchId;
  if (!id && batch.state === 'submitting') {
    // Recorded, never given its id: found by its label it is polled now; until then it waits.
    const resolved = await resolveSubmittingBatch(deps, client, batch);
    if (resolved.state !== 'found') return;
    id = resolved.id;
  } else if (!id || batch.state !== 'submitted') return;
  let status = await client.status(id);
  if (status.state === 'in_progress' && deps.now() >= batch.deadline) {
    // Past the deadline: cancelled, its finished part kept when the provider has settled it at once;
    // otherwise every chunk goes to the standard lane now (a later answer is fenced out).
    await client.cancel(id);
    status = await client.status(id);
    if (status.state === 'in_progress') {
      await batches.noteProviderState(deps.db, batch.id, 'cancelling');
      await saveResults(deps, client, t, batch, []);
      return;
    }
  }
  await batches.noteProviderState(deps.db, batch.id, status.state);
  if (status.state === 'in_progress') return;
  // The ids this batch was sent with: providers that do not return the requests answer by them.
  const customIds = batch.chunks.map((c) => economyCustomId(t.id, batch.run, c.seq, c.attempt));
  const results = status.state === 'failed' ? [] : await client.results(id, { customIds });
  await saveResults(deps, client, t, batch, results);
}

/** Saves every block that passes, then closes the batch (usage counted once) and its chunks. */
async function saveResults(
  deps: PipelineDeps,
  client: BatchClient,
  t: TranslationRow,
  batch: EconomyBatchRow,
  results: BatchResult[],
): Promise<void> {
  const { db } = deps;
  const byId = new Map(results.map((r) => [r.customId, r]));
  const from = t.sourceLanguage ?? 'en';
  const choice = await deps.engineFor(from, t.targetLanguage);
  const brief = toEngineBrief(t.brief);
  const checks = { stillInSource: await sourceLanguageCheck(from, t.targetLanguage) };
  const price = knownPrice(client.model);
  const keyOf = memoryKeyOf({ from, to: t.targetLanguage, engine: choice.engine, brief });
  const usage = { requests: 0, inputTokens: 0, outputTokens: 0, reasoningTokens: 0, standardUsd: 0 };
  const complete: { seq: number; attempt: number; chapter: string | null }[] = [];
  const notes: BlockNote[] = [];
  const incomplete: number[] = [];
  for (const planned of batch.chunks) {
    const chunk = await memory.chunkOf(db, t.id, batch.run, planned.seq);
    const result = byId.get(economyCustomId(t.id, batch.run, planned.seq, planned.attempt));
    const blocks = new Map(chunk?.blocks.map((b) => [b.id, b]));
    const items = planned.units.flatMap((unit, i) => {
      const block = blocks.get(unit);
      return block ? [{ ...block, key: String(i + 1) }] : [];
    });
    const outcome = economyOutcome(items, result, checks, brief, price);
    usage.requests += outcome.usage.requests;
    usage.inputTokens += outcome.usage.inputTokens;
    usage.outputTokens += outcome.usage.outputTokens;
    usage.reasoningTokens += outcome.usage.reasoningTokens ?? 0;
    usage.standardUsd += outcome.usage.costUsd ?? 0;
    // The standard lane owns the chunk now (or it is closed): nothing of this reply is saved.
    if (chunk?.status !== 'queued' || chunk.attempt !== planned.attempt) continue;
    const fence = { translationId: t.id, run: batch.run, seq: planned.seq, attempt: planned.attempt };
    const store = await chunkMemory(
      db,
      fence,
      chunk.blocks,
      { from, to: t.targetLanguage, engine: choice.engine, brief },
      t.userId,
    );
    for (const { item, text } of outcome.accepted) await store.put(keyOf(item.text), text);
    // A reply's rejected blocks, for the QA report (a request with no reply is no finding of the text).
    if (result?.reply)
      for (const { item, message } of outcome.failed)
        notes.push({
          blockId: item.blockId,
          kind: 'repaired',
          problem: message,
          repair: 'asked again in the standard lane',
        });
    await store.drain();
    if (outcome.failed.length === 0 && items.length === planned.units.length)
      complete.push({ ...planned, chapter: chunk.chapter });
    else incomplete.push(planned.seq);
  }
  // Chunks first, the batch last: a crash in between finds the batch open and does this again
  // (saves and closes are fenced, queued chunk jobs have fixed ids), and the usage is counted once.
  for (const chunk of complete)
    await closeChunk(
      deps,
      { translationId: t.id, run: batch.run, seq: chunk.seq, attempt: chunk.attempt },
      chunk.chapter,
    );
  if (incomplete.length > 0) await queueChunks(deps, { translationId: t.id, run: batch.run }, incomplete);
  const paid = usage.standardUsd * client.priceFactor;
  const saved = usage.standardUsd - paid;
  const state = results.length > 0 ? 'done' : 'fallen_back';
  const closed = await db.transaction(async (tx) => {
    if (!(await batches.close(tx, batch.id, ['submitted'], state))) return false;
    await spend.addUsage(tx, t.id, { ...usage, costUsd: paid, savedUsd: saved });
    await qaReports.addNotes(tx, t.id, batch.run, notes);
    return true;
  });
  if (closed) {
    providerRequestsByLane.inc({ lane: 'economy', way: 'batch' }, usage.requests);
    if (saved > 0) providerCostSaved.inc({ engine: client.provider, way: 'batch' }, saved);
  }
}
