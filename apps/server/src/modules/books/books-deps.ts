import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { JobSender } from '../translations/pipeline-deps';
import type { BookStorage } from './book-storage';
import type { BooksDeps } from './books.service';

/** What the books and translations routes need beyond the platform's dependencies. */
export interface BooksAppDeps {
  bookStorage?: BookStorage;
  jobSender?: JobSender;
  /** How often the progress stream reads the database (ms). */
  eventIntervalMs?: number;
}

/** The parts of the app's dependencies the books and translations routes use. */
export function booksDepsOf(deps: AppDeps & BooksAppDeps): BooksDeps & { eventIntervalMs: number } {
  return {
    db: deps.db,
    storage: deps.bookStorage ?? (unavailable() as BookStorage),
    jobs: deps.jobSender ?? (unavailable() as JobSender),
    eventIntervalMs: deps.eventIntervalMs ?? 1000,
  };
}

/** Without storage or a queue (an app built for other tests) book routes answer 503. */
function unavailable(): unknown {
  return new Proxy(
    {},
    {
      get: () => () => Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'Book storage is not configured')),
    },
  );
}
