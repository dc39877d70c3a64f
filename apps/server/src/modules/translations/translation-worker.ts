import type { Config } from '../../config/env';
import type { Database } from '../../db/database';
import type { Queue } from '../../jobs/queue';
import type { JobHandlers } from '../../jobs/worker';
import type { Storage } from '../../storage/storage';
import { createEngineSelector } from './engine-selection';
import type { PipelineDeps } from './pipeline-deps';
import { queueJobSender, translationJobHandlers } from './translations.jobs';

/**
 * The pipeline's job handlers for a worker process, built from what main.ts already has.
 * @example await startWorker(queue, { ...translationWorkerHandlers({ config, db, storage, queue }) });
 */
export function translationWorkerHandlers(deps: {
  config: Config;
  db: Database;
  storage: Storage;
  queue: Queue;
}): JobHandlers {
  const pipeline: PipelineDeps = {
    db: deps.db,
    files: deps.storage,
    jobs: queueJobSender(deps.queue),
    engineFor: createEngineSelector(deps.config.translation),
    now: () => new Date(),
    concurrency: deps.config.translation.concurrency,
  };
  return translationJobHandlers(pipeline);
}
