import type { Database } from '../../../db/database';
import { translationsRepository } from '../translations.repository';
import { PIPELINE_JOBS } from './pipeline-queue';

const pipelineJobs = new Set<string>(Object.values(PIPELINE_JOBS));

/**
 * The translation id and its owner's user id for the log lines of a pipeline job, so one book's
 * or one user's trouble can be followed across workers.
 * @example await startWorker(queue, handlers, { logger, logBindings: pipelineLogBindings(db) });
 */
export function pipelineLogBindings(db: Database) {
  return async (job: string, payload: unknown): Promise<Record<string, unknown>> => {
    const translationId = (payload as { translationId?: unknown }).translationId;
    if (!pipelineJobs.has(job) || typeof translationId !== 'string') return {};
    return { translationId, userId: await translationsRepository.ownerOf(db, translationId) };
  };
}
