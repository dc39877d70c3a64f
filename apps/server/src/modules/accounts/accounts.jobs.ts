import type { Logger } from 'pino';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { Queue } from '../../jobs/queue';
import { handler, type JobHandlers, scheduleJob } from '../../jobs/worker';
import { purgeDueAccounts } from './purge-accounts';

/** What the handler uses of the worker's dependencies (the module list passes its WorkerDeps). */
export type AccountsWorkerDeps = Pick<Parameters<typeof purgeDueAccounts>[0], 'db' | 'storage' | 'clock'> & {
  queue: Pick<Queue, 'boss'>;
  logger: Pick<Logger, 'info' | 'error'>;
};

/** Daily: erases the accounts whose deletion is due (ACCOUNT_PURGE_AFTER_DAYS after the request). */
export const accountPurgeJob = defineJob({
  name: 'account-purge',
  payload: z.object({}).passthrough(),
  policy: { retryLimit: 5, expireInSeconds: 60 * 60 },
});

export const accountsJobDefinitions = [accountPurgeJob] as const;

/** 03:17 UTC every day: quiet hours, off the hour other jobs pick. */
export const ACCOUNT_PURGE_CRON = '17 3 * * *';

/** The purge handler; also puts the daily schedule in place (pg-boss keeps one schedule per queue). */
export function accountsWorkerHandlers(deps: AccountsWorkerDeps): JobHandlers {
  scheduleJob(deps, accountPurgeJob, ACCOUNT_PURGE_CRON);
  return {
    [accountPurgeJob.name]: handler(accountPurgeJob, async () => {
      await purgeDueAccounts({ db: deps.db, storage: deps.storage, clock: deps.clock, log: deps.logger });
    }),
  };
}
