import type { CreditTier, Translation, TranslationStatus } from '@booktranslate/contract';
import type { BookRow } from '../../../db/schema/books';
import type { ShownTranslationRow } from '../../../db/schema/translations';
import { progressPercent } from '../pipeline/translation-progress';
import { translationPreview } from './translation-preview';
import { waitOf } from './wait-of';

/** A translation row as the API shows it (spec section 3 fields, snake_case). */
export function toTranslationDto(t: ShownTranslationRow, book: BookRow): Translation {
  const progress = t.status === 'completed' ? 100 : progressPercent(t.wordsDone, t.wordsTotal);
  return {
    id: t.id,
    book_id: t.bookId,
    file_id: book.id,
    file_name: book.originalFilename,
    file_type: book.originalFormat as Translation['file_type'],
    file_size: book.fileSize,
    book_title: book.title,
    source_language: t.sourceLanguage ?? book.originalLanguage,
    target_language: t.targetLanguage,
    status: t.status as TranslationStatus,
    progress,
    progress_percentage: progress,
    failure_reason: t.failureReason,
    failure_kind: t.status === 'failed' && t.failureKind === 'book' ? 'book' : null,
    current_chapter: t.currentChapter,
    words_total: t.wordsTotal,
    words_done: Math.min(t.wordsDone, t.wordsTotal),
    words_from_memory: Math.min(t.wordsFromMemory, t.wordsDone, t.wordsTotal),
    word_limit: t.wordLimit,
    preview: translationPreview(t, book.wordCount),
    engine: t.engine,
    engine_is_demo: t.engine === 'demo',
    credit_tier: (t.creditTier as CreditTier | null) ?? null,
    rating: t.rating,
    rating_comment: t.ratingComment,
    output_file_id: t.status === 'completed' ? t.id : null,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    completed_at: t.completedAt?.toISOString() ?? null,
    estimated_completion: t.estimatedCompletion?.toISOString() ?? null,
    lane: t.lane === 'economy' ? 'economy' : 'standard',
    ...waitOf(t),
  };
}
