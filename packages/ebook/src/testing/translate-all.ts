import { applyTranslation } from '../apply-translation';
import type { Book } from '../model';
import { parsePlaceholders } from '../placeholders';

/**
 * Test helper: each block's text with every text run changed by `change` and the placeholders kept
 * where they were, keyed by block id (what applyTranslation takes).
 * @example changeTexts(book, (s) => s.toUpperCase()).get('c1-b1') // 'IT WAS <g1>DARK</g1>'
 */
export function changeTexts(book: Book, change: (text: string) => string): Map<string, string> {
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
  return map;
}

/**
 * Test helper: a "translation" of every block that changes each text run with `change` and keeps
 * the placeholders where they were.
 * @example translateAll(book, (s) => s.toUpperCase(), 'de')
 */
export function translateAll(book: Book, change: (text: string) => string, targetLanguage: string): Book {
  return applyTranslation(book, changeTexts(book, change), { targetLanguage });
}
