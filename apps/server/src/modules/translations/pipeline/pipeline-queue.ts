import { z } from 'zod';
import type { Executor } from '../../../db/database';
import type { Queue } from '../../../jobs/queue';
import { translationMemoryRepository as memory } from '../translation-memory.repository';
import { ownerChunkBacklog, ownerUnfinishedTranslations } from './chunk-backlog.repository';
import { chunkPriorities } from './fair-share';
import { pipelineJobId, type RunRef } from './pipeline-keys';

export const PIPELINE_JOBS = {
  prepare: 'translation-prepare',
  chunk: 'translation-chunk',
  merge: 'translation-merge',
} as const;

export type PipelineJobName = (typeof PIPELINE_JOBS)[keyof typeof PIPELINE_JOBS];

/** The payload of the prepare and merge steps: ids only (decision 080). */
export const runPayload = z.object({ translationId: z.uuid(), run: z.number().int().min(1) });
/** A chunk job names its chunk by its place in the run's plan. */
export const chunkPayload = runPayload.extend({ seq: z.number().int().min(0) });

/** What each of the pipeline's queues carries; `JobSender.send` takes only the payload of its queue. */
export interface PipelinePayloads {
  [PIPELINE_JOBS.prepare]: z.input<typeof runPayload>;
  [PIPELINE_JOBS.chunk]: z.input<typeof chunkPayload>;
  [PIPELINE_JOBS.merge]: z.input<typeof runPayload>;
}

/**
 * Enqueues a job; `id` makes the send idempotent (the same id is never queued twice). Higher
 * `priority` is fetched first (fair shares between users, decision 160).
 */
export interface JobSender {
  send<N extends PipelineJobName>(
    name: N,
    data: PipelinePayloads[N],
    options: { id: string; priority?: number | undefined },
  ): Promise<void>;
}

/** The pipeline's way of sending jobs, on the app's queue. */
export function queueJobSender(queue: Pick<Queue, 'send'>): JobSender {
  return {
    async send(name, data, options) {
      await queue.send(name, data, { id: options.id, priority: options.priority });
    },
  };
}

interface QueueDeps {
  db: Executor;
  jobs: JobSender;
}

/** Queues the prepare step of a run, behind the owner's other unfinished translations (decision 160). */
export async function queuePrepare(deps: QueueDeps, ref: RunRef): Promise<void> {
  const ahead = await ownerUnfinishedTranslations(deps.db, ref.translationId);
  const [priority] = chunkPriorities(ahead, 1);
  await deps.jobs.send(PIPELINE_JOBS.prepare, { ...ref }, { id: pipelineJobId.prepare(ref), priority });
}

/** Queues these chunks of a run in order, behind the chunks the owner already has waiting. */
export async function queueChunks(deps: QueueDeps, ref: RunRef, seqs: number[]): Promise<void> {
  const priorities = chunkPriorities(await ownerChunkBacklog(deps.db, ref.translationId), seqs.length);
  for (const [i, seq] of seqs.entries()) {
    const id = pipelineJobId.chunk(ref, seq);
    await deps.jobs.send(PIPELINE_JOBS.chunk, { ...ref, seq }, { id, priority: priorities[i] });
  }
}

/** Queues the merge step of a run: once, whoever asks (the id is the run's). */
export async function queueMerge(deps: Pick<QueueDeps, 'jobs'>, ref: RunRef): Promise<void> {
  const data = { translationId: ref.translationId, run: ref.run };
  await deps.jobs.send(PIPELINE_JOBS.merge, data, { id: pipelineJobId.merge(ref) });
}

/** Queues every chunk still to do (and the merge when none is left); ids make this idempotent. */
export async function queueRemaining(deps: QueueDeps, ref: RunRef): Promise<void> {
  const pending = await memory.queuedChunks(deps.db, ref.translationId, ref.run);
  if (pending.length > 0) await queueChunks(deps, ref, pending);
  else await queueMerge(deps, ref);
}
