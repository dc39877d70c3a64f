import type { Logger } from 'pino';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { Queue } from '../../jobs/queue';
import { handler, type JobHandlers, scheduleJob } from '../../jobs/worker';
import type { Storage } from '../../storage/storage';
import { sweepTemporaryFiles } from '../../storage/sweep-temporary-files';
import { sweepUploads } from './sweep-uploads';

/** What the handler uses of the worker's dependencies (the module list passes its WorkerDeps). */
export type BooksWorkerDeps = Pick<Parameters<typeof sweepUploads>[0], 'db' | 'clock'> & {
  storage: Parameters<typeof sweepUploads>[0]['storage'] & Pick<Storage, 'sweepTemporary'>;
  queue: Pick<Queue, 'boss'>;
  logger: Pick<Logger, 'info' | 'error'>;
};

/**
 * Every 10 minutes: deletes the files of direct-upload grants that expired unclaimed, and the
 * temporary files of writes that never finished.
 */
export const uploadSweepJob = defineJob({
  name: 'upload-sweep',
  payload: z.object({}).passthrough(),
  policy: { retryLimit: 2, expireInSeconds: 15 * 60 },
});

export const booksJobDefinitions = [uploadSweepJob] as const;

export const UPLOAD_SWEEP_CRON = '*/10 * * * *';

/** The sweeper's handler; also puts its schedule in place (pg-boss keeps one schedule per queue). */
export function booksWorkerHandlers(deps: BooksWorkerDeps): JobHandlers {
  scheduleJob(deps, uploadSweepJob, UPLOAD_SWEEP_CRON);
  return {
    [uploadSweepJob.name]: handler(uploadSweepJob, async () => {
      const deleted = await sweepUploads({ db: deps.db, storage: deps.storage, clock: deps.clock });
      if (deleted > 0) deps.logger.info({ deleted }, 'expired uploads swept');
      const temporary = await sweepTemporaryFiles(deps.storage, deps.clock.now());
      if (temporary > 0) deps.logger.info({ deleted: temporary }, 'unfinished temporary files swept');
    }),
  };
}
