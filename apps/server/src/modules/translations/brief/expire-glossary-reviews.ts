import { reviewExpiredReason } from '@booktranslate/contract';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../deps';
import { failTranslation } from '../pipeline/fail-translation';
import { translationsRepository as repo } from '../translations.repository';

const HOUR_MS = 3600_000;
/** Translations looked at per run; the job runs every hour, so a backlog drains over a few runs. */
const BATCH = 500;

/**
 * Stops the translations that have waited for their glossary review longer than `hours` since
 * their last change (an edit of the glossary counts), giving each its credit back: a paused
 * translation never holds a credit for ever (decision 280). Returns how many stopped.
 * @example await expireGlossaryReviews({ db, clock }, 168) // 2
 */
export async function expireGlossaryReviews(
  deps: { db: Database; clock: Clock },
  hours: number,
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - hours * HOUR_MS);
  let stopped = 0;
  for (const { id, run } of await repo.reviewsBefore(deps.db, before, BATCH)) {
    // Checked again on the locked row: a Continue or a glossary edit in between keeps it.
    const still = (t: { status: string; updatedAt: Date }) =>
      t.status === 'reviewing' && t.updatedAt < before;
    if (await failTranslation(deps.db, id, run, reviewExpiredReason(hours), { onlyIf: still })) stopped++;
  }
  return stopped;
}
