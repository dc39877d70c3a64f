import type { AppDeps } from '../../deps';
import type { BooksDeps } from '../books/books.service';
import { type BooksAppDeps, booksDepsOf } from '../books/books-deps';
import { type JobSender, queueJobSender } from './pipeline/pipeline-queue';

/** What the translations services use: the books' database and storage, and the pipeline's queue. */
export interface TranslationsDeps extends BooksDeps {
  jobs: JobSender;
}

/** The translations routes' dependencies: the books' ones and the app's queue. */
export function translationsDepsOf(
  deps: AppDeps & BooksAppDeps,
): TranslationsDeps & { eventIntervalMs: number } {
  return { ...booksDepsOf(deps), jobs: queueJobSender(deps.queue) };
}
