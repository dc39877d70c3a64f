import { describe, expect, it } from 'vitest';
import { textlessPagesNote } from './textless-pages-note';

describe('textlessPagesNote', () => {
  it('names one page, joins runs of pages and counts what is past eight runs', () => {
    expect(textlessPagesNote([1])).toBe(
      'Page 1 holds no text (a picture or a scanned page): anything written on it is not translated.',
    );
    expect(textlessPagesNote([3, 7, 12, 13, 14, 15])).toMatch(/^Pages 3, 7 and 12-15 hold no text/);
    const many = Array.from({ length: 20 }, (_, i) => i * 2 + 1);
    expect(textlessPagesNote(many)).toMatch(/^Pages 1, 3, 5, 7, 9, 11, 13, 15 and 12 more hold/);
  });
});
