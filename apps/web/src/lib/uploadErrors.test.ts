import { bookRefusalReasons, bookRefusalWords } from '@booktranslate/contract/book-refusals';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { isFileRefused, uploadErrorMessage } from './uploadErrors';

const answered = (status: number) => new ApiError(status, 'Server error occurred', { status });

describe('upload error texts', () => {
  it("uses the spec's texts when a proxy answers without our envelope", () => {
    expect(uploadErrorMessage(answered(413))).toBe('Upload failed with status 413');
    expect(uploadErrorMessage(answered(502))).toBe('Upload failed with status 502');
    expect(uploadErrorMessage(new ApiError('UNKNOWN_ERROR', 'x'))).toBe('Upload failed');
  });

  it("names the book's problem in words, never the parser's", () => {
    const err = new ApiError(
      422,
      'The book file is damaged and cannot be read. (invalid zip entry: crc mismatch)',
      { status: 422, errorCode: 'UNPROCESSABLE', details: { reason: 'corrupt' } },
    );
    expect(uploadErrorMessage(err)).toBe('This book file is damaged and cannot be read.');
    expect(isFileRefused(err)).toBe(true);
    expect(isFileRefused(answered(502))).toBe(false);
  });

  it.each(bookRefusalReasons)('words the refusal %s as the contract does', (reason) => {
    const err = new ApiError(422, 'The server’s sentence (detail)', {
      status: 422,
      errorCode: 'UNPROCESSABLE',
      details: { reason },
    });
    expect(uploadErrorMessage(err)).toBe(bookRefusalWords[reason]);
  });

  it('says why a book too complex to read was refused', () => {
    const err = new ApiError(422, 'x', {
      status: 422,
      errorCode: 'UNPROCESSABLE',
      details: { reason: 'too-complex' },
    });
    expect(uploadErrorMessage(err)).toBe(
      'This book is built in a way no real book is (too long, too deeply nested, or too many parts).',
    );
  });
});
