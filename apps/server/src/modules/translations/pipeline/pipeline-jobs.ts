import { isTranslatorError } from '@booktranslate/translator';
import { isSpendCeilingError } from '../engines/spend-ceiling';
import { expireUnreadableOriginal } from '../outputs/expire-failed-originals';
import { translationsRepository } from '../translations.repository';
import { failTranslation } from './fail-translation';
import { failureKind, failureReason, isPermanent } from './failure-reason';
import type { PipelineDeps } from './pipeline-deps';

/** What a handler learns about its job from the queue. */
export interface StepContext {
  retryCount: number;
  signal?: AbortSignal;
}

/**
 * Runs a pipeline step. An error that no retry can fix, or the last retry's error, fails the
 * translation (and returns its credit) instead of going back to the queue; anything else is
 * rethrown for the queue to retry.
 */
export async function guardedStep(
  deps: PipelineDeps,
  ref: { translationId: string; run: number },
  job: StepContext,
  retryLimit: number,
  step: () => Promise<void>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    // An aborted job (shutdown, expiry) is the queue's to retry, never the book's failure.
    if (job.signal?.aborted || isTranslatorError(error, 'aborted')) throw error;
    if (isSpendCeilingError(error)) {
      // The credit stays spent: given back, it would pay for the same provider work again.
      const reason =
        'The translation was stopped: it reached the most a translation may use of the translation provider. Please contact support.';
      if (await failTranslation(deps.db, ref.translationId, ref.run, reason, { keepCredit: true })) {
        await deps.notify?.(ref.translationId);
      }
      return;
    }
    if (!isPermanent(error) && job.retryCount < retryLimit) throw error;
    const kind = failureKind(error);
    if (await failTranslation(deps.db, ref.translationId, ref.run, failureReason(error), { kind })) {
      if (kind === 'book') await forgetUnreadableOriginal(deps, ref.translationId);
      await deps.notify?.(ref.translationId);
    }
  }
}

/** A book that failed for its own sake keeps no original: no retry can use it (decision 215). */
async function forgetUnreadableOriginal(deps: PipelineDeps, translationId: string): Promise<void> {
  const t = await translationsRepository.findById(deps.db, translationId);
  if (!t) return;
  const clock = { now: () => deps.now() };
  // The hourly expiry deletes it later when this fails (storage down): never the step's failure.
  await expireUnreadableOriginal({ db: deps.db, storage: deps.files, clock }, t.bookId).catch(() => false);
}

/** What the reader is told when a step of their translation is poison (decision 111). */
export const POISON_REASON =
  'Processing this book stopped the translation worker repeatedly, so it is not tried again.';

/**
 * The step's job kept killing its worker process (decision 111): the translation fails with a
 * reason and its credit back, once (later calls find it failed already).
 */
export async function failPoisonedStep(
  deps: PipelineDeps,
  ref: { translationId: string; run: number },
): Promise<void> {
  if (await failTranslation(deps.db, ref.translationId, ref.run, POISON_REASON))
    await deps.notify?.(ref.translationId);
}
