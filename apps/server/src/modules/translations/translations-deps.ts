import type { AppDeps } from '../../deps';
import type { BooksDeps } from '../books/books.service';
import { type BooksAppDeps, booksDepsOf } from '../books/books-deps';
import { economyWay } from './economy/economy-settings';
import { type JobSender, queueJobSender } from './pipeline/pipeline-queue';

/** What the translations services use: the books' database and storage, and the pipeline's queue. */
export interface TranslationsDeps extends BooksDeps {
  jobs: JobSender;
  /** Whether a translation may start in the economy lane (decision 291). */
  economyLane?: boolean;
}

/** The translations routes' dependencies: the books' ones and the app's queue. */
export function translationsDepsOf(
  deps: AppDeps & BooksAppDeps,
): TranslationsDeps & { eventIntervalMs: number } {
  return {
    ...booksDepsOf(deps),
    jobs: queueJobSender(deps.queue),
    economyLane: economyWay(deps.config.translation) !== null,
  };
}
