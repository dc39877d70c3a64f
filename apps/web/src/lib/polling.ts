import { isInProgress } from './status';

export const POLL_MS = 15_000;

interface HasTranslations {
  translations: { status: string }[];
}

/**
 * The dashboard's refresh rule: every 15 s while any translation is in progress; stop when none is,
 * or when the last poll failed (the user reloads or acts to resume).
 */
export function pollInterval(
  books: readonly HasTranslations[] | undefined,
  lastPollFailed: boolean,
): number | false {
  if (lastPollFailed || !books) return false;
  return books.some((b) => b.translations.some((t) => isInProgress(t.status))) ? POLL_MS : false;
}
