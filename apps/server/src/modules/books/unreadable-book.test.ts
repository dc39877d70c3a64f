import { bookRefusalWords, unreadableBookReasons } from '@booktranslate/contract';
import { EbookError, type EbookErrorCode } from '@booktranslate/ebook';
import { describe, expect, it } from 'vitest';
import { unreadableBookReason } from './unreadable-book';

// Every code of the ebook library, checked by the typecheck both ways (`satisfies` with no extra key).
const everyCode = {
  drm: true,
  encrypted: true,
  scanned: true,
  'legacy-doc': true,
  'archive-bomb': true,
  'unsafe-path': true,
  doctype: true,
  'no-text': true,
  'wrong-format': true,
  corrupt: true,
  unsupported: true,
  'too-complex': true,
  'resource-limit': true,
} satisfies Record<EbookErrorCode, true>;

describe('unreadableBookReason', () => {
  it('has the contract’s reason list equal to the ebook library’s codes', () => {
    expect([...unreadableBookReasons].sort()).toEqual(Object.keys(everyCode).sort());
  });

  it.each(Object.keys(everyCode) as EbookErrorCode[])('words %s with the contract’s sentence', (code) => {
    expect(bookRefusalWords[code]).toMatch(/\.$/);
    expect(unreadableBookReason(new EbookError(code, 'detail'))).toBe(`${bookRefusalWords[code]} (detail)`);
  });
});
