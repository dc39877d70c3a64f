import type { AppDeps } from '../../deps';
import type { JobSender } from '../translations/pipeline-deps';
import type { BookStorage } from './book-storage';
import type { BooksDeps } from './books.service';

/** The parts of the app's dependencies the books and translations routes use. */
export function booksDepsOf(deps: AppDeps): BooksDeps & { eventIntervalMs: number } {
  const full = deps as AppDeps & {
    bookStorage?: BookStorage;
    jobSender?: JobSender;
    eventIntervalMs?: number;
  };
  if (!full.bookStorage || !full.jobSender)
    throw new Error('books module: storage and queue are not configured');
  return {
    db: deps.db,
    storage: full.bookStorage,
    jobs: full.jobSender,
    eventIntervalMs: full.eventIntervalMs ?? 1000,
  };
}
