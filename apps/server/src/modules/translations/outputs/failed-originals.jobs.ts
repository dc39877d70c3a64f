import type { Logger } from 'pino';
import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job';
import type { Queue } from '../../../jobs/queue';
import { handler, type JobHandlers, scheduleJob } from '../../../jobs/worker';
import { type ExpireFailedOriginalsDeps, expireFailedOriginals } from './expire-failed-originals';

/** What the handler uses of the worker's dependencies (its own type, as books.jobs.ts explains). */
export type FailedOriginalsWorkerDeps = ExpireFailedOriginalsDeps & {
  config: { storage: { failedOriginalRetentionHours: number } };
  queue: Pick<Queue, 'boss'>;
  logger: Pick<Logger, 'info' | 'error'>;
};

/** Every hour: deletes the originals of books whose translations failed and were not retried in time. */
export const failedOriginalsJob = defineJob({
  name: 'failed-originals-expiry',
  payload: z.object({}).passthrough(),
  policy: { retryLimit: 2, expireInSeconds: 30 * 60 },
});

export const failedOriginalsJobDefinitions = [failedOriginalsJob] as const;

export const FAILED_ORIGINALS_CRON = '23 * * * *';

/** The expiry's handler; also puts its schedule in place (pg-boss keeps one schedule per queue). */
export function failedOriginalsWorkerHandlers(deps: FailedOriginalsWorkerDeps): JobHandlers {
  scheduleJob(deps, failedOriginalsJob, FAILED_ORIGINALS_CRON);
  return {
    [failedOriginalsJob.name]: handler(failedOriginalsJob, async () => {
      const hours = deps.config.storage.failedOriginalRetentionHours;
      const { deleted, failed } = await expireFailedOriginals(deps, hours);
      if (deleted > 0)
        deps.logger.info({ deleted, retentionHours: hours }, 'originals of failed books deleted');
      if (failed > 0)
        deps.logger.error({ failed }, 'originals of failed books not deleted; retried next hour');
    }),
  };
}
