import type { Translation, TranslationStatus } from '@booktranslate/contract';
import { AppError } from '../../errors';
import { keptOriginal } from '../books/kept-original';
import { lockOwnTranslation } from './lock-own-translation';
import { nextRunFields } from './next-run';
import { queuePrepare } from './pipeline/pipeline-queue';
import { WHOLE_BOOK_TIERS } from './start/credit-rules';
import { takeCredit } from './start/translation-credits';
import { translationDto } from './translation-dto';
import { canRetry } from './translation-status';
import { translationsRepository as repo } from './translations.repository';
import type { TranslationsDeps } from './translations-deps';

/**
 * Retry of a failed or canceled translation: a new run resumes from the saved blocks. It takes a
 * credit again only when the previous one was given back (402 without one), and needs the book's
 * original (409 once it was deleted after the retry window). A translation that failed because of
 * its book (failure kind 'book') would fail the same way: 422 with the reason (decision 210).
 */
export async function retryTranslation(
  deps: TranslationsDeps,
  userId: string,
  id: string,
): Promise<Translation> {
  const updated = await deps.db.transaction(async (tx) => {
    const t = await lockOwnTranslation(tx, userId, id);
    if (!canRetry(t.status as TranslationStatus)) {
      throw new AppError('CONFLICT', 'Only a failed or canceled translation can be retried');
    }
    if (t.status === 'failed' && t.failureKind === 'book') {
      throw new AppError('UNPROCESSABLE', t.failureReason ?? 'The book cannot be read or written.', {
        reason: 'book',
      });
    }
    await keptOriginal(tx, t.bookId, { lock: false });
    const run = t.run + 1;
    // A whole book (no word limit) is never bought with a Free credit, also on a retry (decision 227).
    const tiers = t.wordLimit === null ? WHOLE_BOOK_TIERS : undefined;
    const credit = t.creditHeld
      ? {}
      : { creditTier: await takeCredit(tx, userId, t.id, run, tiers), creditHeld: true, creditRun: run };
    return repo.update(tx, t.id, {
      ...credit,
      ...nextRunFields(run),
    });
  });
  await queuePrepare(deps, { translationId: updated!.id, run: updated!.run });
  return translationDto(deps.db, updated!);
}
