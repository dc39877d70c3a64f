import type { Logger } from 'pino';
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import type { Clock } from '../deps';
import { booksWorkerHandlers } from '../modules/books/books.jobs';
import { failedOriginalsWorkerHandlers, translationWorkerHandlers } from '../modules/translations';
import { usersWorkerHandlers } from '../modules/users/users.jobs';
import type { Storage } from '../storage/storage';
import type { Queue } from './queue';
import type { JobHandlers } from './worker';

/** What job handlers may use; each module's handler factory takes the parts it needs. */
export interface WorkerDeps {
  config: Config;
  db: Database;
  queue: Queue;
  storage: Storage;
  logger: Logger;
  clock: Clock;
}

/**
 * The handler for every job in registry.ts, by name. Add a module's handlers here together with its
 * definitions; the worker refuses to start while one is missing.
 */
export function buildJobHandlers(deps: WorkerDeps): JobHandlers {
  return {
    ...translationWorkerHandlers(deps),
    ...usersWorkerHandlers(deps),
    ...booksWorkerHandlers(deps),
    ...failedOriginalsWorkerHandlers(deps),
  };
}
