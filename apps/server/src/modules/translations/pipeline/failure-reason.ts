import { isEbookError } from '@booktranslate/ebook';
import { isFatalError, isTranslatorError } from '@booktranslate/translator';
import { unreadableBookReason } from '../../books/unreadable-book';
import type { FailureKind } from './fail-translation';

/** A sentence a reader of the dashboard understands, never a stack trace or provider payload. */
export function failureReason(error: unknown): string {
  if (isEbookError(error)) return unreadableBookReason(error);
  if (isTranslatorError(error)) {
    const reasons: Record<string, string> = {
      quota_exhausted: 'The translation provider quota is exhausted.',
      auth_failed: 'The translation provider rejected our credentials.',
      unsupported_language: 'This language pair is not supported by the translation engine.',
      engine_unavailable: 'The translation engine is unavailable.',
      block_failed: 'Some passages could not be translated after several attempts.',
    };
    return reasons[error.code] ?? `The translation provider failed repeatedly (${error.code}).`;
  }
  return 'An internal error stopped the translation.';
}

/**
 * What a failed translation records as its kind: 'book' when the book itself cannot be read or
 * written within the sandbox's bounds (any EbookError, the child's death included), which no retry
 * can change; null for everything else.
 */
export function failureKind(error: unknown): FailureKind | null {
  return isEbookError(error) ? 'book' : null;
}

/** Errors that a retry of the same job cannot fix: the translation fails at once. */
export function isPermanent(error: unknown): boolean {
  if (isEbookError(error)) return true;
  if (isTranslatorError(error)) return isFatalError(error) || !error.retryable;
  return false;
}
