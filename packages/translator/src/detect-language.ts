import { type Book, plainText } from '@booktranslate/ebook';
import { franc } from 'franc';
import { chooseSourceLanguage } from './choose-source-language';
import { fromIso3 } from './engines/iso-639-3';

/**
 * A book's source language: the declared one unless detection over the whole text is confident and
 * disagrees (see chooseSourceLanguage, which also says why); undefined when neither is known.
 * @example detectLanguage(book) // 'en'
 */
export function detectLanguage(book: Book): string | undefined {
  return chooseSourceLanguage(book).language;
}

/** Detects the language of a text, or undefined when unsure. */
export function detectTextLanguage(text: string): string | undefined {
  return fromIso3(franc(text, { minLength: 20 }));
}

/**
 * Up to `chars` characters of plain text taken from the start, middle and end of the body, so
 * front matter (licences, title pages) does not decide alone.
 */
export function sampleText(book: Book, chars: number): string {
  const blocks = book.chapters
    .filter((c) => c.role !== 'notes')
    .flatMap((c) => c.blocks)
    .map((b) => plainText(b.text))
    .filter((t) => /\p{L}/u.test(t));
  const used = new Set<number>();
  for (const start of [0, 0.3, 0.6, 0.85]) {
    let taken = 0;
    for (let i = Math.floor(blocks.length * start); i < blocks.length && taken < chars / 4; i++) {
      if (used.has(i)) break;
      used.add(i);
      taken += (blocks[i] as string).length;
    }
  }
  return [...used]
    .sort((a, b) => a - b)
    .map((i) => blocks[i])
    .join('\n')
    .slice(0, chars);
}
