import type { Translation } from '@booktranslate/contract';
import { AppError } from '../../../errors';
import { changeOwnTranslation } from '../lock-own-translation';
import { queueRemaining } from '../pipeline/pipeline-queue';
import { translationDto } from '../translation-dto';
import { translationsRepository as repo } from '../translations.repository';
import type { TranslationsDeps } from '../translations-deps';

/**
 * POST /translations/{id}/continue/: the user reviewed the glossary (or chose not to); the planned
 * chunks start, translated with the brief as it is now. 409 unless the translation is waiting.
 */
export async function continueTranslation(
  deps: TranslationsDeps,
  userId: string,
  id: string,
): Promise<Translation> {
  const updated = await changeOwnTranslation(deps.db, userId, id, async (tx, t) => {
    if (t.status !== 'reviewing')
      throw new AppError('CONFLICT', 'Only a translation waiting for its glossary review can be continued');
    return repo.update(tx, t.id, {
      status: 'translating',
      translatingStartedAt: new Date(),
      estimatedCompletion: null,
      retranslateTerms: null,
    });
  });
  await queueRemaining(deps, { translationId: updated.id, run: updated.run });
  return translationDto(deps.db, updated);
}
