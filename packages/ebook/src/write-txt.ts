import { bilingualPair } from './bilingual-pair';
import { layoutOf } from './block-layout';
import type { Block, Book } from './model';
import type { WriteOptions } from './options';
import { readableText } from './readable-text';

/**
 * Writes a book as UTF-8 plain text: the notice first, a heading line for each chapter, a blank line
 * between paragraphs (verse lines kept together) and two before each heading; notes come last.
 * @example new TextDecoder().decode(await writeTxt(book)) // 'CHAPTER I.\n\nIt was a dark night.\n'
 */
export async function writeTxt(book: Book, options: WriteOptions = {}): Promise<Uint8Array> {
  const out: string[] = [];
  const paragraph = (text: string) => out.push(text, '');
  if (options.notice) paragraph(options.notice.trim());
  for (const chapter of book.chapters) {
    if (out.length > 0) out.push('');
    const first = chapter.blocks[0];
    if (chapter.title && !(first && first.kind === 'heading')) paragraph(chapter.title);
    let previous: Block | undefined;
    for (const block of chapter.blocks) {
      // Two blank lines before a heading run and after it, as the reader expects around titles.
      if (block.kind === 'heading' && previous && previous.kind !== 'heading') out.push('');
      if (block.kind !== 'heading' && previous?.kind === 'heading') out.push('');
      const lines = bilingualPair(block, options.layout).map((text, i) =>
        i === 1 ? flat(text, block).replace(/^/gm, '    ') : flat(text, block),
      );
      if (sameStanza(previous, block) && lines.length === 1 && out[out.length - 1] === '') out.pop();
      for (const line of lines) if (line.trim() !== '') paragraph(line);
      previous = block;
    }
  }
  return new TextEncoder().encode(
    `${out
      .join('\n')
      .replace(/\n{3,}$/, '\n')
      .trimEnd()}\n`,
  );
}

// Only a line with a tab, a CR or two spaces in a row has a run to squash: most lines are left as they are.
const SPACE_TO_SQUASH = /[\r\t]| {2}/;

// A block is one line: inner line breaks (<br/> too) and runs of spaces become single spaces. A verse
// block's <br/> separates its lines (a stanza written as one paragraph): they stay lines.
function flat(text: string, block: Block): string {
  const verse = block.kind === 'poem-line';
  return readableText(text, block.inlines, verse ? '\n' : ' ')
    .split('\n')
    .map((line) => (SPACE_TO_SQUASH.test(line) ? line.replace(/[\r\t ]+/g, ' ') : line).trim())
    .filter((line) => verse || line !== '')
    .join(verse ? '\n' : ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/**
 * Verse lines of one stanza go on consecutive lines: the stanza a reader gave them, else any run of
 * one-line verse blocks. A block holding several lines is a stanza of its own.
 */
function sameStanza(previous: Block | undefined, block: Block): boolean {
  if (block.kind !== 'poem-line' || previous?.kind !== 'poem-line') return false;
  if (hasLineBreak(block) || hasLineBreak(previous)) return false;
  const [a, b] = [layoutOf(previous), layoutOf(block)];
  return a.group === b.group && a.stanza === b.stanza;
}

function hasLineBreak(block: Block): boolean {
  return block.inlines.some((tag) => tag.kind === 'linebreak');
}
