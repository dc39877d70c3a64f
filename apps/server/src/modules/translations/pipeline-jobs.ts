import { isTranslatorError } from '@booktranslate/translator';
import { z } from 'zod';
import { failTranslation } from './fail-translation';
import { failureReason, isPermanent } from './failure-reason';
import { mergeTranslation } from './merge-translation';
import { PIPELINE_JOBS, type PipelineDeps } from './pipeline-deps';
import { prepareTranslation } from './prepare-translation';
import { translateChunkJob } from './translate-chunk';

const RunPayload = z.object({ translationId: z.uuid(), run: z.number().int().min(1) });
const ChunkPayload = RunPayload.extend({ seq: z.number().int().min(0) });

/** What a handler learns about its job from the queue. */
export interface JobContext {
  retryCount: number;
  signal?: AbortSignal;
}

/**
 * Queue settings. Heartbeats let another worker take over a dead worker's job within about a
 * minute; retries with backoff ride out provider outages; after the last retry the translation
 * fails with a readable reason and its credit comes back.
 */
export const PIPELINE_JOB_OPTIONS = {
  [PIPELINE_JOBS.prepare]: {
    retryLimit: 4,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 1800,
    heartbeatSeconds: 15,
  },
  [PIPELINE_JOBS.chunk]: {
    retryLimit: 12,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 900,
    heartbeatSeconds: 15,
  },
  [PIPELINE_JOBS.merge]: {
    retryLimit: 4,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 1800,
    heartbeatSeconds: 15,
  },
} as const;

export const PIPELINE_PAYLOADS = {
  [PIPELINE_JOBS.prepare]: RunPayload,
  [PIPELINE_JOBS.chunk]: ChunkPayload,
  [PIPELINE_JOBS.merge]: RunPayload,
} as const;

/** The handlers, by queue name. Each is idempotent: it looks at the stored state first. */
export function pipelineHandlers(deps: PipelineDeps) {
  return {
    [PIPELINE_JOBS.prepare]: (data: unknown, job: JobContext) => {
      const ref = RunPayload.parse(data);
      return guarded(deps, ref, job, PIPELINE_JOB_OPTIONS[PIPELINE_JOBS.prepare].retryLimit, () =>
        prepareTranslation(deps, ref),
      );
    },
    [PIPELINE_JOBS.chunk]: (data: unknown, job: JobContext) => {
      const ref = ChunkPayload.parse(data);
      return guarded(deps, ref, job, PIPELINE_JOB_OPTIONS[PIPELINE_JOBS.chunk].retryLimit, () =>
        translateChunkJob(deps, ref, job.signal),
      );
    },
    [PIPELINE_JOBS.merge]: (data: unknown, job: JobContext) => {
      const ref = RunPayload.parse(data);
      return guarded(deps, ref, job, PIPELINE_JOB_OPTIONS[PIPELINE_JOBS.merge].retryLimit, () =>
        mergeTranslation(deps, ref),
      );
    },
  };
}

/**
 * Runs a step; an error that no retry can fix, or the last retry's error, fails the translation
 * (and returns its credit) instead of going back to the queue.
 */
async function guarded(
  deps: PipelineDeps,
  ref: { translationId: string; run: number },
  job: JobContext,
  retryLimit: number,
  step: () => Promise<void>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    // An aborted job (shutdown, expiry) is the queue's to retry, never the book's failure.
    if (job.signal?.aborted || isTranslatorError(error, 'aborted')) throw error;
    if (!isPermanent(error) && job.retryCount < retryLimit) throw error;
    await failTranslation(deps.db, ref.translationId, ref.run, failureReason(error));
  }
}
