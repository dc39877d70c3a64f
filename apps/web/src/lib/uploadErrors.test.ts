import { describe, expect, it } from 'vitest';
import { isFileRefused, uploadErrorMessage } from './uploadErrors';

describe('upload error texts', () => {
  it("uses the spec's texts when a proxy answers without our envelope", () => {
    expect(uploadErrorMessage({ code: 413, message: 'Server error occurred' })).toBe(
      'Upload failed with status 413',
    );
    expect(uploadErrorMessage({ code: 502, message: 'Server error occurred' })).toBe(
      'Upload failed with status 502',
    );
    expect(uploadErrorMessage({ code: 'UNKNOWN_ERROR', message: 'x' })).toBe('Upload failed');
  });

  it("names the book's problem in words, never the parser's", () => {
    const err = {
      code: 422,
      errorCode: 'UNPROCESSABLE',
      message: 'The book file is damaged and cannot be read. (invalid zip entry: crc mismatch)',
      details: { reason: 'corrupt' },
    };
    expect(uploadErrorMessage(err)).toBe('This book file is damaged and cannot be read.');
    expect(isFileRefused(err)).toBe(true);
    expect(isFileRefused({ code: 502 })).toBe(false);
  });
});
