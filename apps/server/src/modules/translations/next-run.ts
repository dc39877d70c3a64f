import type { Translation } from '@booktranslate/contract';
import type { Executor } from '../../db/database';
import type { NewTranslationRow, TranslationRow } from '../../db/schema/translations';
import { changeOwnTranslation } from './lock-own-translation';
import { queuePrepare } from './pipeline/pipeline-queue';
import { translationDto } from './translation-dto';
import { translationsRepository as repo } from './translations.repository';
import type { TranslationsDeps } from './translations-deps';

/**
 * The record's fields for another run of the same translation (retry, the rest of a preview): back to
 * pending under the new run number, with the last run's failure and timings cleared.
 */
export function nextRunFields(run: number) {
  return {
    status: 'pending' as const,
    run,
    failureReason: null,
    failureKind: null,
    estimatedCompletion: null,
    translatingStartedAt: null,
  };
}

/**
 * Another run of the owner's translation (404 for anyone else's): under the row lock, `prepare`
 * refuses what may not run again and answers the run's own fields (the credit it holds); the
 * record goes back to pending under the next run number and its prepare step is queued.
 */
export async function startNextRun(
  deps: TranslationsDeps,
  userId: string,
  id: string,
  prepare: (tx: Executor, t: TranslationRow, run: number) => Promise<Partial<NewTranslationRow>>,
): Promise<Translation> {
  const updated = await changeOwnTranslation(deps.db, userId, id, async (tx, t) => {
    const run = t.run + 1;
    return repo.update(tx, t.id, { ...(await prepare(tx, t, run)), ...nextRunFields(run) });
  });
  await queuePrepare(deps, { translationId: updated.id, run: updated.run });
  return translationDto(deps.db, updated);
}
