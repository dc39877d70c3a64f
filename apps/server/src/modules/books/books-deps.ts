import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Queue } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import type { JobSender } from '../translations/pipeline-deps';
import { queueJobSender } from '../translations/translations.jobs';
import type { BookStorage } from './book-storage';
import type { BooksDeps } from './books.service';

/** How often the progress stream reads the database (ms); tests shorten it. */
export interface BooksAppDeps {
  eventIntervalMs?: number;
}

/**
 * The parts of the app's dependencies the books and translations routes use: the storage driver
 * and the queue (AppDeps carries them as health probes; the real objects have the full interfaces).
 */
export function booksDepsOf(deps: AppDeps & BooksAppDeps): BooksDeps & { eventIntervalMs: number } {
  const storage = deps.storage as Partial<Storage>;
  const queue = deps.queue as Partial<Queue>;
  return {
    db: deps.db,
    storage:
      typeof storage.writeStream === 'function' ? (storage as BookStorage) : (unavailable() as BookStorage),
    jobs: typeof queue.send === 'function' ? queueJobSender(queue as Queue) : (unavailable() as JobSender),
    eventIntervalMs: deps.eventIntervalMs ?? 1000,
  };
}

/** Without storage or a queue (an app built for other tests) book routes answer 503. */
function unavailable(): unknown {
  return new Proxy(
    {},
    {
      get: () => () =>
        Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'Book storage or the queue is not configured')),
    },
  );
}
