import { describe, expect, it } from 'vitest';
import { buildUrl } from './build-url';
import { filenameFromContentDisposition } from './content-disposition';

describe('filenameFromContentDisposition', () => {
  it.each([
    ["attachment; filename*=UTF-8''%D0%9A%D0%BD%D0%B8%D0%B3%D0%B0.fb2", 'Книга.fb2'],
    ['attachment; filename="war and peace.txt"', 'war and peace.txt'],
    ['attachment; filename=plain.epub', 'plain.epub'],
    ['attachment; filename="../../etc/passwd"', '.._.._etc_passwd'],
    ['attachment', 'translation_7.epub'],
    [null, 'translation_7.epub'],
  ])('%s -> %s', (header, expected) => {
    expect(filenameFromContentDisposition(header, 'translation_7.epub')).toBe(expected);
  });
});

describe('buildUrl', () => {
  it('fills and encodes params and appends the query', () => {
    expect(
      buildUrl(
        '/api/v1/',
        '/translations/:id/download-file/',
        { id: 'a/b' },
        { file_format: 'epub', x: undefined },
      ),
    ).toBe('/api/v1/translations/a%2Fb/download-file/?file_format=epub');
    expect(() => buildUrl('/api/v1', '/books/:id/')).toThrow('missing path parameter');
  });
});
