import type { TranslationEvent, TranslationStatus } from '@booktranslate/contract';
import { waitOf } from '../library/wait-of';
import { FINAL_STATUSES } from '../translation-status';
import type { TranslationProgressRow } from '../translations.repository';
import { progressPercent } from './translation-progress';

/** One read of a translation as its progress event, built once and sent to every stream watching it. */
export interface ProgressSnapshot {
  /** The event's JSON, as the `data:` line carries it. */
  data: string;
  /** A final status: the streams end after this event. */
  final: boolean;
}

export function progressSnapshot(row: TranslationProgressRow): ProgressSnapshot {
  const event = toEvent(row);
  return { data: JSON.stringify(event), final: FINAL_STATUSES.includes(event.status) };
}

function toEvent(t: TranslationProgressRow): TranslationEvent {
  return {
    id: t.id,
    status: t.status as TranslationStatus,
    progress: t.status === 'completed' ? 100 : progressPercent(t.wordsDone, t.wordsTotal),
    current_chapter: t.currentChapter,
    estimated_completion: t.estimatedCompletion?.toISOString() ?? null,
    failure_reason: t.failureReason,
    ...waitOf(t),
  };
}
