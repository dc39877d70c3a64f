import { bookRefusalWords } from '@booktranslate/contract';
import type { EbookError, EbookErrorCode } from '@booktranslate/ebook';

// The contract's wording, one sentence per reason; typed by the ebook library's codes, so a new code
// without a sentence fails the typecheck.
const REASONS: Record<EbookErrorCode, string> = bookRefusalWords;

/**
 * Why a book cannot be read, in a sentence a reader understands (the upload's 415/422 answers and a
 * failed translation's reason), with the library's own detail after it.
 */
export function unreadableBookReason(error: EbookError): string {
  return `${REASONS[error.code] ?? 'The book cannot be read.'} (${error.message})`;
}
