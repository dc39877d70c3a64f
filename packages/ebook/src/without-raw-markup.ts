import type { Book } from './model';

/**
 * The chapters without the source markup of opaque inline elements (a formula's MathML, an inline
 * SVG): only the EPUB writer puts it back, and it takes it from the source the sandbox's child keeps,
 * so the caller never holds a textbook's formulas as strings (decision 242).
 * @example withoutRawMarkup(book.chapters)[0].blocks[0].inlines[0].raw // undefined
 */
export function withoutRawMarkup(chapters: Book['chapters']): Book['chapters'] {
  return chapters.map((chapter) => ({
    ...chapter,
    blocks: chapter.blocks.map((block) =>
      block.inlines.some((tag) => tag.raw !== undefined)
        ? { ...block, inlines: block.inlines.map(({ raw: _raw, ...tag }) => tag) }
        : block,
    ),
  }));
}
