import type { Config } from '../../../config/env';
import type { Database } from '../../../db/database';
import type { Queue } from '../../../jobs/queue';
import type { JobHandlers } from '../../../jobs/worker';
import type { Storage } from '../../../storage/storage';
import { mailerFor } from '../../mail/mailer';
import { notifyTranslationFinished } from '../../mail/notify-translation';
import { economyDepsOf } from '../economy/economy-settings';
import { createEngineSelector } from '../engines/engine-selection';
import { mailBook } from '../outputs/mail-book';
import type { PipelineDeps } from './pipeline-deps';
import { queueJobSender } from './pipeline-queue';
import { translationJobHandlers } from './translations.jobs';

type PipelineLogger = NonNullable<PipelineDeps['logger']> &
  NonNullable<Parameters<typeof notifyTranslationFinished>[0]['logger']>;

/**
 * The pipeline's job handlers for a worker process, built from what main.ts already has.
 * @example await startWorker(queue, { ...translationWorkerHandlers({ config, db, storage, queue }) });
 */
export function translationWorkerHandlers(deps: {
  config: Config;
  db: Database;
  storage: Storage;
  queue: Queue;
  logger?: PipelineLogger;
  /** What other modules do once a translation has finished (Send to Kindle's "send when finished"). */
  translationFinished?: (translationId: string) => Promise<void>;
}): JobHandlers {
  // Built once for the worker's life, like the engines (decision 190).
  const mailer = mailerFor(deps.config.mail);
  const pipeline: PipelineDeps = {
    db: deps.db,
    files: deps.storage,
    jobs: queueJobSender(deps.queue),
    engineFor: createEngineSelector(deps.config.translation),
    now: () => new Date(),
    concurrency: deps.config.translation.concurrency,
    spendCeiling: deps.config.translation.spendCeiling,
    economy: economyDepsOf(deps.config.translation),
    ...(deps.logger && { logger: deps.logger }),
    notify: async (translationId) => {
      const book = (id: string) =>
        mailBook(
          { db: deps.db, files: deps.storage },
          { maxBytes: deps.config.mail.bookAttachmentMaxBytes, publicUrl: deps.config.publicUrl },
          id,
        );
      const sent = await notifyTranslationFinished(
        { db: deps.db, config: deps.config, logger: deps.logger, mailer, book },
        translationId,
      );
      await deps
        .translationFinished?.(translationId)
        .catch((error: unknown) =>
          deps.logger?.warn({ err: error, translationId }, 'after-finish steps failed'),
        );
      return sent;
    },
  };
  return translationJobHandlers(pipeline);
}
