// Why an uploaded book is refused (the 422's `details.reason`) and one sentence per reason, for the
// server's answers and failure reasons and the web's upload texts. No zod here, so the web app
// imports this file on its own (`@booktranslate/contract/book-refusals`).
import { formatNames, sourceFormats } from './formats';

/** Why a book cannot be read: the ebook library's error codes (EbookErrorCode). */
export const unreadableBookReasons = [
  'drm',
  'encrypted',
  'scanned',
  'legacy-doc',
  'archive-bomb',
  'unsafe-path',
  'doctype',
  'no-text',
  'wrong-format',
  'corrupt',
  'unsupported',
  'too-complex',
  'resource-limit',
] as const;
export type UnreadableBookReason = (typeof unreadableBookReasons)[number];

/** Every `details.reason` of a refused upload: an unreadable book, or an empty file. */
export const bookRefusalReasons = [...unreadableBookReasons, 'empty'] as const;
export type BookRefusalReason = (typeof bookRefusalReasons)[number];

/** Each reason in a reader's words. */
export const bookRefusalWords: Record<BookRefusalReason, string> = {
  drm: 'This book is protected by DRM (copy protection), so it cannot be read. Only DRM-free files can be translated.',
  encrypted: 'This file is password-protected. Open it, save a copy without the password and upload that.',
  scanned:
    'This PDF is scanned page images with no text layer. Export it with a text layer (OCR) and upload that.',
  'legacy-doc':
    'This is an old Word .doc file. Open it in Word or LibreOffice, save it as DOCX and upload that.',
  'archive-bomb': 'This book file is far larger once unpacked than a book can be.',
  'unsafe-path': 'This book file is built in an unsafe way and was refused.',
  doctype: 'This book file contains markup that is refused for safety.',
  'no-text': 'This book contains no text to translate.',
  'wrong-format': `This file is not an ${formatNames(sourceFormats)} book.`,
  corrupt: 'This book file is damaged and cannot be read.',
  unsupported: 'This book uses a format or feature that is not supported yet.',
  'too-complex':
    'This book is built in a way no real book is (too long, too deeply nested, or too many parts).',
  'resource-limit': 'Reading the book needed more memory or time than a book may take.',
  empty: 'This file is empty.',
};

/** True for a reason the contract knows (a `details.reason` read off the wire is only `unknown`). */
export function isBookRefusalReason(value: unknown): value is BookRefusalReason {
  return typeof value === 'string' && (bookRefusalReasons as readonly string[]).includes(value);
}
