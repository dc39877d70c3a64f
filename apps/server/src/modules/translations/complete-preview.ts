import type { Translation } from '@booktranslate/contract';
import { AppError } from '../../errors';
import { keptOriginal } from '../books/kept-original';
import { translationPreview } from './library/translation-preview';
import { startNextRun } from './next-run';
import { WHOLE_BOOK_TIERS } from './start/credit-rules';
import { takeCredit } from './start/translation-credits';
import type { TranslationsDeps } from './translations-deps';

/**
 * POST /translations/{id}/complete/: the rest of a completed Free preview, on one paid credit
 * (BOOKWORM, else READER; 402 without one). A new run of the same translation without the word
 * limit: the prepare step plans only the blocks the translation memory does not hold, so the
 * preview's passages (and the owner's edits) are kept and not paid for twice. The new run holds the
 * paid credit: a failure gives it back like any other, and a retry takes a paid one again (decision 227).
 * 409 unless the translation is a completed preview; 404 for anyone else's.
 */
export function completePreview(deps: TranslationsDeps, userId: string, id: string): Promise<Translation> {
  return startNextRun(deps, userId, id, async (tx, t, run) => {
    const book = await keptOriginal(tx, t.bookId, { lock: false });
    if (t.status !== 'completed' || !translationPreview(t, book.wordCount)) {
      throw new AppError(
        'CONFLICT',
        'Only a completed Free preview can have the rest of its book translated',
        {
          reason: 'not-a-preview',
          status: t.status,
        },
      );
    }
    const tier = await takeCredit(tx, userId, t.id, run, WHOLE_BOOK_TIERS);
    return { creditTier: tier, creditHeld: true, creditRun: run, wordLimit: null, completedAt: null };
  });
}
