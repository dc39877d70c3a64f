import type { Translation, TranslationStatus } from '@booktranslate/contract';
import { AppError } from '../../errors';
import { keptOriginal } from '../books/kept-original';
import { startNextRun } from './next-run';
import { WHOLE_BOOK_TIERS } from './start/credit-rules';
import { takeCredit } from './start/translation-credits';
import { canRetry } from './translation-status';
import type { TranslationsDeps } from './translations-deps';

/**
 * Retry of a failed or canceled translation: a new run resumes from the saved blocks. It takes a
 * credit again only when the previous one was given back (402 without one), and needs the book's
 * original (409 once it was deleted after the retry window). A translation that failed because of
 * its book (failure kind 'book') would fail the same way: 422 with the reason (decision 210).
 */
export function retryTranslation(deps: TranslationsDeps, userId: string, id: string): Promise<Translation> {
  return startNextRun(deps, userId, id, async (tx, t, run) => {
    if (!canRetry(t.status as TranslationStatus)) {
      throw new AppError('CONFLICT', 'Only a failed or canceled translation can be retried');
    }
    if (t.status === 'failed' && t.failureKind === 'book') {
      throw new AppError('UNPROCESSABLE', t.failureReason ?? 'The book cannot be read or written.', {
        reason: 'book',
      });
    }
    await keptOriginal(tx, t.bookId, { lock: false });
    // A whole book (no word limit) is never bought with a Free credit, also on a retry (decision 227).
    const tiers = t.wordLimit === null ? WHOLE_BOOK_TIERS : undefined;
    if (t.creditHeld) return {};
    return { creditTier: await takeCredit(tx, userId, t.id, run, tiers), creditHeld: true, creditRun: run };
  });
}
