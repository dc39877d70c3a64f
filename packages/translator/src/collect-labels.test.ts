import type { Book, InlineTag } from '@booktranslate/ebook';
import { describe, expect, it } from 'vitest';
import { collectLabels } from './collect-labels';

const formula = (n: number, alttext: string | undefined, alt: string): InlineTag => ({
  n,
  kind: 'other',
  empty: true,
  tag: 'math',
  attrs: alttext === undefined ? {} : ({ alttext } as Record<string, string>),
  raw: '<math/>',
  alt,
});

const book: Book = {
  format: 'epub',
  metadata: { title: 'Linear Algebra', authors: [], language: 'en', identifiers: [] },
  chapters: [
    {
      id: 'c1',
      title: 'Systems',
      blocks: [
        {
          id: 'c1.b1',
          kind: 'paragraph',
          text: 'Let <x1/> and <x2/> and <x3/>.',
          inlines: [
            formula(1, 'x squared plus one', 'x squared plus one'),
            formula(2, 'Alternative text not available', 'A = L U'),
            formula(3, undefined, 'y + 2'),
          ],
        },
      ],
    },
  ],
  toc: [],
  resources: [],
  navLabels: ['Contents', 'Landmarks', 'Begin Reading', '1'],
};

describe('collectLabels', () => {
  it('takes formula descriptions and the navigation words to translate, never a formula’s symbols', () => {
    const texts = collectLabels(book).labels.map((label) => label.text);
    expect(texts).toEqual(
      expect.arrayContaining(['x squared plus one', 'Contents', 'Landmarks', 'Begin Reading']),
    );
    expect(texts).not.toContain('A = L U');
    expect(texts).not.toContain('y + 2');
    expect(texts).not.toContain('Alternative text not available');
  });
});
