import type { EbookError } from '@booktranslate/ebook';

const REASONS: Record<string, string> = {
  drm: 'The book is protected by DRM and cannot be read.',
  'archive-bomb': 'The book archive is too large when unpacked (a possible archive bomb).',
  'unsafe-path': 'The book archive contains unsafe file paths.',
  doctype: 'The book declares XML entities, which are refused for safety.',
  'no-text': 'The book contains no text to translate.',
  'wrong-format': 'The file is not a readable EPUB, FB2 or TXT book.',
  corrupt: 'The book file is damaged and cannot be read.',
  unsupported: 'The book uses a format or feature that is not supported.',
  'too-complex':
    'The book is built in a way no real book is (too long, too deeply nested, or too many parts).',
  'resource-limit': 'Reading the book needed more memory or time than a book may take.',
};

/**
 * Why a book cannot be read, in a sentence a reader understands (the upload's 415/422 answers and a
 * failed translation's reason).
 */
export function unreadableBookReason(error: EbookError): string {
  return `${REASONS[error.code] ?? 'The book cannot be read.'} (${error.message})`;
}
