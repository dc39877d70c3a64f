/**
 * The pipeline's state machine. Every status is written to the database when it is entered, so any
 * process can tell where a translation stands; the transitions below are the only ones the services
 * and jobs perform (cancel and fail may interrupt any working status).
 */
import { type TranslationStatus, translationStatuses } from '@booktranslate/contract';

export { cancelRefundsCredit, canRetry } from '@booktranslate/contract';

export type { TranslationStatus };
export const TRANSLATION_STATUSES = translationStatuses;

export const FINAL_STATUSES: readonly TranslationStatus[] = ['completed', 'failed', 'canceled'];

/** Statuses in which work is still to be done (the dashboard polls while any is present). */
export const WORKING_STATUSES: readonly TranslationStatus[] = TRANSLATION_STATUSES.filter(
  (status) => !FINAL_STATUSES.includes(status),
);

/** The happy path, in order; each step may only move to the next one. */
const FORWARD: Partial<Record<TranslationStatus, TranslationStatus>> = {
  pending: 'loading',
  loading: 'parsing',
  parsing: 'analyzing',
  analyzing: 'chunking',
  processing: 'chunking',
  chunking: 'translating',
  translating: 'merging',
  merging: 'completed',
};

export function isWorking(status: TranslationStatus): boolean {
  return WORKING_STATUSES.includes(status);
}

/** Whether the pipeline may move `from` to `to` (cancel/fail from any working status; retry from failed or canceled). */
export function canTransition(from: TranslationStatus, to: TranslationStatus): boolean {
  if (to === 'failed' || to === 'canceled') return isWorking(from);
  if (to === 'pending') return from === 'failed' || from === 'canceled' || from === 'completed';
  // The optional glossary review sits between planning and translating.
  if (from === 'chunking' && to === 'reviewing') return true;
  if (from === 'reviewing' && to === 'translating') return true;
  // A brief edited after completion re-translates some blocks: completed goes back to chunking.
  if (from === 'completed' && to === 'chunking') return true;
  return FORWARD[from] === to;
}
