import { z } from 'zod';
import type { Executor } from '../../../db/database';
import type { Queue } from '../../../jobs/queue';
import { translationMemoryRepository as memory } from '../translation-memory.repository';
import { translationsRepository } from '../translations.repository';
import { ownerChunkBacklog, prepareLine } from './chunk-backlog.repository';
import { chunkPriorities } from './fair-share';
import { pipelineJobId, type RunRef } from './pipeline-keys';

export const PIPELINE_JOBS = {
  prepare: 'translation-prepare',
  chunk: 'translation-chunk',
  merge: 'translation-merge',
  /** The economy lane (decision 291): a run's pending chunks sent as provider batches, then polled. */
  economySubmit: 'translation-economy-submit',
  economyPoll: 'translation-economy-poll',
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
  [PIPELINE_JOBS.economySubmit]: z.input<typeof runPayload>;
  [PIPELINE_JOBS.economyPoll]: z.input<typeof runPayload>;
}

/**
 * Enqueues a job; `id` makes the send idempotent (the same id is never queued twice). Higher
 * `priority` is fetched first (fair shares between users, decision 160).
 */
export interface JobSender {
  send<N extends PipelineJobName>(
    name: N,
    data: PipelinePayloads[N],
    options: { id: string; priority?: number | undefined; startAfter?: number; group?: string },
  ): Promise<void>;
  /** Enqueues many jobs of one queue at once (one statement), each idempotent by its id. */
  sendMany<N extends PipelineJobName>(
    name: N,
    jobs: {
      data: PipelinePayloads[N];
      options: { id: string; priority?: number | undefined; startAfter?: number };
    }[],
  ): Promise<void>;
}

/** The pipeline's way of sending jobs, on the app's queue. */
export function queueJobSender(queue: Pick<Queue, 'send' | 'sendMany'>): JobSender {
  return {
    async send(name, data, options) {
      await queue.send(name, data, {
        id: options.id,
        priority: options.priority,
        ...(options.startAfter !== undefined && { startAfter: options.startAfter }),
        ...(options.group !== undefined && { group: options.group }),
      });
    },
    async sendMany(name, jobs) {
      await queue.sendMany(
        name,
        jobs.map(({ data, options }) => ({ payload: data, options })),
      );
    },
  };
}

interface QueueDeps {
  db: Executor;
  jobs: JobSender;
}

/**
 * Queues the prepare step of a run, behind the owner's other unfinished translations and in the
 * owner's group, whose prepare steps run at most two at a time (decision 160).
 */
export async function queuePrepare(deps: QueueDeps, ref: RunRef): Promise<void> {
  const line = await prepareLine(deps.db, ref.translationId);
  const [priority] = chunkPriorities(line?.unfinished ?? 0, 1);
  await deps.jobs.send(
    PIPELINE_JOBS.prepare,
    { ...ref },
    { id: pipelineJobId.prepare(ref), priority, ...(line && { group: line.userId }) },
  );
}

/**
 * Queues these chunks of a run in order, behind the chunks the owner already has waiting: in one
 * statement, so a wave's chunks are all there when the workers wake and start together.
 * `startAfter` (seconds) holds them back that long.
 */
export async function queueChunks(
  deps: QueueDeps,
  ref: RunRef,
  seqs: number[],
  options: { startAfter?: number } = {},
): Promise<void> {
  if (seqs.length === 0) return;
  const priorities = chunkPriorities(await ownerChunkBacklog(deps.db, ref.translationId), seqs.length);
  await deps.jobs.sendMany(
    PIPELINE_JOBS.chunk,
    seqs.map((seq, i) => ({
      data: { ...ref, seq },
      options: { id: pipelineJobId.chunk(ref, seq), priority: priorities[i], ...options },
    })),
  );
}

/** Queues the merge step of a run: once, whoever asks (the id is the run's). */
export async function queueMerge(deps: Pick<QueueDeps, 'jobs'>, ref: RunRef): Promise<void> {
  const data = { translationId: ref.translationId, run: ref.run };
  await deps.jobs.send(PIPELINE_JOBS.merge, data, { id: pipelineJobId.merge(ref) });
}

/**
 * Queues every chunk still to do (and the merge when none is left); ids make this idempotent. An
 * economy translation's chunks go to the economy lane's submit step instead, which decides (decision 291).
 */
export async function queueRemaining(deps: QueueDeps, ref: RunRef): Promise<void> {
  if ((await translationsRepository.findById(deps.db, ref.translationId))?.lane === 'economy') {
    await queueEconomySubmit(deps, ref);
    return;
  }
  const pending = await memory.queuedChunks(deps.db, ref.translationId, ref.run);
  if (pending.length > 0) await queueChunks(deps, ref, pending);
  else await queueMerge(deps, ref);
}

/** Queues the economy lane's submit step of a run: once (the id is the run's). */
export async function queueEconomySubmit(deps: Pick<QueueDeps, 'jobs'>, ref: RunRef): Promise<void> {
  const data = { translationId: ref.translationId, run: ref.run };
  await deps.jobs.send(PIPELINE_JOBS.economySubmit, data, { id: pipelineJobId.economySubmit(ref) });
}

/** Queues the poll of a run's provider batches `seconds` from now (one job per period). */
export async function queueEconomyPoll(
  deps: Pick<QueueDeps, 'jobs'>,
  ref: RunRef,
  seconds: number,
  now: Date,
): Promise<void> {
  const data = { translationId: ref.translationId, run: ref.run };
  const tick = Math.floor(now.getTime() / 1000 / seconds) + 1;
  await deps.jobs.send(PIPELINE_JOBS.economyPoll, data, {
    id: pipelineJobId.economyPoll(ref, tick),
    startAfter: seconds,
  });
}
