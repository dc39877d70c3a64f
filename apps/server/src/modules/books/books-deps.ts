import type { AppDeps } from '../../deps';
import type { BooksDeps } from './books.service';

/** How often the progress stream reads the database (ms); tests shorten it. */
export interface BooksAppDeps {
  eventIntervalMs?: number;
}

/**
 * The parts of the app's dependencies the books and translations routes use. The translations
 * module adds the queue (translations-deps.ts).
 */
export function booksDepsOf(deps: AppDeps & BooksAppDeps): BooksDeps & { eventIntervalMs: number } {
  return { db: deps.db, storage: deps.storage, eventIntervalMs: deps.eventIntervalMs ?? 1000 };
}
