import { defineJob } from '../../../jobs/define-job';
import { handler, type JobHandlers } from '../../../jobs/worker';
import { withSpendCeiling } from '../engines/spend-ceiling';
import { mergeTranslation } from './merge-translation';
import type { PipelineDeps } from './pipeline-deps';
import { failPoisonedStep, guardedStep } from './pipeline-jobs';
import { chunkPayload, PIPELINE_JOBS, runPayload } from './pipeline-queue';
import { prepareTranslation } from './prepare-translation';
import { translateChunkJob as translateChunk } from './translate-chunk';

/**
 * The pipeline's queues (decision 080). Heartbeats hand a dead worker's job to another worker
 * within about half a minute; retries with backoff ride out provider trouble; after the last retry
 * the handler fails the translation with a readable reason and gives the credit back.
 */
/** Prepare and merge: whole-book steps, few retries, long expiry. */
const STEP_POLICY = {
  retryLimit: 4,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 120,
  expireInSeconds: 1800,
  heartbeatSeconds: 15,
};

export const prepareTranslationJob = defineJob({
  name: PIPELINE_JOBS.prepare,
  payload: runPayload,
  policy: STEP_POLICY,
  concurrency: 2,
});

export const translateChunkJob = defineJob({
  name: PIPELINE_JOBS.chunk,
  payload: chunkPayload,
  policy: {
    retryLimit: 12,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 900,
    heartbeatSeconds: 15,
  },
  // Chunk jobs mostly wait on the provider; the provider limiter caps real requests per process.
  concurrency: 32,
  // 31 innocent chunks share a process with a killer: one more crash before they count as poison.
  crashLimit: 3,
});

export const mergeTranslationJob = defineJob({
  name: PIPELINE_JOBS.merge,
  payload: runPayload,
  policy: STEP_POLICY,
  concurrency: 2,
});

export const translationJobDefinitions = [
  prepareTranslationJob,
  translateChunkJob,
  mergeTranslationJob,
] as const;

/** The worker's handlers for the pipeline's queues. */
export function translationJobHandlers(deps: PipelineDeps): JobHandlers {
  const limit = (definition: { policy: { retryLimit: number } }) => definition.policy.retryLimit;
  const poisoned = (ref: { translationId: string; run: number }) => failPoisonedStep(deps, ref);
  return {
    [prepareTranslationJob.name]: handler(
      prepareTranslationJob,
      (ref, job) =>
        guardedStep(deps, ref, job, limit(prepareTranslationJob), () =>
          prepareTranslation(withSpendCeiling(deps, ref.translationId), ref),
        ),
      poisoned,
    ),
    [translateChunkJob.name]: handler(
      translateChunkJob,
      (ref, job) =>
        guardedStep(deps, ref, job, limit(translateChunkJob), () =>
          translateChunk(withSpendCeiling(deps, ref.translationId), ref, job.signal),
        ),
      poisoned,
    ),
    [mergeTranslationJob.name]: handler(
      mergeTranslationJob,
      (ref, job) =>
        guardedStep(deps, ref, job, limit(mergeTranslationJob), () =>
          // The QA step may ask the provider again for flagged blocks: within the same ceiling.
          mergeTranslation(withSpendCeiling(deps, ref.translationId), ref),
        ),
      poisoned,
    ),
  };
}
