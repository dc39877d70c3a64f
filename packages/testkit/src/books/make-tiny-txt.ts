import { runsOf, runText, type TinyBookOptions, withDefaults } from './tiny-book-content';

export interface TinyTxtOptions extends TinyBookOptions {
  /** Default 'utf-8' (no BOM). */
  encoding?: 'utf-8' | 'utf-8-bom' | 'utf-16le';
  /** Default '\n'. */
  newline?: '\n' | '\r\n';
}

/**
 * A small plain-text book: title and author lines, then each chapter heading and its paragraphs,
 * separated by blank lines (inline markup dropped).
 * @example new TextDecoder().decode(makeTinyTxt()).split('\n')[0] // 'A Tiny Book'
 */
export function makeTinyTxt(options: TinyTxtOptions = {}): Uint8Array {
  const book = withDefaults(options);
  const nl = options.newline ?? '\n';
  const blocks = [book.title, `by ${book.author}`];
  for (const chapter of book.chapters) {
    blocks.push(chapter.title);
    for (const paragraph of chapter.paragraphs) blocks.push(runsOf(paragraph).map(runText).join(''));
  }
  const text = blocks.join(nl + nl) + nl;
  const encoding = options.encoding ?? 'utf-8';
  if (encoding === 'utf-16le')
    return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
  const bom = encoding === 'utf-8-bom' ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0);
  return new Uint8Array(Buffer.concat([bom, Buffer.from(text, 'utf8')]));
}
