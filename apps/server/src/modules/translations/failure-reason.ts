import { isEbookError } from '@booktranslate/ebook';
import { isFatalError, isTranslatorError } from '@booktranslate/translator';

/** A sentence a reader of the dashboard understands, never a stack trace or provider payload. */
export function failureReason(error: unknown): string {
  if (isEbookError(error)) {
    const reasons: Record<string, string> = {
      drm: 'The book is protected by DRM and cannot be read.',
      'archive-bomb': 'The book archive is too large when unpacked (a possible archive bomb).',
      'unsafe-path': 'The book archive contains unsafe file paths.',
      doctype: 'The book declares XML entities, which are refused for safety.',
      'no-text': 'The book contains no text to translate.',
      'wrong-format': 'The file is not a readable EPUB, FB2 or TXT book.',
      corrupt: 'The book file is damaged and cannot be read.',
      unsupported: 'The book uses a format or feature that is not supported.',
      'too-complex': 'The book is built in a way no real book is (too deeply nested, or too many parts).',
      'resource-limit': 'Reading the book needed more memory or time than a book may take.',
    };
    return `${reasons[error.code] ?? 'The book cannot be read.'} (${error.message})`;
  }
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

/** Errors that a retry of the same job cannot fix: the translation fails at once. */
export function isPermanent(error: unknown): boolean {
  if (isEbookError(error)) return true;
  if (isTranslatorError(error)) return isFatalError(error) || !error.retryable;
  return false;
}
