import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../deps';
import { defineJob } from '../../../jobs/define-job';
import type { Queue } from '../../../jobs/queue';
import { handler, type JobHandlers, scheduleJob } from '../../../jobs/worker';
import { expireGlossaryReviews } from './expire-glossary-reviews';

/** What the handler uses of the worker's dependencies. */
export type GlossaryReviewsWorkerDeps = {
  db: Database;
  clock: Clock;
  config: { translation: { glossaryReviewHours: number } };
  queue: Pick<Queue, 'boss'>;
  logger: Pick<Logger, 'info' | 'error'>;
};

/** Every hour: stops the translations whose glossary review waited too long, credit given back. */
export const glossaryReviewsJob = defineJob({
  name: 'glossary-review-expiry',
  payload: z.object({}).passthrough(),
  policy: { retryLimit: 2, expireInSeconds: 30 * 60 },
});

export const glossaryReviewsJobDefinitions = [glossaryReviewsJob] as const;

export const GLOSSARY_REVIEWS_CRON = '41 * * * *';

/** The expiry's handler; also puts its schedule in place (pg-boss keeps one schedule per queue). */
export function glossaryReviewsWorkerHandlers(deps: GlossaryReviewsWorkerDeps): JobHandlers {
  scheduleJob(deps, glossaryReviewsJob, GLOSSARY_REVIEWS_CRON);
  return {
    [glossaryReviewsJob.name]: handler(glossaryReviewsJob, async () => {
      const hours = deps.config.translation.glossaryReviewHours;
      const stopped = await expireGlossaryReviews(deps, hours);
      if (stopped > 0) deps.logger.info({ stopped, reviewHours: hours }, 'glossary reviews expired');
    }),
  };
}
