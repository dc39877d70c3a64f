import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { translations } from '../../db/schema/translations';
import { PIPELINE_JOBS } from './pipeline-deps';

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
    const [row] = await db
      .select({ userId: translations.userId })
      .from(translations)
      .where(eq(translations.id, translationId));
    return { translationId, userId: row?.userId };
  };
}
