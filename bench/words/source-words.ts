import { readFileSync } from 'node:fs';
import { compareBags, epubSourceText, fb2SourceText, wordBag } from '@booktranslate/testkit';

/**
 * A corpus book's text read without our reader (string surgery on the markup): an EPUB's or an
 * FB2's, a plain text as the Windows-1251 the corpus's one TXT source is in.
 * @example wordBag(corpusSourceText('alice.epub', bytes))
 */
export function corpusSourceText(name: string, bytes: Uint8Array): string {
  if (name.endsWith('.epub')) return epubSourceText(bytes);
  if (name.endsWith('.fb2')) return fb2SourceText(bytes);
  return new TextDecoder('windows-1251').decode(bytes);
}

/**
 * How many of `source`'s words the text file `txt` keeps (each word as often as the source has it).
 * @example wordsKeptIn('a b b', 'out.txt') // { total: 3, kept: 2, missing: [['b', 1]] } when out.txt is "a b"
 */
export function wordsKeptIn(source: string, txt: string) {
  return compareBags(wordBag(source), wordBag(readFileSync(txt, 'utf8')));
}
