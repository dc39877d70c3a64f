import { defineJob } from '../../../jobs/define-job';
import { handler, type JobHandlers } from '../../../jobs/worker';
import { pollEconomyBatches } from '../economy/poll-economy-batches';
import { submitEconomyBatches } from '../economy/submit-economy-batches';
import { withSpendCeiling } from '../engines/spend-ceiling';
import { mergeTranslation } from './merge-translation';
import type { PipelineDeps } from './pipeline-deps';
import { failPoisonedStep, guardedStep } from './pipeline-jobs';
import { chunkPayload, PIPELINE_JOBS, runPayload } from './pipeline-queue';
import { prepareTranslation } from './prepare-translation';
import { translateChunkJob as translateChunk } from './translate-chunk';

/**
 * The pipeline's queues (decision 080). A dead worker's job goes to another worker within about a
 * second (its presence connection is gone, decision 300; the heartbeat is the backstop); retries with
 * backoff ride out provider trouble; after the last retry the handler fails the translation with a
 * readable reason and gives the credit back.
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

/**
 * Three prepare steps at once per worker, at most two of them one owner's (the group is the owner,
 * across all workers): a user who queues five books keeps a slot free for another user's book,
 * which otherwise waited for one of the five to be prepared (decision 160).
 */
export const prepareTranslationJob = defineJob({
  name: PIPELINE_JOBS.prepare,
  payload: runPayload,
  policy: STEP_POLICY,
  concurrency: 3,
  groupConcurrency: 2,
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

/** The economy lane (decision 291): sending a run's chunks as provider batches, then polling them. */
export const submitEconomyJob = defineJob({
  name: PIPELINE_JOBS.economySubmit,
  payload: runPayload,
  policy: STEP_POLICY,
  concurrency: 2,
});

export const pollEconomyJob = defineJob({
  name: PIPELINE_JOBS.economyPoll,
  payload: runPayload,
  // A provider unreachable for a while is waited out; the batch's deadline still applies after.
  policy: { ...STEP_POLICY, retryLimit: 20, retryDelayMax: 600 },
  concurrency: 2,
});

export const translationJobDefinitions = [
  prepareTranslationJob,
  translateChunkJob,
  mergeTranslationJob,
  submitEconomyJob,
  pollEconomyJob,
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
    [submitEconomyJob.name]: handler(
      submitEconomyJob,
      (ref, job) =>
        guardedStep(deps, ref, job, limit(submitEconomyJob), () =>
          submitEconomyBatches(withSpendCeiling(deps, ref.translationId), ref),
        ),
      poisoned,
    ),
    [pollEconomyJob.name]: handler(
      pollEconomyJob,
      (ref, job) => guardedStep(deps, ref, job, limit(pollEconomyJob), () => pollEconomyBatches(deps, ref)),
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
