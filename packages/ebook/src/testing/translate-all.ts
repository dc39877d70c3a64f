import { applyTranslation } from '../apply-translation';
import type { Book } from '../model';
import { parsePlaceholders } from '../placeholders';

/**
 * Test helper: a "translation" of every block that changes each text run with `change` and keeps
 * the placeholders where they were.
 * @example translateAll(book, (s) => s.toUpperCase(), 'de')
 */
export function translateAll(book: Book, change: (text: string) => string, targetLanguage: string): Book {
  const map = new Map<string, string>();
  for (const chapter of book.chapters)
    for (const block of chapter.blocks)
      map.set(
        block.id,
        parsePlaceholders(block.text)
          .map((t) =>
            t.type === 'text'
              ? change(t.value)
              : t.type === 'empty'
                ? `<x${t.n}/>`
                : t.type === 'open'
                  ? `<g${t.n}>`
                  : `</g${t.n}>`,
          )
          .join(''),
      );
  return applyTranslation(book, map, { targetLanguage });
}
